import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { replyOutcomeLabels, suggestReplyOutcome } from '@unban/contract/appeals';
import type { ReplyOutcome } from '@unban/contract/appeals';
import { getMessagingApp, messagingAppIdSchema } from '@unban/contract/messaging-apps';
import type { FastifyBaseLogger } from 'fastify';
import { refreshFollowUpDue } from '../appeals/follow-up-due';
import { checkInboundSignature } from '../appeals/inbound-signature';
import { referenceFromReplyAddress } from '../appeals/reply-address';
import { addCaseNote } from '../cases/case-transitions';
import type { AppealMailConfig } from '../config/env-appeals';
import type { Database, Transaction } from '../db/client';
import { appeals, inboundEmailTokens, platformReplies, requests } from '../db/schema';
import type { RequestRow } from '../db/schema';
import type { ReplyCalendar } from '../domain/reply-deadline';
import { AppError } from '../errors';
import type { MoveCaseDeps } from './move-case';
import { moveCase } from './move-case';
import { findRequestById } from './request-queries';

/*
 * The platform's answer to an appeal, recorded on the case: pasted by an operator with its
 * outcome, or received at the case's reply-to address (the inbound webhook) and decided by
 * an operator later. The outcome moves the case: restored → unbanned, ban kept → denied
 * (whose move starts the guarantee's refund, move-case.ts); "other" only records it.
 */

const notFound = () => new AppError('NOT_FOUND', 'We could not find this request.');

/** Where each outcome takes the case; `other` leaves it where it is. */
const outcomeState = { restored: 'unbanned', ban_kept: 'denied' } as const;

function appNameOf(row: Pick<RequestRow, 'messagingApp'>): string {
  const app = messagingAppIdSchema.safeParse(row.messagingApp);
  return app.success ? getMessagingApp(app.data).name : 'WhatsApp';
}

function defaultMessage(outcome: 'restored' | 'ban_kept', appName: string): string {
  return outcome === 'restored'
    ? `${appName} reviewed your appeal and restored your account: your number works again.`
    : `${appName} completed its review and kept the ban. We are refunding your payment in full.`;
}

interface DecisionInput {
  requestId: string;
  operatorUid: string;
  outcome: ReplyOutcome;
  messageToCustomer?: string | undefined;
}

/**
 * Applies an operator's decision on a reply: `write` stores it (in the move's transaction),
 * then the case moves for restored / ban kept, or a timeline note is written for "other".
 */
async function applyDecision(
  deps: MoveCaseDeps,
  row: RequestRow,
  input: DecisionInput,
  write: (tx: Transaction) => Promise<void>,
): Promise<void> {
  const note = `Platform reply decided: ${replyOutcomeLabels[input.outcome]}.`;
  if (input.outcome === 'other') {
    await deps.db.transaction(async (tx) => {
      await write(tx);
      await addCaseNote(
        tx,
        { requestId: row.id, actor: 'operator', actorUid: input.operatorUid, internalNote: note },
        deps.config.replyDeadlines.calendar,
      );
    });
    return;
  }
  await moveCase(
    deps,
    {
      requestId: row.id,
      to: outcomeState[input.outcome],
      actor: 'operator',
      actorUid: input.operatorUid,
      messageToCustomer: input.messageToCustomer ?? defaultMessage(input.outcome, appNameOf(row)),
      // Only the system's own default is a notice; an operator's words are shown as written.
      ...(input.messageToCustomer === undefined
        ? {
            timelineNotice: {
              kind: input.outcome === 'restored' ? 'platform_restored' : 'platform_ban_kept',
              app: appNameOf(row),
            },
          }
        : {}),
      internalNote: note,
    },
    write,
  );
}

async function requireAppealOn(tx: Transaction, requestId: string): Promise<void> {
  const [appeal] = await tx
    .select({ id: appeals.id })
    .from(appeals)
    .where(eq(appeals.requestId, requestId))
    .limit(1);
  if (!appeal) {
    throw new AppError('APPEAL_REQUIRED', 'Record the appeal before the platform’s reply to it.');
  }
}

export interface PasteReplyInput extends DecisionInput {
  from?: string | undefined;
  subject?: string | undefined;
  body: string;
}

/**
 * Records a reply the operator pasted, with the outcome they chose.
 * @throws AppError NOT_FOUND, APPEAL_REQUIRED, INVALID_TRANSITION (the case is not waiting
 *   for the platform)
 */
export async function pastePlatformReply(
  deps: MoveCaseDeps,
  input: PasteReplyInput,
  now: Date = new Date(),
): Promise<void> {
  const row = await findRequestById(deps.db, input.requestId);
  if (!row) throw notFound();
  await applyDecision(deps, row, input, async (tx) => {
    await requireAppealOn(tx, row.id);
    await tx.insert(platformReplies).values({
      requestId: row.id,
      source: 'pasted',
      fromAddress: input.from ?? null,
      subject: input.subject ?? null,
      body: input.body,
      receivedAt: now,
      suggestedOutcome: suggestReplyOutcome(`${input.subject ?? ''}\n${input.body}`),
      outcome: input.outcome,
      decidedAt: now,
      decidedByUid: input.operatorUid,
    });
    await refreshFollowUpDue(tx, row.id);
  });
}

/**
 * Decides a reply received by e-mail (the operator chose the outcome or confirmed the
 * suggestion). @throws AppError NOT_FOUND, CONFLICT (already decided), INVALID_TRANSITION
 */
