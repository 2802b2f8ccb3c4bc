import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentStatusResponse } from '@unban/contract/requests';
import { paymentStatusKey } from '../features/payment/api/payment-status-query';
import { FIRST_ANSWERS_ELEMENT_ID } from '../lib/resource/first-answers-block';
import { takeFirstRead } from './first-read';
import { watchStatus } from './watch-status';

const processing: PaymentStatusResponse = {
  reference: 'UB-7K2M9QXA',
  amountMinor: 4900,
  currency: 'USD',
  paymentState: 'processing',
  caseState: 'awaiting_payment',
  phoneMasked: '+1 •••• ••43',
  plan: 'standard',
  updatedAt: '2026-11-24T10:00:00.000Z',
  canRetry: false,
};
const paid = { ...processing, paymentState: 'paid', caseState: 'queued' } as const;
const query = { order: processing.reference, token: 't'.repeat(43) };
const path = `/api/payments/status?order=${query.order}&token=${query.token}`;

/** The page as the server sends it: its address and the status it was rendered with. */
function openPage(shown: unknown = processing) {
  window.history.replaceState(
    null,
    '',
    `/payment-status?order=${query.order}&token=${query.token}`,
  );
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_ANSWERS_ELEMENT_ID;
  block.textContent = JSON.stringify({ [paymentStatusKey(query)]: { data: shown } });
  document.body.append(block);
}

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
  takeFirstRead(path);
});

describe('watchStatus', () => {
  it('reads on the screen’s schedule without the app, and starts it with the first changed answer', async () => {
    vi.useFakeTimers();
    openPage();
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(answer(processing))
      .mockResolvedValueOnce(answer(paid));
    const start = vi.fn();
    watchStatus(start, () => start.mock.calls.length > 0);

    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledWith(path, expect.anything());
    expect(start).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(2_000);
    expect(start).toHaveBeenCalledTimes(1);
    // The app takes that answer as its next read instead of asking again.
    const handed = await takeFirstRead(path);
    expect(await handed?.json()).toEqual(paid);
  });

  it('starts the app on a failure, which the screen reports', async () => {
    vi.useFakeTimers();
    openPage();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const start = vi.fn();
    watchStatus(start, () => start.mock.calls.length > 0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('stops once the app runs, and starts it at once when the page carries no status', async () => {
    vi.useFakeTimers();
    openPage();
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    watchStatus(vi.fn(), () => true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).not.toHaveBeenCalled();

    document.body.replaceChildren();
    openPage({ broken: true });
    const start = vi.fn();
    watchStatus(start, () => false);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
