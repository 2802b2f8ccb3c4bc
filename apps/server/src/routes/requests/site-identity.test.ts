import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestResponseSchema } from '@unban/contract/requests';
import { loadConfig } from '../../config/env';
import { mailboxMessages, payments, replyDeadlines, requests } from '../../db/schema';
import { businessMillisBetween } from '../../domain/business-calendar';
import { createDevMailbox } from '../../jobs/dev-mailbox';
import { runEmailWorkerTick } from '../../jobs/outbox-worker';
import { authEmulator } from '../../test/auth-emulator';
import {
  TEST_PUBLIC_URL,
  newCustomer,
  pressSandboxButton,
  submitRequest,
  validRequestBody,
} from '../../test/request-fixtures';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

/*
 * A second site identity (docs/decisions/023) through the API, on the real database: the
 * server charges the configured plan's price, runs the configured reply promise and writes
 * the e-mails in the configured words. The client still sends only the plan id.
 */

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

function telegramConfigFile(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'unban-identity-'));
  const file = path.join(folder, 'site.json');
  writeFileSync(
    file,
    JSON.stringify({
      brand: 'Unban Telegram Desk',
      appName: 'Telegram',
      appOwner: 'Telegram FZ-LLC',
      supportEmail: 'help@unban-telegram.example',
      plans: {
        standard: { priceMinor: 3900 },
        priority: { name: 'Express', priceMinor: 7900, replyWithinBusinessMinutes: 120 },
      },
    }),
  );
  return file;
}

let subject: TestApp;

beforeAll(async () => {
  const { host, projectId } = authEmulator();
  const configured = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SITE_CONFIG_FILE: telegramConfigFile(),
  });
  subject = await createTestApp({
    config: {
      firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host },
      publicUrl: TEST_PUBLIC_URL,
      identity: configured.identity,
      replyDeadlines: configured.replyDeadlines,
      mail: configured.mail,
    },
  });
  await subject.app.ready();
});
afterAll(() => subject?.close());

const db = () => subject.database.db;

describe('a configured site identity', () => {
  it('charges the configured price of the chosen plan, whatever the client sends', async () => {
    const customer = await newCustomer();
    // An amount in the body is not the contract's: it is dropped, never charged.
    const response = await submitRequest(
      subject,
      customer,
      validRequestBody({ plan: 'priority', priceMinor: 100, amountMinor: 100 }),
    );
    expect(response.statusCode).toBe(201);
    const created = createRequestResponseSchema.parse(response.json());
    const [row] = await db().select().from(requests).where(eq(requests.id, created.id));
    expect(row).toMatchObject({ plan: 'priority', priceAmount: 7900, currency: 'USD' });
    const [attempt] = await db().select().from(payments).where(eq(payments.requestId, created.id));
    expect(attempt).toMatchObject({ amount: 7900, currency: 'USD' });

    // The hosted checkout shows the same amount and names the configured app and plan.
    const checkout = new URL(created.checkoutUrl);
    const page = await subject.app.inject({ url: `${checkout.pathname}${checkout.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$79.00');
    expect(page.body).toContain('Telegram unban request (Express)');

    const standard = await submitRequest(subject, await newCustomer());
    const standardBody = createRequestResponseSchema.parse(standard.json());
    const [standardRow] = await db()
      .select()
      .from(requests)
      .where(eq(requests.id, standardBody.id));
    expect(standardRow?.priceAmount).toBe(3900);
  });

  it('runs the configured reply promise once paid, and mails in the configured words', async () => {
    const customer = await newCustomer();
    const response = await submitRequest(
      subject,
      customer,
      validRequestBody({ plan: 'priority', contactEmail: 'telegram.customer@example.test' }),
    );
    const created = createRequestResponseSchema.parse(response.json());
    await pressSandboxButton(subject, created.checkoutUrl, 'pay');

    const [deadline] = await db()
      .select()
      .from(replyDeadlines)
      .where(eq(replyDeadlines.requestId, created.id));
    expect(deadline).toBeDefined();
    const calendar = subject.app.config.replyDeadlines.calendar;
    expect(businessMillisBetween(deadline!.startedAt, deadline!.dueAt, calendar)).toBe(
      120 * 60_000,
    );

    const publicUrl = subject.app.config.publicUrl;
    await runEmailWorkerTick({
      db: db(),
      mailer: createDevMailbox({ db: db(), publicUrl, log: quietLog }),
      publicUrl,
      identity: subject.app.config.identity,
      log: quietLog,
    });
    const mails = await db()
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.requestId, created.id));
    const received = mails.find((mail) => mail.subject.endsWith('Request received'));
    expect(received?.text).toContain('get your Telegram number unbanned');
    expect(received?.text).toContain('Write to help@unban-telegram.example');
    expect(received?.text).toContain(
      'Unban Telegram Desk (not affiliated with Telegram or Telegram FZ-LLC)',
    );
    const paid = mails.find((mail) => mail.subject.endsWith('Payment received'));
    expect(paid?.text).toContain('Payment of $79.00 received');
    expect(paid?.text).toContain('within 4 business hours');
    expect(subject.app.config.mail.from).toBe('Unban Telegram Desk <help@unban-telegram.example>');
  });
});
