import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { caseStateInfo } from '@unban/contract/case-states';
import { customerCancelableStates, dataRetention } from '@unban/contract/data-rules';
import { PrivacyScreen } from './privacy-screen';

/*
 * The privacy page states the data rules from the contract's data-rules.ts, the same values
 * the server enforces: the cancel states (the case machine's test holds them to its customer
 * edges) and the retention period (RETENTION_UNPAID_DAYS may not exceed it, env.test.ts).
 */
describe('PrivacyScreen', () => {
  function page() {
    render(<PrivacyScreen />, { wrapper: MemoryRouter });
    return screen.getByRole('article');
  }

  it('states when unpaid requests are deleted, with the number the server is held to', () => {
    expect(page()).toHaveTextContent(
      `deleted with everything attached to them (answers, screenshots, case history, e-mails) at most ${dataRetention.unpaidRequestMaxDays} days after they were last changed`,
    );
    // A change of the promise is a change of the policy: it has to be made here on purpose.
    expect(dataRetention.unpaidRequestMaxDays).toBe(30);
  });

  it('states until when a request can be canceled, and that the refund is full and automatic', () => {
    const labels = customerCancelableStates.map((state) => caseStateInfo[state].label);
    expect(labels).toEqual(['Awaiting payment', 'Queued']);
    expect(page()).toHaveTextContent(
      'you can cancel a request until an operator starts work on it, that is while its status is “Awaiting payment” or “Queued”. If you have paid, the full amount is refunded automatically and we e-mail you.',
    );
  });

  it('states the export, the erasure and what is kept, for how long', () => {
    const text = page().textContent ?? '';
    expect(text).toContain('“Download my data” gives you a JSON file with everything we hold');
    expect(text).toContain('once none of your cases is open, “Erase my data” deletes');
    expect(text).toContain(
      `Payment records are kept for ${dataRetention.paymentRecordYears} years, as tax and accounting law requires`,
    );
  });
});
