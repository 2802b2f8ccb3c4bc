import { z } from 'zod';
import { caseStates } from './case-states';
import { paymentStates } from './payment-states';

/*
 * Live updates: the server pushes a small notice over Server-Sent Events whenever a case the
 * listener may see changes (an operator's move, a question, a refund, a payment). A notice
 * carries ids, states and the version only, never what the customer wrote or a contact
 * detail: the page reads the case again through its usual read route, which checks access
 * and shapes the answer as always. See docs/decisions/013-live-updates.md.
 */

export const caseChangeEventSchema = z.object({
  requestId: z.uuid(),
  caseState: z.enum(caseStates),
  paymentState: z.enum(paymentStates),
  /** `requests.version` after the change; a page that already shows it need not read again. */
  version: z.number().int().positive(),
});
export type CaseChangeEvent = z.infer<typeof caseChangeEventSchema>;

/**
 * A short-lived ticket that opens one stream. EventSource cannot send an Authorization
 * header, so the page asks for a ticket with its usual credentials and puts the ticket in
 * the stream's address; it expires quickly, so a copy in a log opens nothing later.
 */
export const liveTicketResponseSchema = z.object({
  ticket: z.string(),
  /** ISO time after which the ticket no longer opens a stream. */
  expiresAt: z.iso.datetime(),
});
export type LiveTicketResponse = z.infer<typeof liveTicketResponseSchema>;

export const liveEventsQuerySchema = z.object({
  ticket: z.string().min(1).max(1_000),
});
