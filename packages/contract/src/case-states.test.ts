import { describe, expect, it } from 'vitest';
import {
  caseStateInfo,
  caseStates,
  caseUsualWait,
  finalCaseStates,
  isFinalCaseState,
} from './case-states';
import { defaultSiteIdentity } from './site-config';
import { caseStateInfoFor } from './case-states';
import { parseSiteIdentity } from './site-identity';
import { caseStateSchema } from './state-schemas';

const { standard, priority } = defaultSiteIdentity.plans;

describe('case states', () => {
  it('are the ten states of the design', () => {
    expect([...caseStates].sort()).toEqual(
      [
        'awaiting_payment',
        'queued',
        'in_review',
        'needs_info',
        'appeal_submitted',
        'unbanned',
        'denied',
        'not_eligible',
        'refunded',
        'canceled',
      ].sort(),
    );
    expect(caseStateSchema.safeParse('paid').success).toBe(false);
  });

  it('explain every state in a sentence, with distinct labels', () => {
    const labels = caseStates.map((state) => caseStateInfo[state].label);
    expect(new Set(labels).size).toBe(caseStates.length);
    for (const state of caseStates) {
      const info = caseStateInfo[state];
      expect(info.meaning).toMatch(/^[A-Z].*\.$/);
      expect(info.next).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('treat unbanned, refunded and canceled as final, and not the outcomes still owed a refund', () => {
    expect([...finalCaseStates].sort()).toEqual(['canceled', 'refunded', 'unbanned']);
    expect(isFinalCaseState('denied')).toBe(false);
    expect(isFinalCaseState('not_eligible')).toBe(false);
    expect(caseStateInfo.denied.next).toContain('refund your payment in full automatically');
    expect(caseStateInfo.not_eligible.next).toContain('refund your payment in full automatically');
  });

  it('ask the customer to act only when the case waits on them', () => {
    const waiting = caseStates.filter((state) => caseStateInfo[state].customerActionNeeded);
    expect(waiting.sort()).toEqual(['awaiting_payment', 'needs_info']);
  });

  it('give the usual wait of the customer’s plan', () => {
    expect(caseUsualWait('in_review', standard)).toBe('within 1 business day');
    expect(caseUsualWait('in_review', priority)).toBe('within 4 business hours');
    expect(caseUsualWait('queued', priority)).toBe('within 4 business hours');
    expect(caseUsualWait('appeal_submitted', priority)).toBe(
      'from a few hours to a few weeks, depending on the ban',
    );
    expect(caseUsualWait('needs_info', standard)).toBeNull();
    for (const state of finalCaseStates) expect(caseUsualWait(state, standard)).toBeNull();
  });

  it('name the configured app and wait of another site identity', () => {
    const parsed = parseSiteIdentity({
      appName: 'Telegram',
      plans: { standard: { operatorReplyWithin: 'within 2 business days' } },
    });
    if (!parsed.success) throw new Error(parsed.problems.join('; '));
    const info = caseStateInfoFor(parsed.identity);
    expect(info.unbanned.meaning).toBe('Telegram has lifted the ban on your number.');
    expect(info.in_review.usualWait).toBe('within 2 business days');
    expect(caseStateInfo.unbanned.meaning).toBe('WhatsApp has lifted the ban on your number.');
    expect(info.unbanned.label).toBe(caseStateInfo.unbanned.label);
  });
});
