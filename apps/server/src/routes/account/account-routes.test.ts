import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCaseSchema } from '@unban/contract/admin';
import { dataExportSchema, eraseResponseSchema } from '@unban/contract/data-rights';
import { errorBodySchema } from '@unban/contract/errors';
import { evidenceListSchema } from '@unban/contract/evidence';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { appeals, caseEvents, evidenceFiles, outbox, payments, requests } from '../../db/schema';
import { APPEAL_EMAIL_KIND, enqueueAppealEmail } from '../../jobs/email-outbox';
import { authEmulator } from '../../test/auth-emulator';
import { signUpStaff } from '../../test/auth-tokens';
import type { SignedInUser } from '../../test/auth-tokens';
import { emailJobs } from '../../test/email-fixtures';
import { evidenceFolder, multipart, pngImage } from '../../test/evidence-fixtures';
import {
  bearer,
  createdRequest,
  moveCase,
  newCustomer,
  pressSandboxButton,
  validRequestBody,
} from '../../test/request-fixtures';
import type { Customer } from '../../test/request-fixtures';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let subject: TestApp;
let folder: Awaited<ReturnType<typeof evidenceFolder>>;
let projectId: string;

beforeAll(async () => {
  folder = await evidenceFolder();
  const emulator = authEmulator();
  projectId = emulator.projectId;
  subject = await createTestApp({
    config: {
      firebase: { ...testConfig().firebase, projectId, authEmulatorHost: emulator.host },
      evidenceStorage: folder.storage,
      publicUrl: 'https://unban.example.test',
    },
  });
  await subject.app.ready();
});
afterAll(async () => {
  await subject?.close();
  await folder?.remove();
});

const db = () => subject.database.db;

function call(method: 'GET' | 'DELETE', user: SignedInUser | null, payload?: unknown) {
  return subject.app.inject({
    method,
    url: '/api/account/data',
    headers: user ? bearer(user) : {},
    ...(method === 'DELETE' ? { payload: (payload ?? { confirm: true }) as object } : {}),
  });
}

async function withScreenshot(customer: Customer, requestId: string) {
  const upload = multipart([{ filename: 'ban.png', type: 'image/png', bytes: await pngImage() }]);
  const response = await subject.app.inject({
    method: 'POST',
    url: `/api/requests/${requestId}/evidence`,
    headers: { ...upload.headers, ...bearer(customer) },
    payload: upload.payload,
  });
  expect(evidenceListSchema.parse(response.json()).items).toHaveLength(1);
}

async function storedFiles(requestId: string): Promise<string[]> {
  try {
    return await readdir(path.join(folder.dir, 'requests', requestId));
  } catch {
    return [];
  }
}

/** A customer with a paid case, in the queue, with a screenshot. */
async function paidCustomer(email = 'Erase.Me@Example.TEST') {
  const customer = await newCustomer();
  const created = await createdRequest(
    subject,
    customer,
    validRequestBody({ contactEmail: email, phone: '+44 7911 123456' }),
  );
  await withScreenshot(customer, created.id);
  await pressSandboxButton(subject, created.checkoutUrl, 'pay');
  return { customer, created };
}

