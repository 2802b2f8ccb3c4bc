import { describe, expect, it } from 'vitest';
import { queueItemSchema } from '@unban/contract/admin';
import { toQueueItem } from './admin-queue';
import type { QueueColumns } from './admin-queue';

/*
 * The queue's route writes its items without parsing them again (plainJsonSerializer), so
 * toQueueItem is what keeps a stored value no screen knows from reaching one.
 */
const row: QueueColumns = {
  id: '01a21d0d-abe4-77ca-94e6-26957e0a7902',
  reference: 'UB-YZMVCZ8G',
  messagingApp: 'whatsapp',
  caseState: 'queued',
  paymentState: 'paid',
  plan: 'priority',
  priceAmount: 8900,
  currency: 'USD',
  phoneE164: '+12025550143',
  contactEmail: 'person@example.com',
  locale: 'pt-BR',
  createdAt: new Date('2026-11-27T10:00:00.000Z'),
  updatedAt: new Date('2026-11-27T10:05:00.000Z'),
  assignedOperatorUid: null,
  version: 3,
  replyDueAt: new Date('2026-11-28T10:00:00.000Z'),
  followUpDueAt: null,
};

describe('toQueueItem', () => {
  it('builds an item the contract accepts as it is', () => {
    const item = toQueueItem(row);
    expect(queueItemSchema.parse(item)).toEqual(item);
    expect(item).toMatchObject({
      caseStateLabel: 'Queued',
      paymentStateLabel: 'Paid',
      replyDueAt: '2026-11-28T10:00:00.000Z',
    });
    expect(item.phoneMasked).toMatch(/143$/);
    expect(item.phoneMasked).not.toContain('202555');
  });

  it.each([
    ['caseState', 'lost'],
    ['paymentState', 'maybe'],
    ['messagingApp', 'telegram_x'],
    ['plan', 'gold'],
    ['locale', 'fr'],
  ] as const)('refuses a row whose %s is %j, which the contract does not list', (column, value) => {
    expect(() => toQueueItem({ ...row, [column]: value } as QueueColumns)).toThrow(
      /which the contract does not list/,
    );
  });
});
