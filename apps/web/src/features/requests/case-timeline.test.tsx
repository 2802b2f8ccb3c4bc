import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@unban/contract/requests';
import spanish from '../../locales/es.json';
import arabic from '../../locales/ar.json';
import { AppIntlProvider } from '../../lib/i18n/intl-provider';
import { CaseTimeline } from './case-timeline';

const created: TimelineEntry = {
  at: '2025-03-04T14:05:00.000Z',
  actor: 'customer',
  fromState: null,
  toState: 'awaiting_payment',
  messageToCustomer: null,
  customerReply: null,
};

describe("the customer's timeline", () => {
  it('leaves out entries that only carried an internal note', () => {
    const noteOnly: TimelineEntry = {
      ...created,
      at: '2025-03-04T14:06:00.000Z',
      fromState: 'awaiting_payment',
    };
    const message: TimelineEntry = {
      ...noteOnly,
      at: '2025-03-04T14:07:00.000Z',
      actor: 'operator',
      messageToCustomer: 'We have your screenshots, thank you.',
    };
    render(<CaseTimeline entries={[created, noteOnly, message]} plan="standard" />);
    const items = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Request created');
    expect(items[1]).toHaveTextContent('We have your screenshots, thank you.');
  });

  describe("in the customer's language", () => {
    const received: TimelineEntry = {
      ...created,
      actor: 'system',
      messageToCustomer:
        'Request received. Your case joins the queue as soon as your payment is confirmed.',
      notice: { kind: 'request_received' },
    };
    const paid: TimelineEntry = {
      ...created,
      at: '2025-03-04T14:10:00.000Z',
      actor: 'system',
      fromState: 'awaiting_payment',
      toState: 'queued',
      messageToCustomer:
        'Payment of $49.00 received. Your case is in the queue; an operator will pick it up within 1 business day.',
      notice: { kind: 'payment_received', amountMinor: 4900, currency: 'USD' },
    };
    const operatorWords: TimelineEntry = {
      ...paid,
      at: '2025-03-04T14:20:00.000Z',
      actor: 'operator',
      fromState: 'queued',
      messageToCustomer: '¿Qué día exacto fue el bloqueo?',
      notice: null,
    };
    const olderLine: TimelineEntry = {
      ...paid,
      at: '2025-03-04T14:30:00.000Z',
      fromState: 'queued',
      messageToCustomer: 'A line written before the notices.',
      notice: undefined,
    };
    const entries = [received, paid, operatorWords, olderLine];

    function messages(): string[] {
      return within(screen.getByRole('region', { name: /./ }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.timeline__message')?.textContent ?? '');
    }

    it("says the system's lines in Spanish, the operator's and older ones as written", () => {
      render(
        <AppIntlProvider locale="es" messages={spanish}>
          <CaseTimeline entries={entries} plan="standard" />
        </AppIntlProvider>,
      );
      expect(messages()).toEqual([
        'Solicitud recibida. Tu caso entra en la cola en cuanto se confirme tu pago.',
        expect.stringMatching(
          /^Recibimos tu pago de 49,00\sUS\$\. Tu caso está en la cola; un operador lo tomará .+\.$/,
        ),
        '¿Qué día exacto fue el bloqueo?',
        'A line written before the notices.',
      ]);
      expect(messages()[1]).not.toContain('within 1 business day');
    });

    it('keeps the English words exactly as stored', () => {
      render(<CaseTimeline entries={entries} plan="standard" />);
      expect(messages()).toEqual(entries.map((entry) => entry.messageToCustomer));
    });

    it("adds the operator's own words under a worded owner-review request", () => {
      const asked: TimelineEntry = {
        ...paid,
        actor: 'operator',
        fromState: 'in_review',
        toState: 'in_review',
        messageToCustomer: 'Please request a review in WhatsApp yourself: …\n\nشكرًا لك',
        notice: { kind: 'owner_review_requested', app: 'WhatsApp', message: 'شكرًا لك' },
      };
      render(
        <AppIntlProvider locale="ar" messages={arabic}>
          <CaseTimeline entries={[asked]} plan="standard" />
        </AppIntlProvider>,
      );
      const [text = ''] = messages();
      expect(text.startsWith('يُرجى طلب المراجعة في WhatsApp بنفسك')).toBe(true);
      expect(text.endsWith('\n\nشكرًا لك')).toBe(true);
    });
  });
});
