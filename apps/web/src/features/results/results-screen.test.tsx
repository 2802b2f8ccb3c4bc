import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import type { ResultFigures, ResultsResponse } from '@unban/contract/results';
import { LocaleIntl } from '../../test/locale-intl';
import { ResultsScreen } from './results-screen';

const withheld = { status: 'not_enough_cases', sampleSize: 2, minimumSample: 20 } as const;

const standard: ResultFigures = {
  casesClosed: 40,
  unbannedShare: { status: 'value', value: 0.875, sampleSize: 40 },
  refundedShare: { status: 'value', value: 0.1, sampleSize: 40 },
  medianSecondsToOutcome: { status: 'value', value: 2 * 86_400 + 3 * 3600, sampleSize: 40 },
  p90SecondsToOutcome: { status: 'value', value: 9 * 86_400, sampleSize: 40 },
  onTimeReplyShare: { status: 'value', value: 0.95, sampleSize: 60 },
};
const priority: ResultFigures = {
  casesClosed: 2,
  unbannedShare: withheld,
  refundedShare: withheld,
  medianSecondsToOutcome: withheld,
  p90SecondsToOutcome: withheld,
  onTimeReplyShare: withheld,
};
const results: ResultsResponse = {
  period: { start: '2026-08-27T12:00:00.000Z', end: '2026-11-25T12:00:00.000Z', days: 90 },
  minimumSample: 20,
  overall: { ...standard, casesClosed: 42 },
  plans: [
    { plan: 'standard', figures: standard },
    { plan: 'priority', figures: priority },
  ],
};

let fetchSpy: MockInstance<typeof fetch>;

beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith('/api/results')) throw new Error(`unexpected call to ${url}`);
    return new Response(JSON.stringify(results), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => fetchSpy.mockRestore());

function renderResults(locale: SupportedLocale = 'en') {
  const router = createMemoryRouter([{ path: '/', Component: ResultsScreen }]);
  return render(
    <LocaleIntl locale={locale}>
      <RouterProvider router={router} />
    </LocaleIntl>,
  );
}

const cell = (table: HTMLElement, row: string, column: number) =>
  within(table).getByRole('rowheader', { name: row }).closest('tr')?.querySelectorAll('td')[column];

describe('ResultsScreen', () => {
  it('states the period and shows each figure per plan, withholding thin samples', async () => {
    renderResults();
    const table = await screen.findByRole('table', {
      name: 'Outcomes from 27 August 2026 to 25 November 2026',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Our results' })).toBeVisible();
    expect(screen.getByText(/in the last 90 days/)).toBeVisible();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Figure', 'All plans', 'Standard', 'Priority']);

    expect(cell(table, 'Cases closed', 0)).toHaveTextContent('42');
    expect(cell(table, 'Unbanned', 1)).toHaveTextContent('88%');
    expect(cell(table, 'Median time from payment to outcome', 1)).toHaveTextContent(
      '2 days 3 hours',
    );
    expect(cell(table, '9 in 10 cases closed within', 1)).toHaveTextContent('9 days');
    expect(cell(table, 'Operator replies on time', 1)).toHaveTextContent('95%');
    expect(cell(table, 'Cases closed', 2)).toHaveTextContent('2');
    expect(cell(table, 'Unbanned', 2)).toHaveTextContent('Not enough cases yet (2 of 20 needed)');
    expect(document.title).toContain('Our results');
  });

  it('in Arabic: the words, dates, percents and durations are Arabic, the plans by their names', async () => {
    renderResults('ar');
    const table = await screen.findByRole('table', {
      name: 'النتائج من 27 أغسطس 2026 إلى 25 نوفمبر 2026',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'نتائجنا' })).toBeVisible();
    expect(screen.getByText(/خلال آخر 90 يومًا/)).toBeVisible();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['المؤشر', 'كل الباقات', 'العادية', 'الأولوية']);

    // Arabic writes the percent sign after left-to-right marks, so the figure keeps its order.
    expect(cell(table, 'فُكّ حظرها', 1)?.textContent).toBe('88\u200e%\u200e');
    // Two days is one word in Arabic (the dual), and the units are joined by "و".
    expect(cell(table, 'الوقت الوسيط من الدفع إلى النتيجة', 1)).toHaveTextContent('يومان و3 ساعات');
    expect(cell(table, '9 من كل 10 حالات أُغلقت خلال', 1)).toHaveTextContent('9 أيام');
    expect(cell(table, 'الحالات المغلقة', 0)).toHaveTextContent('42');
    expect(cell(table, 'فُكّ حظرها', 2)).toHaveTextContent(
      'لا توجد حالات كافية بعد (2 من 20 مطلوبة)',
    );
  });
});
