import { describe, expect, it } from 'vitest';
import type { CaseChangeNotice } from '../db/case-change-notice';
import { AppError } from '../errors';
import { createCaseChangeHub } from './case-change-hub';
import type { LiveSubscriber } from './case-change-hub';

function recorder(): LiveSubscriber & { got: { event: string; data: object }[]; closed: boolean } {
  const subscriber = {
    got: [] as { event: string; data: object }[],
    closed: false,
    send: (event: string, data: object) => subscriber.got.push({ event, data }),
    close: () => {
      subscriber.closed = true;
    },
  };
  return subscriber;
}

/** The AppError code `action` throws, or null. */
function thrownCode(action: () => unknown): string | null {
  try {
    action();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
}

const notice = (overrides: Partial<CaseChangeNotice> = {}): CaseChangeNotice => ({
  requestId: '0190b5c8-0000-7000-8000-000000000001',
  ownerUid: 'owner-1',
  caseState: 'in_review',
  paymentState: 'paid',
  version: 4,
  ...overrides,
});

describe('case change hub', () => {
  it("sends a change to its owner's streams and its order's streams, without the owner's uid", () => {
    const hub = createCaseChangeHub({ perScopeLimit: 5, totalLimit: 100 });
    const owner = recorder();
    const order = recorder();
    const otherOwner = recorder();
    const otherOrder = recorder();
    hub.subscribe({ kind: 'owner', uid: 'owner-1' }, owner);
    hub.subscribe({ kind: 'order', requestId: notice().requestId }, order);
    hub.subscribe({ kind: 'owner', uid: 'owner-2' }, otherOwner);
    hub.subscribe({ kind: 'order', requestId: '0190b5c8-0000-7000-8000-000000000002' }, otherOrder);
    hub.publish(notice());
    const expected = {
      event: 'case-change',
      data: {
        requestId: notice().requestId,
        caseState: 'in_review',
        paymentState: 'paid',
        version: 4,
      },
    };
    expect(owner.got).toEqual([expected]);
    expect(order.got).toEqual([expected]);
    expect(otherOwner.got).toEqual([]);
    expect(otherOrder.got).toEqual([]);
  });

  it('limits streams per scope and in all, and frees a slot when one closes', () => {
    const hub = createCaseChangeHub({ perScopeLimit: 2, totalLimit: 3 });
    const scope = { kind: 'owner', uid: 'owner-1' } as const;
    const removeFirst = hub.subscribe(scope, recorder());
    hub.subscribe(scope, recorder());
    expect(thrownCode(() => hub.subscribe(scope, recorder()))).toBe('RATE_LIMITED');
    hub.subscribe({ kind: 'owner', uid: 'owner-2' }, recorder());
    expect(thrownCode(() => hub.subscribe({ kind: 'owner', uid: 'owner-3' }, recorder()))).toBe(
      'SERVICE_UNAVAILABLE',
    );
    removeFirst();
    removeFirst();
    expect(hub.size).toBe(2);
    hub.subscribe(scope, recorder());
    expect(hub.size).toBe(3);
  });

  it('broadcasts to every stream and closes them all on shutdown', () => {
    const hub = createCaseChangeHub({ perScopeLimit: 5, totalLimit: 100 });
    const first = recorder();
    const second = recorder();
    hub.subscribe({ kind: 'owner', uid: 'owner-1' }, first);
    hub.subscribe({ kind: 'order', requestId: 'r' }, second);
    hub.broadcast('resync', {});
    expect(first.got).toEqual([{ event: 'resync', data: {} }]);
    expect(second.got).toEqual([{ event: 'resync', data: {} }]);
    hub.closeAll();
    expect(first.closed && second.closed).toBe(true);
  });
});
