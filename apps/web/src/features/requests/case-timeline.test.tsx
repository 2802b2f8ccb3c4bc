import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@unban/contract/requests';
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
    render(<CaseTimeline entries={[created, noteOnly, message]} />);
    const items = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Request created');
    expect(items[1]).toHaveTextContent('We have your screenshots, thank you.');
  });
});
