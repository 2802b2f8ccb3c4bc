import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { SiteIdentity } from '@unban/contract/site-config';
import type { DataExport } from '@unban/contract/data-rights';
import type { AuthContext } from '../auth/auth-context';
import type { Database } from '../db/client';
import { appeals, outbox, payments, platformReplies, requests } from '../db/schema';
import { APPEAL_EMAIL_KIND, emailPayloadSchema, emailsAboutRequests } from '../jobs/email-outbox';
import { renderEmail } from '../jobs/email-templates';
import { listEvidence } from './evidence';
import { ownerReviewRowsOf } from './owner-review-views';
import { readRequestDetail } from './request-queries';

export interface DataExportDeps {
  db: Database;
  publicUrl: string;
  /** The e-mails' subjects are rendered in the site identity's words. */
  identity: SiteIdentity;
}

/** The e-mails we queued or sent about these requests, oldest first, keyed by request. */
async function emailsByRequest(deps: DataExportDeps, requestIds: readonly string[]) {
  const byRequest = new Map<string, DataExport['requests'][number]['emails']>();
  if (requestIds.length === 0) return byRequest;
  const rows = await deps.db
    .select()
    .from(outbox)
    // The appeals sent for them are in the export as appeals, not as e-mails to them.
    .where(and(emailsAboutRequests(requestIds), ne(outbox.kind, APPEAL_EMAIL_KIND)))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
  for (const row of rows) {
    const payload = emailPayloadSchema.safeParse(row.payload);
    if (!payload.success) continue;
    const { to, template, data } = payload.data;
    const list = byRequest.get(data.requestId) ?? [];
    list.push({
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      to,
      // Rendered again from the stored data: the same words the customer received.
      subject: renderEmail(template, data, deps.publicUrl, deps.identity).subject,
      status: row.status,
    });
    byRequest.set(data.requestId, list);
  }
  return byRequest;
}

/**
 * Everything we hold about the caller (the right of access): their account as the sign-in
 * provider told us, and each of their requests with its answers, the timeline as they see
 * it, the payment attempts (amounts and states; we never hold card data), the screenshots'
 * metadata, the e-mails we wrote to them, the appeals we submitted for them and the
 * platform's replies (decision 021), and each time we asked them for the in-app review and
 * when they confirmed it (decision 022). Only rows whose owner is the caller are read,
 * so no one else's data can be in it. Operators' internal notes and identities are left out,
 * as on the case page (docs/decisions/017).
 */
export async function exportCustomerData(
  deps: DataExportDeps,
  auth: AuthContext,
): Promise<DataExport> {
  const rows = await deps.db
    .select()
    .from(requests)
    .where(eq(requests.ownerUid, auth.uid))
    .orderBy(asc(requests.createdAt), asc(requests.id));
  const ids = rows.map((row) => row.id);
  const attempts =
    ids.length === 0
      ? []
      : await deps.db
          .select()
          .from(payments)
          .where(inArray(payments.requestId, ids))
          .orderBy(asc(payments.createdAt), asc(payments.id));
  const emails = await emailsByRequest(deps, ids);
  const [appealRows, replyRows] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          deps.db
            .select()
            .from(appeals)
            .where(inArray(appeals.requestId, ids))
            .orderBy(asc(appeals.submittedAt), asc(appeals.id)),
          deps.db
            .select()
            .from(platformReplies)
            .where(inArray(platformReplies.requestId, ids))
            .orderBy(asc(platformReplies.receivedAt), asc(platformReplies.id)),
        ]);

  const ownerReviewRows = await ownerReviewRowsOf(deps.db, ids);

  const exported: DataExport['requests'] = [];
  for (const row of rows) {
    exported.push({
      ...(await readRequestDetail(deps.db, row)),
      locale: row.locale,
      payments: attempts
        .filter((attempt) => attempt.requestId === row.id)
        .map((attempt) => ({
          createdAt: attempt.createdAt.toISOString(),
          provider: attempt.provider,
          state: attempt.state,
          amountMinor: attempt.amount,
          refundedMinor: attempt.refundedAmount,
          currency: attempt.currency,
        })),
      evidence: (await listEvidence(deps.db, row.id)).items,
      emails: emails.get(row.id) ?? [],
      appeals: appealRows
        .filter((appeal) => appeal.requestId === row.id)
        .map((appeal) => ({
          submittedAt: appeal.submittedAt.toISOString(),
          kind: appeal.kind,
          channel: appeal.channelKind,
          sentTo: appeal.sentTo,
          subject: appeal.subject,
          body: appeal.body,
        })),
      platformReplies: replyRows
        .filter((reply) => reply.requestId === row.id)
        .map((reply) => ({
          receivedAt: reply.receivedAt.toISOString(),
          from: reply.fromAddress,
          subject: reply.subject,
          body: reply.body,
          outcome: reply.outcome,
        })),
      ownerReviews: ownerReviewRows
        .filter((review) => review.requestId === row.id)
        .map((review) => ({
          requestedAt: review.requestedAt.toISOString(),
          message: review.message,
          confirmedAt: review.confirmedAt?.toISOString() ?? null,
          reminderSentAt: review.reminderSentAt?.toISOString() ?? null,
        })),
    });
  }
  return {
    exportedAt: new Date().toISOString(),
    account: { uid: auth.uid, email: auth.email, signInProvider: auth.signInProvider },
    requests: exported,
  };
}
