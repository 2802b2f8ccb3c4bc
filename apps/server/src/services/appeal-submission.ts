import { appealTimelineLine, canSendFromProduct, isOperatorChannel } from '@unban/contract/appeals';
import type { AppealKind, submitAppealBodySchema } from '@unban/contract/appeals';
import { getMessagingApp, messagingAppIdSchema } from '@unban/contract/messaging-apps';
import { channelKindLabels } from '@unban/contract/playbooks';
import type { z } from 'zod';
import { replyAddressFor } from '../appeals/reply-address';
import { addCaseNote } from '../cases/case-transitions';
import type { AppealMailConfig } from '../config/env-appeals';
import type { Transaction } from '../db/client';
import type { AppealRow } from '../db/schema';
import { AppError } from '../errors';
import { enqueueAppealEmail } from '../jobs/email-outbox';
import type { CustomerNotice } from '../jobs/email-templates';
import type { MoveCaseDeps } from './move-case';
import { moveCase } from './move-case';
import { hasAppealThrough, insertAppealRow } from './appeal-rows';
import { lockCaseForSubmission } from './appeal-workbench';
import { findRequestById } from './request-queries';

/*
 * Sending or recording an appeal (or a follow-up) on a case: the appeal row, its e-mail in
 * the outbox when we send it, the follow-up date from the playbook, the customer's timeline
 * line and, when the review was running, the move to "appeal submitted", all in one
 * transaction. That move is made here because it is what the appeal means; the bare move
 * without an appeal is refused (APPEAL_REQUIRED, cases/case-transitions.ts).
 */

/** A recorded submission may be dated a little ahead of this server's clock, not more. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface AppealDeps extends MoveCaseDeps {
  config: MoveCaseDeps['config'] & {
    appealMail: Pick<AppealMailConfig, 'replyDomain' | 'replySecret'> | null;
    /** MAIL_FROM: its address is the Reply-To when replies are not routed to cases. */
    mail: { from: string };
  };
}

export type SubmitAppealInput = z.output<typeof submitAppealBodySchema> & {
  requestId: string;
  operatorUid: string;
};

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });
}

/** The address of MAIL_FROM (`Name <address>` or a bare address). */
export function supportAddressOf(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

/** Where the platform's answer to an appeal of this case should go. */
export function replyToFor(deps: AppealDeps, reference: string): string {
  const routing = deps.config.appealMail;
  return routing
    ? replyAddressFor(reference, routing.replySecret, routing.replyDomain)
    : supportAddressOf(deps.config.mail.from);
}

/** Checks and writes the appeal, its e-mail and its follow-up date in `tx`. */
async function recordAppeal(
  tx: Transaction,
  deps: AppealDeps,
  input: SubmitAppealInput,
  now: Date,
): Promise<{ appeal: AppealRow; line: string; notice: CustomerNotice; note: string }> {
  // The first appeal fixes the playbook version on a case reviewed before playbooks existed.
  const { row, playbook } = await lockCaseForSubmission(
    tx,
    input.requestId,
    input.expectedVersion,
    'Appeals are sent while the case is in review or its appeal is with the platform.',
  );
  const channel = playbook.content.channels[input.channelIndex];
  if (!channel || !isOperatorChannel(channel.kind)) {
    throw invalid('channelIndex', 'Choose one of the channels of this case’s playbook.');
  }
  if (input.delivery === 'email' && !canSendFromProduct(channel)) {
    throw invalid('delivery', 'This channel has no e-mail address: record where you submitted it.');
  }
  if (input.kind === 'follow_up' && !(await hasAppealThrough(tx, row.id, input.channelIndex))) {
    throw invalid('kind', 'Submit the appeal through this channel before a follow-up.');
  }
  const submittedAt =
    input.delivery === 'recorded' && input.submittedAt ? new Date(input.submittedAt) : now;
  if (submittedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw invalid('submittedAt', 'The submission time cannot be in the future.');
  }

  const replyTo = input.delivery === 'email' ? replyToFor(deps, row.reference) : null;
  const sentTo = input.delivery === 'email' ? (channel.address ?? null) : null;
  const appeal = await insertAppealRow(
    tx,
    {
      requestId: row.id,
      playbookId: playbook.id,
      playbookVersion: playbook.version,
      channelIndex: input.channelIndex,
      channelKind: channel.kind,
      kind: input.kind,
      delivery: input.delivery,
      subject: input.subject,
      body: input.body,
      sentTo,
      replyTo,
      operatorUid: input.operatorUid,
      submittedAt,
    },
    channel.followUp,
  );
  if (sentTo && replyTo) {
    await enqueueAppealEmail(tx, {
      appealId: appeal.id,
      to: sentTo,
      replyTo,
      requestId: row.id,
      subject: input.subject,
      text: input.body,
    });
  }

  const app = messagingAppIdSchema.safeParse(row.messagingApp);
  const appName = app.success ? getMessagingApp(app.data).name : 'WhatsApp';
  const line = appealTimelineLine({
    kind: input.kind,
    delivery: input.delivery,
    channelKind: channel.kind,
    appName,
  });
  const how = input.delivery === 'email' ? `sent to ${sentTo}` : 'recorded, submitted elsewhere';
  const note = `${kindWord(input.kind)} through ${channelKindLabels[channel.kind]} (${how}; playbook version ${playbook.version}): "${input.subject}"`;
  const notice: CustomerNotice = {
    kind: 'appeal_sent',
    appealKind: input.kind,
    channelKind: channel.kind,
    app: appName,
  };
  return { appeal, line, notice, note };
}

function kindWord(kind: AppealKind): string {
  return kind === 'appeal' ? 'Appeal' : 'Follow-up';
}

/**
 * Sends (through the outbox) or records an appeal or follow-up. A case in review moves to
 * "appeal submitted" with it; one already there gets a timeline line.
 *
 * @returns the appeal row
 * @throws AppError NOT_FOUND, CONFLICT, INVALID_TRANSITION, VALIDATION_FAILED
 */
export async function submitAppeal(
  deps: AppealDeps,
  input: SubmitAppealInput,
  now: Date = new Date(),
): Promise<AppealRow> {
  const before = await findRequestById(deps.db, input.requestId);
  if (!before) throw new AppError('NOT_FOUND', 'We could not find this request.');
  let recorded: AppealRow | undefined;
  if (before.caseState === 'in_review') {
    await moveCase(
      deps,
      {
        requestId: before.id,
        to: 'appeal_submitted',
        actor: 'operator',
        actorUid: input.operatorUid,
        expectedVersion: input.expectedVersion,
      },
      async (tx) => {
        const result = await recordAppeal(tx, deps, input, now);
        recorded = result.appeal;
        return {
          messageToCustomer: result.line,
          customerNotice: result.notice,
          internalNote: result.note,
        };
      },
    );
  } else {
    await deps.db.transaction(async (tx) => {
      const result = await recordAppeal(tx, deps, input, now);
      recorded = result.appeal;
      await addCaseNote(
        tx,
        {
          requestId: before.id,
          actor: 'operator',
          actorUid: input.operatorUid,
          messageToCustomer: result.line,
          notice: result.notice,
          internalNote: result.note,
        },
        deps.config.replyDeadlines.calendar,
      );
    });
  }
  if (!recorded) throw new Error('The appeal was not recorded');
  return recorded;
}
