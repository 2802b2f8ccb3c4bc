import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appealWorkbenchSchema } from '@unban/contract/appeals';
import type { AppealWorkbench } from '@unban/contract/appeals';
import { dashboardResponseSchema, queueResponseSchema } from '@unban/contract/admin';
import { errorBodySchema } from '@unban/contract/errors';
import { requestDetailSchema } from '@unban/contract/requests';
import { signInbound } from '../../appeals/inbound-signature';
import { replyAddressFor } from '../../appeals/reply-address';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { appeals, mailboxMessages, outbox, requests } from '../../db/schema';
import { createDevMailbox } from '../../jobs/dev-mailbox';
import { appealEmailPayloadSchema } from '../../jobs/email-outbox';
import { runEmailWorkerTick } from '../../jobs/outbox-worker';
import { authEmulator } from '../../test/auth-emulator';
import { signUpStaff } from '../../test/auth-tokens';
import type { PasswordUser } from '../../test/auth-tokens';
import {
  operatorMoves,
  orderWithCheckout,
  readRequest,
  sandboxPress,
} from '../../test/payment-fixtures';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { defaultSiteIdentity } from '@unban/contract/site-config';

let subject: TestApp;
let operator: PasswordUser;

beforeAll(async () => {
  const { host, projectId } = authEmulator();
  subject = await createTestApp({
    config: { firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host } },
  });
  await subject.app.ready();
  operator = await signUpStaff(getFirebaseAuth({ projectId }), 'operator');
});
afterAll(() => subject?.close());

const db = () => subject.database.db;
const DAY_MS = 24 * 3_600_000;

