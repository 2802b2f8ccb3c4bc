import { parsePaymentStatus } from '../features/payment/api/parse-payment-status';
import { paymentStatusPath } from '../features/payment/api/payment-status-path';
import {
  paymentStatusKey,
  readPaymentStatusQuery,
} from '../features/payment/api/payment-status-query';
import { paymentPollDelay } from '../features/payment/payment-poll-schedule';
import { readFirstAnswers } from '../lib/resource/first-answers-block';
import { handOverRead } from './first-read';

/**
 * The payment-status page while its payment is still open: the server's HTML already shows
 * the status, and a customer who only watches it needs no React until something changes. So
 * the status is read here on the screen's own schedule, without the app; the first answer
 * that differs from what the page shows (or any failure, which the screen knows how to show)
 * starts the app, which takes that answer as its next read. Use of the page starts the app
 * earlier, as on every prerendered page (wake.ts).
 */
export function watchStatus(start: () => void, started: () => boolean): void {
  const query = readPaymentStatusQuery(new URLSearchParams(location.search));
  const shown = query ? readFirstAnswers(document).get(paymentStatusKey(query)) : undefined;
  const payment = shown && 'data' in shown ? parsePaymentStatus(shown.data) : null;
  if (!query?.token || !shown || !payment) {
    start();
    return;
  }
  const path = paymentStatusPath(query);
  const shownJson = JSON.stringify(payment);
  const watchedSince = Date.now();

  const schedule = () => {
    const delay = paymentPollDelay(payment, Date.now() - watchedSince);
    if (delay !== null) setTimeout(() => void read(), delay);
  };

  const read = async (): Promise<void> => {
    if (started()) return;
    if (document.visibilityState === 'hidden') {
      // Nothing read for a hidden tab; back in view, at once.
      document.addEventListener('visibilitychange', () => void read(), { once: true });
      return;
    }
    try {
      const response = await fetch(path, {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      const text = await response.text();
      if (started()) return;
      let answer: unknown = null;
      try {
        answer = JSON.parse(text) as unknown;
      } catch {
        // Not JSON: a failure the screen reports.
      }
      const fresh = response.ok ? parsePaymentStatus(answer) : null;
      if (fresh && JSON.stringify(fresh) === shownJson) {
        schedule();
        return;
      }
      handOverRead(
        path,
        new Response(text, { status: response.status, headers: response.headers }),
      );
    } catch {
      // Unreachable: the app retries and says so.
    }
    start();
  };

  schedule();
}