export async function decidePlatformReply(
  deps: MoveCaseDeps,
  input: DecisionInput & { replyId: string },
  now: Date = new Date(),
): Promise<void> {
  const row = await findRequestById(deps.db, input.requestId);
  if (!row) throw notFound();
  if (!/^[0-9a-f-]{36}$/i.test(input.replyId)) throw notFound();
  await applyDecision(deps, row, input, async (tx) => {
    const decided = await tx
      .update(platformReplies)
      .set({ outcome: input.outcome, decidedAt: now, decidedByUid: input.operatorUid })
      .where(
        and(
          eq(platformReplies.id, input.replyId),
          eq(platformReplies.requestId, row.id),
          isNull(platformReplies.outcome),
        ),
      )
      .returning({ id: platformReplies.id });
    if (decided.length === 0) {
      const [exists] = await tx
        .select({ id: platformReplies.id })
        .from(platformReplies)
        .where(and(eq(platformReplies.id, input.replyId), eq(platformReplies.requestId, row.id)));
      if (!exists) throw new AppError('NOT_FOUND', 'We could not find this reply on the case.');
      throw new AppError('CONFLICT', 'Someone already decided this reply. Reload the case.');
    }
    await refreshFollowUpDue(tx, row.id);
  });
}

// ---- the inbound webhook ---------------------------------------------------------------

/** Mailgun's fields of a forwarded message (routes → forward to a URL), as posted. */
export interface InboundEmailFields {
  recipient: string;
  sender: string;
  from?: string | undefined;
  subject?: string | undefined;
  'body-plain': string;
  'stripped-text'?: string | undefined;
  timestamp: string;
  token: string;
  signature: string;
}

export type InboundOutcome = 'recorded' | 'unknown-recipient';

/** Tokens are remembered this long; a post older than 15 minutes is refused anyway. */
const TOKEN_MEMORY = "interval '1 day'";

/**
 * Verifies a post of the inbound e-mail route and records the message on the case its
 * recipient address names. A verified message to an address that is not a case's answers
 * normally (logged): telling Mailgun to retry would not make it one.
 *
 * @throws AppError INBOUND_EMAIL_DISABLED (replies are not routed), INBOUND_SIGNATURE_INVALID
 *   (bad signature or a timestamp more than 15 minutes off), INBOUND_REPLAYED (token seen)
 */
export async function receiveInboundEmail(
  deps: {
    db: Database;
    appealMail: AppealMailConfig | null;
    calendar: ReplyCalendar;
    log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  },
  fields: InboundEmailFields,
  now: Date = new Date(),
): Promise<InboundOutcome> {
  const routing = deps.appealMail;
  if (!routing) {
    throw new AppError(
      'INBOUND_EMAIL_DISABLED',
      'Inbound e-mail is not configured on this server.',
    );
  }
  const check = checkInboundSignature(fields, routing.inboundSigningKey, now);
  if (check !== 'valid') {
    deps.log.warn({ check }, 'inbound e-mail post refused');
    throw new AppError(
      'INBOUND_SIGNATURE_INVALID',
      check === 'stale'
        ? 'The timestamp is more than 15 minutes away from now.'
        : 'The signature does not match.',
    );
  }
  const reference = fields.recipient
    .split(',')
    .map((address) => referenceFromReplyAddress(address, routing.replySecret, routing.replyDomain))
    .find((found) => found !== null);

  return deps.db.transaction(async (tx) => {
    // The token is spent with what it delivered: if recording fails, a retry may use it.
    await tx
      .delete(inboundEmailTokens)
      .where(lt(inboundEmailTokens.receivedAt, sql`now() - ${sql.raw(TOKEN_MEMORY)}`));
    const fresh = await tx
      .insert(inboundEmailTokens)
      .values({ token: fields.token })
      .onConflictDoNothing()
      .returning({ token: inboundEmailTokens.token });
    if (fresh.length === 0) {
      throw new AppError('INBOUND_REPLAYED', 'This post was already received.');
    }
    const [row] = reference
      ? await tx.select().from(requests).where(eq(requests.reference, reference)).for('update')
      : [];
    if (!row) {
      // The address is not in the logs whole: it may be a person's.
      deps.log.warn(
        { recipientDomain: fields.recipient.split('@').pop() },
        'inbound e-mail to an address that is no case; dropped',
      );
      return 'unknown-recipient';
    }
    const body = fields['stripped-text']?.trim() || fields['body-plain'];
    await tx.insert(platformReplies).values({
      requestId: row.id,
      source: 'inbound',
      fromAddress: fields.from ?? fields.sender,
      subject: fields.subject ?? null,
      body,
      receivedAt: now,
      suggestedOutcome: suggestReplyOutcome(`${fields.subject ?? ''}\n${body}`),
    });
    await refreshFollowUpDue(tx, row.id);
    await addCaseNote(
      tx,
      {
        requestId: row.id,
        actor: 'system',
        actorUid: null,
        internalNote: `The platform replied by e-mail (${fields.from ?? fields.sender}): "${fields.subject ?? '(no subject)'}". Decide its outcome in the appeal workbench.`,
      },
      deps.calendar,
    );
    deps.log.info({ requestId: row.id }, 'platform reply received by e-mail');
    return 'recorded';
  });
}
