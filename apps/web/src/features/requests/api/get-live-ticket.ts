import { liveTicketResponseSchema } from '@unban/contract/live';
import { apiFetch } from '../../../lib/api/api-client';

/** `POST /api/live/tickets`: a ticket for the stream of the signed-in customer's own cases. */
export async function fetchOwnLiveTicket(signal: AbortSignal): Promise<string> {
  const { getIdToken } = await import('../../../lib/auth/auth');
  const answer = await apiFetch('/api/live/tickets', {
    method: 'POST',
    schema: liveTicketResponseSchema,
    token: await getIdToken(),
    signal,
  });
  return answer.ticket;
}