describe('GET /api/account/data', () => {
  it("downloads everything we hold about the caller, and nothing of anyone else's", async () => {
    const { customer, created } = await paidCustomer('export.me@example.test');
    const other = await paidCustomer('someone.else@example.test');

    const response = await call('GET', customer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="unban-desk-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = dataExportSchema.parse(response.json());
    expect(data.account).toMatchObject({ uid: customer.uid, signInProvider: 'anonymous' });
    expect(data.requests.map((request) => request.id)).toEqual([created.id]);
    const [request] = data.requests;
    // The language the customer ordered in (this client sent none: English).
    expect(request?.locale).toBe('en');
    expect(request?.answers).toMatchObject({
      phone: '+447911123456',
      contactEmail: 'export.me@example.test',
    });
    // Created, the screenshot's note, paid.
    expect(request?.timeline.map((entry) => entry.toState)).toEqual([
      'awaiting_payment',
      'awaiting_payment',
      'queued',
    ]);
    expect(request?.payments).toEqual([
      expect.objectContaining({
        state: 'paid',
        amountMinor: 4900,
        refundedMinor: 0,
        currency: 'USD',
      }),
    ]);
    expect(request?.evidence).toHaveLength(1);
    expect(request?.emails.map((email) => email.subject)).toEqual([
      `${created.reference}: Request received`,
      `${created.reference}: Payment received`,
    ]);
    expect(request?.emails.every((email) => email.to === 'export.me@example.test')).toBe(true);
    // No card data, no status token, no one else.
    expect(response.body).not.toContain('someone.else@example.test');
    expect(response.body).not.toContain(other.created.id);
    expect(response.body).not.toMatch(/status_?token|checkout_?url|card/i);
  });

  it('answers an empty export to a caller with no requests, and 401 to no one', async () => {
    const newcomer = await newCustomer();
    const data = dataExportSchema.parse((await call('GET', newcomer)).json());
    expect(data.requests).toEqual([]);
    expect((await call('GET', null)).statusCode).toBe(401);
  });
});

describe('DELETE /api/account/data', () => {
  it('refuses with CASE_STILL_OPEN while a case is open, changing nothing', async () => {
    const { customer, created } = await paidCustomer();
    const response = await call('DELETE', customer);
    expect(response.statusCode).toBe(409);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.code).toBe('CASE_STILL_OPEN');
    expect(body.error.message).toContain(created.reference);

    const [row] = await db().select().from(requests).where(eq(requests.id, created.id));
    expect(row).toMatchObject({ ownerUid: customer.uid, phoneE164: '+447911123456' });
    expect(await storedFiles(created.id)).toHaveLength(1);
    await expect(getFirebaseAuth({ projectId }).getUser(customer.uid)).resolves.toBeDefined();
  });

  it('erases personal data, keeps the anonymized payment record and deletes the account', async () => {
    const { customer, created } = await paidCustomer();
    const other = await paidCustomer('keep.me@example.test');
    // The customer cancels while queued: refunded in full, the case is closed.
    const canceled = await subject.app.inject({
      method: 'POST',
      url: `/api/requests/${created.id}/cancel`,
      headers: bearer(customer),
      payload: { confirm: true },
    });
    expect(canceled.statusCode).toBe(200);
    await subject.app.inject({
      method: 'POST',
      url: `/api/requests/${created.id}/replies`,
      headers: bearer(customer),
      payload: { message: 'ignored: the case is closed' },
    });

    const response = await call('DELETE', customer);
    expect(response.statusCode).toBe(200);
    expect(eraseResponseSchema.parse(response.json())).toEqual({
      erasedRequests: 1,
      keptPaymentRecords: 1,
    });

    const [row] = await db().select().from(requests).where(eq(requests.id, created.id));
    expect(row).toMatchObject({
      reference: created.reference,
      ownerUid: `erased:${created.id}`,
      phoneE164: '',
      contactEmail: '',
      banMessage: '',
      usage: '',
      bannedAt: null,
      caseState: 'canceled',
      paymentState: 'refunded',
      priceAmount: 4900,
    });
    const [payment] = await db().select().from(payments).where(eq(payments.requestId, created.id));
    expect(payment).toMatchObject({ amount: 4900, refundedAmount: 4900, state: 'refunded' });
    const events = await db().select().from(caseEvents).where(eq(caseEvents.requestId, created.id));
    expect(events.map((event) => event.toState)).toContain('canceled');
    expect(
      events.filter((event) => event.messageToCustomer !== null || event.customerReply !== null),
    ).toEqual([]);
    expect(events.filter((event) => event.actorUid === customer.uid)).toEqual([]);
    expect(await emailJobs(db(), created.id)).toEqual([]);
    expect(await storedFiles(created.id)).toEqual([]);
    expect(
      await db()
        .select()
        .from(evidenceFiles)
        .where(inArray(evidenceFiles.requestId, [created.id])),
    ).toEqual([]);
    await expect(getFirebaseAuth({ projectId }).getUser(customer.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });

    // Operators still open the case (the record kept), with nothing personal in it.
    const operator = await signUpStaff(getFirebaseAuth({ projectId }), 'operator');
    const adminView = await subject.app.inject({
      method: 'GET',
      url: `/api/admin/requests/${created.id}`,
      headers: bearer(operator),
    });
    expect(adminView.statusCode).toBe(200);
    const adminCase = adminCaseSchema.parse(adminView.json());
    expect(adminCase.answers).toMatchObject({ phone: '', contactEmail: '', banMessage: '' });
    expect(adminView.body).not.toContain('erase.me@example.test');
    expect(adminView.body).not.toContain('+447911123456');

    // Someone else's data is untouched.
    const [kept] = await db().select().from(requests).where(eq(requests.id, other.created.id));
    expect(kept).toMatchObject({
      ownerUid: other.customer.uid,
      contactEmail: 'keep.me@example.test',
    });
    expect(await storedFiles(other.created.id)).toHaveLength(1);
    expect((await emailJobs(db(), other.created.id)).length).toBeGreaterThan(0);
  });

  it('lets a customer whose cases have all ended erase, after which their sign-in opens nothing', async () => {
    const { customer, created } = await paidCustomer();
    await moveCase(db(), created.id, [
      { to: 'in_review', actor: 'operator' },
      { to: 'appeal_submitted', actor: 'operator' },
      { to: 'unbanned', actor: 'operator' },
    ]);
    // An appeal sent by e-mail for them: the outbox's copy quotes them too.
    await db().transaction((tx) =>
      enqueueAppealEmail(tx, {
        appealId: '0190b6a2-8f3c-7d4e-9a1b-2c3d4e5f6a7b',
        requestId: created.id,
        to: 'support@platform.example.test',
        replyTo: 'case@replies.unban.example.test',
        subject: 'Review request',
        text: 'Please review this number.',
      }),
    );
    // The appeal quotes the customer: it is in their export, and its text goes with the rest.
    const exported = dataExportSchema.parse((await call('GET', customer)).json());
    expect(exported.requests[0]?.appeals).toEqual([
      expect.objectContaining({ channel: 'web-form', body: 'Please review this number.' }),
    ]);
    // Among the e-mails to them, only theirs: the appeal is listed as an appeal.
    expect(exported.requests[0]?.emails.map((email) => email.to)).not.toContain(
      'support@platform.example.test',
    );
    const response = await call('DELETE', customer);
    expect(response.statusCode).toBe(200);
    expect(eraseResponseSchema.parse(response.json())).toEqual({
      erasedRequests: 1,
      keptPaymentRecords: 1,
    });
    const kept = await db().select().from(appeals).where(eq(appeals.requestId, created.id));
    expect(kept.map((appeal) => [appeal.channelKind, appeal.body])).toEqual([['web-form', '']]);
    const appealEmails = await db().select().from(outbox).where(eq(outbox.kind, APPEAL_EMAIL_KIND));
    expect(appealEmails.filter((job) => JSON.stringify(job.payload).includes(created.id))).toEqual(
      [],
    );
    // The account is deleted: its token is refused (the emulator checks on every call).
    expect((await call('GET', customer)).statusCode).toBe(401);
    expect((await call('DELETE', customer)).statusCode).toBe(401);
  });

  it('refuses a call without the confirmation, changing nothing', async () => {
    const customer = await newCustomer();
    for (const payload of [{}, { confirm: false }, { confirm: 'yes' }]) {
      const response = await call('DELETE', customer, payload);
      expect(response.statusCode).toBe(400);
      const body = errorBodySchema.parse(response.json());
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields?.['confirm']).toBe('Confirm that you want to erase your data.');
    }
    await expect(getFirebaseAuth({ projectId }).getUser(customer.uid)).resolves.toBeDefined();
  });

  it('refuses staff accounts', async () => {
    const operator = await signUpStaff(getFirebaseAuth({ projectId }), 'operator');
    const response = await call('DELETE', operator);
    expect(response.statusCode).toBe(403);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('FORBIDDEN');
  });
});