function call(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return subject.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${operator.idToken}` },
    ...(payload ? { payload } : {}),
  });
}

async function workbench(id: string): Promise<AppealWorkbench> {
  const response = await call('GET', `/api/admin/requests/${id}/appeals`);
  expect(response.statusCode, response.body).toBe(200);
  return appealWorkbenchSchema.parse(response.json());
}

/** A paid case an operator has started reviewing. */
async function caseInReview() {
  const order = await orderWithCheckout(db(), subject.app);
  await sandboxPress(subject.app, order.checkout.checkoutUrl, 'pay');
  await operatorMoves(db(), subject.app, order.request.id, ['in_review']);
  return readRequest(db(), order.request.id);
}

function channelOf(bench: AppealWorkbench, kind: string) {
  const channel = bench.channels.find((c) => c.kind === kind);
  if (!channel) throw new Error(`no ${kind} channel`);
  return channel;
}

async function sendAppeal(id: string, extra: Record<string, unknown> = {}) {
  const bench = await workbench(id);
  const email = channelOf(bench, 'support-email');
  return call('POST', `/api/admin/requests/${id}/appeals`, {
    channelIndex: email.index,
    kind: 'appeal',
    delivery: 'email',
    subject: email.drafts.appeal.subject,
    body: `${email.drafts.appeal.body}\n\n(edited by the operator)`,
    expectedVersion: bench.caseVersion,
    ...extra,
  });
}

function inboundForm(fields: Record<string, string>, key = subject.app.config.appealMail!) {
  const timestamp = fields.timestamp ?? String(Math.floor(Date.now() / 1000));
  const token = fields.token ?? `token-${Math.random().toString(36).slice(2)}`.padEnd(50, 'x');
  const signature = fields.signature ?? signInbound(timestamp, token, key.inboundSigningKey);
  return new URLSearchParams({
    sender: 'support@support.whatsapp.com',
    from: 'WhatsApp Support <support@support.whatsapp.com>',
    subject: 'Re: Request for review',
    'body-plain': 'Hello,\nYour account has been restored.\n\n> quoted appeal',
    'stripped-text': 'Hello,\nYour account has been restored.',
    ...fields,
    timestamp,
    token,
    signature,
  });
}

function postInbound(form: URLSearchParams) {
  return subject.app.inject({
    method: 'POST',
    url: '/api/inbound-email/mailgun',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

describe('appeal_submitted needs an appeal', () => {
  it('refuses in_review → appeal_submitted without one (409 APPEAL_REQUIRED)', async () => {
    const row = await caseInReview();
    const response = await call('POST', `/api/admin/requests/${row.id}/transitions`, {
      to: 'appeal_submitted',
      expectedVersion: row.version,
    });
    expect(response.statusCode).toBe(409);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('APPEAL_REQUIRED');
    expect((await readRequest(db(), row.id)).caseState).toBe('in_review');
  });
});

describe('drafting and sending an appeal', () => {
  it('drafts every operator channel from the case, the owner’s in-app review aside', async () => {
    const row = await caseInReview();
    const bench = await workbench(row.id);
    expect(bench.channels.map((c) => c.kind)).toEqual(['support-email', 'web-form']);
    const email = channelOf(bench, 'support-email');
    expect(email.canSend).toBe(true);
    expect(channelOf(bench, 'web-form').canSend).toBe(false);
    expect(email.drafts.appeal.subject).toContain(row.phoneE164);
    expect(email.drafts.appeal.body).toContain(`"${row.banMessage}"`);
    expect(email.drafts.appeal.body).not.toMatch(/\{\{/);
    expect(email.drafts.follow_up.body).not.toMatch(/\{\{/);
    expect(bench.canSubmit).toBe(true);
    expect(bench.replyRouting).toBe('case-address');
  });

  it('sends through the outbox with the case’s Reply-To and moves the case to appeal submitted', async () => {
    const row = await caseInReview();
    const before = Date.now();
    const response = await sendAppeal(row.id);
    expect(response.statusCode, response.body).toBe(200);
    const bench = appealWorkbenchSchema.parse(response.json());
    const [appeal] = bench.appeals;
    expect(appeal).toMatchObject({
      kind: 'appeal',
      delivery: 'email',
      channelKind: 'support-email',
      sentTo: 'support@support.whatsapp.com',
      operatorUid: operator.uid,
      playbookVersion: bench.playbook.version,
    });
    const routing = subject.app.config.appealMail!;
    const replyTo = replyAddressFor(row.reference, routing.replySecret, routing.replyDomain);
    expect(appeal?.replyTo).toBe(replyTo);
    // Look again after 2 days, follow up after 7 (the default playbook).
    const followUp = new Date(bench.followUpDueAt ?? 0).getTime();
    expect(followUp).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
    expect(followUp).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);

    const moved = await readRequest(db(), row.id);
    expect(moved.caseState).toBe('appeal_submitted');
    expect(moved.playbookId).toBe(bench.playbook.id);

    const [job] = await db().select().from(outbox).where(eq(outbox.kind, 'email.appeal'));
    expect(job).toBeDefined();
    const jobs = (await db().select().from(outbox).where(eq(outbox.kind, 'email.appeal'))).map(
      (j) => appealEmailPayloadSchema.parse(j.payload),
    );
    const payload = jobs.find((p) => p.requestId === row.id);
    expect(payload).toMatchObject({ to: 'support@support.whatsapp.com', replyTo });
    expect(payload?.text).toContain('(edited by the operator)');

    // The worker sends it as written; the dev mailbox shows it.
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    await runEmailWorkerTick({
      db: db(),
      mailer: createDevMailbox({ db: db(), publicUrl: 'https://unban.example.test', log }),
      publicUrl: 'https://unban.example.test',
      identity: defaultSiteIdentity,
      log,
    });
    const mails = await db()
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.requestId, row.id));
    const sent = mails.find((mail) => mail.toAddress === 'support@support.whatsapp.com');
    expect(sent?.text).toContain('(edited by the operator)');

    // The customer's timeline says it went, without the text.
    const detail = await call('GET', `/api/requests/${row.id}`);
    const timeline = requestDetailSchema.parse(detail.json()).timeline;
    expect(timeline.at(-1)).toMatchObject({
      toState: 'appeal_submitted',
      messageToCustomer: 'Appeal sent to WhatsApp support by e-mail.',
      // The same line as a code, for the customer's language.
      notice: {
        kind: 'appeal_sent',
        appealKind: 'appeal',
        channelKind: 'support-email',
        app: 'WhatsApp',
      },
    });
  });

  it('refuses a stale version, a channel that cannot be e-mailed and a follow-up before an appeal', async () => {
    const row = await caseInReview();
    const stale = await sendAppeal(row.id, { expectedVersion: row.version - 1 });
    expect(stale.statusCode).toBe(409);
    const bench = await workbench(row.id);
    const form = channelOf(bench, 'web-form');
    const byEmail = await call('POST', `/api/admin/requests/${row.id}/appeals`, {
      channelIndex: form.index,
      kind: 'appeal',
      delivery: 'email',
      subject: 'x',
      body: 'y',
      expectedVersion: bench.caseVersion,
    });
    expect(byEmail.statusCode).toBe(400);
    const followUp = await call('POST', `/api/admin/requests/${row.id}/appeals`, {
      channelIndex: form.index,
      kind: 'follow_up',
      delivery: 'recorded',
      subject: 'x',
      body: 'y',
      expectedVersion: bench.caseVersion,
    });
    expect(followUp.statusCode).toBe(400);
    expect(errorBodySchema.parse(followUp.json()).error.fields).toHaveProperty('kind');
    expect((await readRequest(db(), row.id)).caseState).toBe('in_review');
  });
});

describe('follow-ups', () => {
  it('puts a recorded appeal whose follow-up day has passed in the queue’s follow-up filter', async () => {
    const row = await caseInReview();
    const bench = await workbench(row.id);
    const form = channelOf(bench, 'web-form');
    const eightDaysAgo = new Date(Date.now() - 8 * DAY_MS).toISOString();
    const recorded = await call('POST', `/api/admin/requests/${row.id}/appeals`, {
      channelIndex: form.index,
      kind: 'appeal',
      delivery: 'recorded',
      subject: form.drafts.appeal.subject,
      body: form.drafts.appeal.body,
      submittedAt: eightDaysAgo,
      expectedVersion: bench.caseVersion,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const after = appealWorkbenchSchema.parse(recorded.json());
    expect(new Date(after.followUpDueAt ?? 0).getTime()).toBeLessThan(Date.now());

    const queue = await call(
      'GET',
      '/api/admin/requests?followUp=due&sort=follow_up_asc&limit=100',
    );
    expect(queue.statusCode).toBe(200);
    const items = queueResponseSchema.parse(queue.json()).items;
    expect(items.map((item) => item.id)).toContain(row.id);
    const dueTimes = items.map((item) => item.followUpDueAt ?? '');
    expect(dueTimes.every((t) => new Date(t).getTime() <= Date.now())).toBe(true);
    expect([...dueTimes].sort()).toEqual(dueTimes);

    // The follow-up answers it: the next one is a week from now, and the case leaves the filter.
    const followUp = await call('POST', `/api/admin/requests/${row.id}/appeals`, {
      channelIndex: form.index,
      kind: 'follow_up',
      delivery: 'recorded',
      subject: form.drafts.follow_up.subject,
      body: form.drafts.follow_up.body,
      expectedVersion: after.caseVersion,
    });
    expect(followUp.statusCode, followUp.body).toBe(200);
    const next = appealWorkbenchSchema.parse(followUp.json());
    expect(next.appeals.map((a) => [a.kind, a.nextFollowUpAt === null])).toEqual([
      ['appeal', true],
      ['follow_up', false],
    ]);
    const queueAfter = queueResponseSchema.parse(
      (await call('GET', '/api/admin/requests?followUp=due&limit=100')).json(),
    );
    expect(queueAfter.items.map((item) => item.id)).not.toContain(row.id);
  });
});

describe('the platform’s reply', () => {
  it('records a signed inbound e-mail, alerts, and a confirmed "restored" unbans the case', async () => {
    const row = await caseInReview();
    expect((await sendAppeal(row.id)).statusCode).toBe(200);
    const routing = subject.app.config.appealMail!;
    const recipient = replyAddressFor(row.reference, routing.replySecret, routing.replyDomain);
    const form = inboundForm({ recipient });
    const response = await postInbound(form);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'recorded' });

    // The same post again is a replay.
    const replay = await postInbound(form);
    expect(replay.statusCode).toBe(406);
    expect(errorBodySchema.parse(replay.json()).error.code).toBe('INBOUND_REPLAYED');

    const bench = await workbench(row.id);
    expect(bench.platformReplied).toBe(true);
    const [reply] = bench.replies;
    expect(reply).toMatchObject({
      source: 'inbound',
      body: 'Hello,\nYour account has been restored.',
      suggestedOutcome: 'restored',
      outcome: null,
    });
    expect(new Date(bench.followUpDueAt ?? 0).getTime()).toBeLessThanOrEqual(Date.now());
    const due = queueResponseSchema.parse(
      (await call('GET', '/api/admin/requests?followUp=due&limit=100')).json(),
    );
    expect(due.items.map((item) => item.id)).toContain(row.id);

    const decided = await call(
      'POST',
      `/api/admin/requests/${row.id}/platform-replies/${reply?.id}/outcome`,
      { outcome: 'restored' },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    const after = appealWorkbenchSchema.parse(decided.json());
    expect(after.platformReplied).toBe(false);
    expect(after.followUpDueAt).toBeNull();
    expect(after.appeals.every((a) => a.nextFollowUpAt === null)).toBe(true);
    expect((await readRequest(db(), row.id)).caseState).toBe('unbanned');
    // The operator wrote nothing: the system's line, with its code for the customer's language.
    const detail = await call('GET', `/api/requests/${row.id}`);
    expect(requestDetailSchema.parse(detail.json()).timeline.at(-1)).toMatchObject({
      toState: 'unbanned',
      messageToCustomer:
        'WhatsApp reviewed your appeal and restored your account: your number works again.',
      notice: { kind: 'platform_restored', app: 'WhatsApp' },
    });
    const again = await call(
      'POST',
      `/api/admin/requests/${row.id}/platform-replies/${reply?.id}/outcome`,
      { outcome: 'ban_kept' },
    );
    expect(again.statusCode).toBe(409);
  });

  it('refuses bad signatures and stale timestamps, and accepts mail to an unknown address', async () => {
    const routing = subject.app.config.appealMail!;
    const bad = await postInbound(
      inboundForm({
        recipient: `case-ub-aaaaaaaa-0000000000@${routing.replyDomain}`,
        signature: 'ab'.repeat(32),
      }),
    );
    expect(bad.statusCode).toBe(401);
    expect(errorBodySchema.parse(bad.json()).error.code).toBe('INBOUND_SIGNATURE_INVALID');
    const old = String(Math.floor(Date.now() / 1000) - 16 * 60);
    const stale = await postInbound(
      inboundForm({ recipient: `someone@${routing.replyDomain}`, timestamp: old }),
    );
    expect(stale.statusCode).toBe(401);
    const unknown = await postInbound(inboundForm({ recipient: `nobody@${routing.replyDomain}` }));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true, outcome: 'unknown-recipient' });
  });

  it('reads a multipart post (a reply with an attachment)', async () => {
    const row = await caseInReview();
    expect((await sendAppeal(row.id)).statusCode).toBe(200);
    const routing = subject.app.config.appealMail!;
    const recipient = replyAddressFor(row.reference, routing.replySecret, routing.replyDomain);
    const fields = inboundForm({ recipient, 'stripped-text': 'We are reviewing your request.' });
    const boundary = '----appeal-test-boundary';
    const parts = [...fields.entries()].map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment-1"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`,
    );
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/inbound-email/mailgun',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${parts.join('')}--${boundary}--\r\n`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [reply] = (await workbench(row.id)).replies;
    expect(reply).toMatchObject({ body: 'We are reviewing your request.', suggestedOutcome: null });
  });

  it('records a pasted "ban kept" reply: the case is denied and refunded in full', async () => {
    const row = await caseInReview();
    expect((await sendAppeal(row.id)).statusCode).toBe(200);
    const response = await call('POST', `/api/admin/requests/${row.id}/platform-replies`, {
      from: 'support@support.whatsapp.com',
      body: 'After review, your account will remain banned for violating our Terms of Service.',
      outcome: 'ban_kept',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [reply] = appealWorkbenchSchema.parse(response.json()).replies;
    expect(reply).toMatchObject({
      source: 'pasted',
      outcome: 'ban_kept',
      suggestedOutcome: 'ban_kept',
    });
    const after = await readRequest(db(), row.id);
    expect(['denied', 'refunded']).toContain(after.caseState);
    expect(['refund_pending', 'refunded']).toContain(after.paymentState);
  });

  it('refuses a pasted reply on a case without an appeal', async () => {
    const row = await caseInReview();
    const response = await call('POST', `/api/admin/requests/${row.id}/platform-replies`, {
      body: 'Thanks for your message.',
      outcome: 'other',
    });
    expect(response.statusCode).toBe(409);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('APPEAL_REQUIRED');
  });
});

