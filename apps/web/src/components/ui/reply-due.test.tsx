import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishIntl } from '../../test/english-intl';
import { LocaleIntl, intlIn } from '../../test/locale-intl';
import * as inLanguage from './reply-due';

const { ReplyDue } = inLanguage;
// The English page's words.
const formatDuration = (ms: number) => inLanguage.formatDuration(englishIntl, ms);
const timeLeft = (dueAt: string, now: number) => inLanguage.timeLeft(englishIntl, dueAt, now);

const NOW = Date.parse('2026-06-01T12:00:00Z');

afterEach(() => {
  vi.useRealTimers();
});

describe('time left to a reply deadline', () => {
  it('says how long in days, hours and minutes, rounding down', () => {
    expect(formatDuration(30_000)).toBe('under a minute');
    expect(formatDuration(59 * 60_000 + 59_000)).toBe('59 min');
    expect(formatDuration(2 * 3_600_000)).toBe('2 h');
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000)).toBe('2 h 5 min');
    expect(formatDuration(27 * 3_600_000 + 10 * 60_000)).toBe('1 d 3 h');
    expect(formatDuration(-48 * 3_600_000)).toBe('2 d');
  });

  it('is overdue from the due instant on', () => {
    expect(timeLeft('2026-06-01T14:30:00Z', NOW)).toEqual({
      breached: false,
      text: '2 h 30 min left',
    });
    expect(timeLeft('2026-06-01T12:00:00Z', NOW)).toEqual({
      breached: true,
      text: 'Overdue by under a minute',
    });
    expect(timeLeft('2026-06-01T09:45:00Z', NOW)).toEqual({
      breached: true,
      text: 'Overdue by 2 h 15 min',
    });
  });
});

describe('ReplyDue', () => {
  it('shows the time left with the deadline as a machine-readable time', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    render(<ReplyDue value="2026-06-01T13:00:00.000Z" />);
    const time = screen.getByText('1 h left').closest('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-06-01T13:00:00.000Z');
    expect(time?.getAttribute('title')).toMatch(/^Due /);
  });

  it('says when no reply is owed', () => {
    render(<ReplyDue value={null} />);
    expect(screen.getByText('No reply owed')).toBeInTheDocument();
  });

  it('in Spanish: the time left, the overdue time and "no reply owed" are Spanish', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    render(
      <LocaleIntl locale="es">
        <ReplyDue value="2026-06-01T14:30:00.000Z" />
        <ReplyDue value={null} />
      </LocaleIntl>,
    );
    const time = screen.getByText('Quedan 2 h 30 min').closest('time');
    expect(time?.getAttribute('title')).toMatch(/^Vence el /);
    expect(screen.getByText('No se debe ninguna respuesta')).toBeInTheDocument();
    expect(inLanguage.timeLeft(intlIn('es'), '2026-06-01T09:45:00Z', NOW)).toEqual({
      breached: true,
      text: 'Con 2 h 15 min de retraso',
    });
  });
});
