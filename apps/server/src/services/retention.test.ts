import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseState } from '@unban/contract/case-states';
import { caseEvents, evidenceFiles, mailboxMessages, payments, requests } from '../db/schema';
import { FileEvidenceStore } from '../evidence/file-evidence-store';
import { emailJobs } from '../test/email-fixtures';
import { evidenceFolder, pngImage } from '../test/evidence-fixtures';
import { orderWithCheckout, sandboxPress } from '../test/payment-fixtures';
import { createTestApp, testCalendar } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { applyCaseTransition } from '../cases/case-transitions';
import { enqueueEmail } from '../jobs/email-outbox';
import { addEvidence } from './evidence';
import { deleteAbandonedUnpaidRequests } from './retention';

/*
 * The retention job on the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * which requests it deletes, with everything hanging off them, and which it must keep.
 */

let subject: TestApp;
let folder: Awaited<ReturnType<typeof evidenceFolder>>;
let store: FileEvidenceStore;
const DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  folder = await evidenceFolder();
  store = new FileEvidenceStore(folder.dir);
  subject = await createTestApp({
    config: { evidenceStorage: folder.storage, publicUrl: 'https://unban.example.test' },
  });
  await subject.app.ready();
});
afterAll(async () => {
  await subject?.close();
  await folder?.remove();
});

const db = () => subject.database.db;
const sweep = () => deleteAbandonedUnpaidRequests({ db: db(), store }, DAYS);

async function folderOf(requestId: string): Promise<string[]> {
  return readdir(path.join(folder.dir, 'requests', requestId)).catch(() => []);
}

/** Sets when the request was last touched, `days` days ago. */
async function age(requestId: string, days: number) {
  await db()
    .update(requests)
    .set({ updatedAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(requests.id, requestId));
}

async function exists(requestId: string): Promise<boolean> {
  const rows = await db()
    .select({ id: requests.id })
    .from(requests)
    .where(eq(requests.id, requestId));
  return rows.length === 1;
}

async function move(requestId: string, to: CaseState, actor: 'customer' | 'operator') {
  await db().transaction((tx) =>
    applyCaseTransition(tx, { requestId, to, actor, actorUid: `${actor}-uid` }, testCalendar),
  );
}

/** An order with its open checkout, a screenshot, a timeline and an e-mail, as the form leaves it. */
async function unpaidOrder() {
  const order = await orderWithCheckout(db(), subject.app);
  await addEvidence(
    { db: db(), store, calendar: testCalendar },
    {
      requestId: order.request.id,
      uploaderUid: null,
      uploads: [await pngImage()],
    },
  );
  await db().transaction((tx) =>
    enqueueEmail(tx, {
      idempotencyKey: `email:${order.request.id}:received`,
      to: order.request.contactEmail,
      template: 'request_received',
      data: {
        requestId: order.request.id,
        reference: order.request.reference,
        state: 'awaiting_payment',
        plan: 'standard',
        messageToCustomer: null,
      },
    }),
  );
  await db()
    .insert(mailboxMessages)
    .values({
      idempotencyKey: `mail:${order.request.id}`,
      requestId: order.request.id,
      toAddress: order.request.contactEmail,
      subject: 'Request received',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
  return order;
}

describe('deleteAbandonedUnpaidRequests', () => {
  it('deletes an unpaid request untouched for the period, with everything hanging off it', async () => {
    const { request, payment } = await unpaidOrder();
    await age(request.id, DAYS + 1);
    expect(await folderOf(request.id)).toHaveLength(1);

    expect(await sweep()).toBeGreaterThanOrEqual(1);

    expect(await exists(request.id)).toBe(false);
    expect(await db().select().from(payments).where(eq(payments.id, payment.id))).toEqual([]);
    expect(
      await db().select().from(caseEvents).where(eq(caseEvents.requestId, request.id)),
    ).toEqual([]);
    expect(
      await db().select().from(evidenceFiles).where(eq(evidenceFiles.requestId, request.id)),
    ).toEqual([]);
    expect(await folderOf(request.id)).toEqual([]);
    expect(await emailJobs(db(), request.id)).toEqual([]);
    expect(
      await db()
        .select()
        .from(mailboxMessages)
        .where(eq(mailboxMessages.idempotencyKey, `mail:${request.id}`)),
    ).toEqual([]);
  });

  it('deletes a request canceled before any payment once the period has passed', async () => {
    const { request } = await unpaidOrder();
    await move(request.id, 'canceled', 'customer');
    await age(request.id, DAYS + 1);
    await sweep();
    expect(await exists(request.id)).toBe(false);
  });

  it('keeps requests that are younger than the period', async () => {
    const { request } = await unpaidOrder();
    await age(request.id, DAYS - 1);
    await sweep();
    expect(await exists(request.id)).toBe(true);
    expect(await folderOf(request.id)).toHaveLength(1);
  });

  it('keeps every request that ever took money, however old', async () => {
    const paid = await orderWithCheckout(db(), subject.app);
    await sandboxPress(subject.app, paid.checkout.checkoutUrl, 'pay');
    const canceledAndRefunded = await orderWithCheckout(db(), subject.app);
    await sandboxPress(subject.app, canceledAndRefunded.checkout.checkoutUrl, 'pay');
    await subject.app.payments.startRefunds(
      await db().transaction(async (tx) => {
        await applyCaseTransition(
          tx,
          {
            requestId: canceledAndRefunded.request.id,
            to: 'canceled',
            actor: 'customer',
            actorUid: 'customer-uid',
          },
          testCalendar,
        );
        return subject.app.payments.followUpCase(tx, canceledAndRefunded.request.id);
      }),
    );
    const processing = await orderWithCheckout(db(), subject.app);
    await db()
      .update(payments)
      .set({ state: 'processing' })
      .where(eq(payments.id, processing.payment.id));
    const ids = [paid.request.id, canceledAndRefunded.request.id, processing.request.id];
    for (const id of ids) await age(id, DAYS * 10);

    await sweep();

    const kept = await db().select().from(requests).where(inArray(requests.id, ids));
    expect(kept.map((row) => `${row.caseState}/${row.paymentState}`).sort()).toEqual([
      'awaiting_payment/unpaid',
      'canceled/refunded',
      'queued/paid',
    ]);
  });

  it('leaves a paid case of an operator alone too (in review, never aged out)', async () => {
    const order = await orderWithCheckout(db(), subject.app);
    await sandboxPress(subject.app, order.checkout.checkoutUrl, 'pay');
    await move(order.request.id, 'in_review', 'operator');
    await age(order.request.id, DAYS * 10);
    await sweep();
    expect(await exists(order.request.id)).toBe(true);
  });
});