describe('malformed inbound posts', () => {
  // Found by `npm run fuzz`: a body that is not the multipart it claims to be was a 500.
  it.each([
    ['not multipart at all', 'true'],
    ['an unterminated part', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue'],
    ['no closing boundary', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue\r\n'],
  ])('answers 400 BAD_REQUEST to %s', async (_name, payload) => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/inbound-email/mailgun',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorBodySchema.parse(response.json()).error.code).toBe('BAD_REQUEST');
  });
});

describe('dashboard figures', () => {
  it('counts outcomes per ban type and channel, and appeals per operator', async () => {
    const response = await call('GET', '/api/admin/dashboard');
    expect(response.statusCode).toBe(200);
    const dashboard = dashboardResponseSchema.parse(response.json());
    const email = dashboard.appealOutcomes.find(
      (row) => row.banType === 'permanent_ban' && row.channelKind === 'support-email',
    );
    // From the tests above: one unbanned, one denied, the others still open.
    expect(email?.unbanned).toBe(1);
    expect(email?.notUnbanned).toBe(1);
    expect(email?.cases).toBeGreaterThanOrEqual(4);
    expect(email?.medianSecondsToOutcome).not.toBeNull();
    const mine = dashboard.appealsPerOperator.find((row) => row.operatorUid === operator.uid);
    expect(mine?.appeals).toBeGreaterThanOrEqual(5);
    expect(mine?.followUps).toBe(1);
    const stored = await db().select().from(appeals).where(eq(appeals.operatorUid, operator.uid));
    expect(stored.length).toBe((mine?.appeals ?? 0) + (mine?.followUps ?? 0));
    // Nothing stays due on a decided case.
    const decided = await db().select().from(requests).where(eq(requests.caseState, 'unbanned'));
    expect(decided.every((r) => r.followUpDueAt === null)).toBe(true);
  });
});
