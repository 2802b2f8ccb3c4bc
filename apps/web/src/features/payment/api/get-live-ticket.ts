import { ApiError, fetchFailure, readJson } from '../../../lib/api/api-error';
import { ownerTokenUnless } from '../../../lib/auth/owner-token';
import type { PaymentStatusQuery } from './payment-status-query';

/**
 * `POST /api/live/tickets/order?order=…&token=…`: a ticket for the stream of this one order,
 * with the link's status token, else the signed-in owner's. Read without the schema library,
 * like the status itself (this screen must come up fast).
 */
export async function fetchOrderLiveTicket(
  query: PaymentStatusQuery,
  signal: AbortSignal,
): Promise<string> {
  const search = new URLSearchParams({ order: query.order });
  if (query.token) search.set('token', query.token);
  const owner = await ownerTokenUnless(query.token);
  let response: Response;
  try {
    response = await fetch(`/api/live/tickets/order?${search.toString()}`, {
      method: 'POST',
      headers: owner
        ? { Accept: 'application/json', Authorization: `Bearer ${owner}` }
        : { Accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    throw fetchFailure(error, signal);
  }
  const data = await readJson(response);
  const ticket =
    typeof data === 'object' && data !== null ? (data as { ticket?: unknown }).ticket : undefined;
  if (!response.ok || typeof ticket !== 'string') {
    throw new ApiError({
      status: response.status,
      code: response.ok ? 'INVALID_RESPONSE' : response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST',
      message: 'No live view for this order now; the page checks by itself.',
    });
  }
  return ticket;
}
