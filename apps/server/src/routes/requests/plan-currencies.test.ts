import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestResponseSchema, paymentStatusResponseSchema } from '@unban/contract/requests';
import { loadConfig } from '../../config/env';
import { mailboxMessages, payments, requests } from '../../db/schema';
import { createDevMailbox } from '../../jobs/dev-mailbox';
import { runEmailWorkerTick } from '../../jobs/outbox-worker';
import { authEmulator } from '../../test/auth-emulator';
import {
  TEST_PUBLIC_URL,
  bearer,
  newCustomer,
  pressSandboxButton,
  submitRequest,
  validRequestBody,
} from '../../test/request-fixtures';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

/*
 * Issue 15, point 6, through the API on the real database: a site whose plans are priced in
 * euros and reais too. The server fixes the amount and currency from the plan and the
 * request's language (never from the client); the sandbox checkout charges it, the refund
 * returns it in the same currency, and the payment status says it.
 */

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

function pricedConfigFile(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'unban-prices-'));
  const file = path.join(folder, 'site.json');
  writeFileSync(
    file,
    JSON.stringify({
      plans: {
        standard: { prices: { EUR: 4500, BRL: 24900 } },
        priority: { prices: { EUR: 8500, BRL: 44900 } },
      },
      localeCurrencies: { es: 'EUR' },
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
    SITE_CONFIG_FILE: pricedConfigFile(),
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

async function order(body: Record<string, unknown>) {
  const customer = await newCustomer();
  const response = await submitRequest(subject, customer, validRequestBody(body));
  expect(response.statusCode, response.body).toBe(201);
  return { customer, created: createRequestResponseSchema.parse(response.json()) };
}

async function storedOrder(id: string) {
  const [row] = await db().select().from(requests).where(eq(requests.id, id));
  const attempts = await db().select().from(payments).where(eq(payments.requestId, id));
  return { row, attempts };
}

describe('prices in the customer’s currency', () => {
  it('charges a Portuguese order in reais at checkout and refunds it in reais', async () => {
    const { customer, created } = await order({
      locale: 'pt-BR',
      contactEmail: 'cliente.br@example.test',
      // An amount or currency from the client is not the contract's: dropped, never charged.
      amountMinor: 100,
      currency: 'USD',
    });
    const before = await storedOrder(created.id);
    expect(before.row).toMatchObject({ locale: 'pt-BR', priceAmount: 24900, currency: 'BRL' });
    expect(before.attempts).toEqual([expect.objectContaining({ amount: 24900, currency: 'BRL' })]);

    // The sandbox's hosted checkout shows the amount it charges, in the customer's language.
    const checkout = new URL(created.checkoutUrl);
    const page = await subject.app.inject({ url: `${checkout.pathname}${checkout.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body.replace(/\s/g, ' ')).toContain('R$ 249,00');

    await pressSandboxButton(subject, created.checkoutUrl, 'pay');
    const status = await subject.app.inject({
      url: `/api/payments/status?order=${created.reference}&token=${created.statusToken}`,
    });
    expect(paymentStatusResponseSchema.parse(status.json())).toMatchObject({
      amountMinor: 24900,
      currency: 'BRL',
      paymentState: 'paid',
    });

    const canceled = await subject.app.inject({
      method: 'POST',
      url: `/api/requests/${created.id}/cancel`,
      headers: bearer(customer),
      payload: { confirm: true },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const after = await storedOrder(created.id);
    expect(after.attempts).toEqual([
      expect.objectContaining({
        state: 'refunded',
        currency: 'BRL',
        refundRequestedAmount: 24900,
        refundedAmount: 24900,
      }),
    ]);

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
    const paid = mails.find((mail) => mail.subject.endsWith(': Pagamento recebido'));
    expect(paid?.text.replace(/\s/g, ' ')).toContain('Pagamento de R$ 249,00 recebido.');
    const canceledMail = mails.find((mail) => mail.subject.endsWith(': Pedido cancelado'));
    expect(canceledMail?.text.replace(/\s/g, ' ')).toContain(
      'Seu pagamento de R$ 249,00 está sendo reembolsado integralmente',
    );
  });

  it('charges a Spanish order in euros, the currency configured for Spanish', async () => {
    const { created } = await order({ locale: 'es', plan: 'priority' });
    expect((await storedOrder(created.id)).row).toMatchObject({
      priceAmount: 8500,
      currency: 'EUR',
    });
  });

  it('keeps English orders, and languages whose currency has no price, at USD 49.00', async () => {
    for (const locale of ['en', 'hi', undefined]) {
      const { created } = await order(locale ? { locale } : {});
      expect((await storedOrder(created.id)).row).toMatchObject({
        priceAmount: 4900,
        currency: 'USD',
      });
      const checkout = new URL(created.checkoutUrl);
      const page = await subject.app.inject({ url: `${checkout.pathname}${checkout.search}` });
      expect(page.body).toContain('$49.00');
    }
  });
});
