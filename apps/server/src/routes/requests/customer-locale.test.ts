import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestResponseSchema } from '@unban/contract/requests';
import { errorBodySchema } from '@unban/contract/errors';
import { mailboxMessages, requests } from '../../db/schema';
import { createDevMailbox } from '../../jobs/dev-mailbox';
import { runEmailWorkerTick } from '../../jobs/outbox-worker';
import {
  createRequestsTestApp,
  moveCase,
  newCustomer,
  pressSandboxButton,
  submitRequest,
  validRequestBody,
} from '../../test/request-fixtures';
import type { RequestsTestApp } from '../../test/request-fixtures';

/*
 * Issue 15, point 5: the order form sends the document's language, the request keeps it, and
 * every e-mail to the customer is written in it, through the real outbox and dev mailbox.
 */

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

let subject: RequestsTestApp;
beforeAll(async () => {
  subject = await createRequestsTestApp();
});
afterAll(() => subject?.close());

const db = () => subject.database.db;

async function create(body: Record<string, unknown>) {
  const response = await submitRequest(subject, await newCustomer(), validRequestBody(body));
  expect(response.statusCode, response.body).toBe(201);
  return createRequestResponseSchema.parse(response.json());
}

async function deliverAndRead(requestId: string) {
  const publicUrl = subject.app.config.publicUrl;
  await runEmailWorkerTick({
    db: db(),
    mailer: createDevMailbox({ db: db(), publicUrl, log: quietLog }),
    publicUrl,
    identity: subject.app.config.identity,
    log: quietLog,
  });
  return db().select().from(mailboxMessages).where(eq(mailboxMessages.requestId, requestId));
}

async function storedLocale(requestId: string) {
  const [row] = await db().select().from(requests).where(eq(requests.id, requestId));
  return row?.locale;
}

/** The return addresses the checkout of `checkoutUrl` was opened with (the sandbox signs them in). */
function returnAddresses(checkoutUrl: string) {
  const url = new URL(checkoutUrl);
  const sessionId = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
  const info = subject.app.payments.sandbox?.describeSession(
    sessionId,
    url.searchParams.get('s') ?? '',
  );
  if (!info) throw new Error(`no sandbox session behind ${checkoutUrl}`);
  return { success: info.successUrl, cancel: info.cancelUrl };
}

describe('the customer language of a request', () => {
  it('is stored as the form sends it, and English when an older client sends none', async () => {
    const spanish = await create({ locale: 'es', contactEmail: 'es.stored@example.test' });
    expect(await storedLocale(spanish.id)).toBe('es');
    const older = await create({ contactEmail: 'older.client@example.test' });
    expect(await storedLocale(older.id)).toBe('en');
  });

  it.each(['fr', 'pt-br', 'EN', '', 42])('refuses %j with a stable error code', async (locale) => {
    const response = await submitRequest(
      subject,
      await newCustomer(),
      validRequestBody({ locale }),
    );
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields ?? {})).toEqual(['locale']);
  });

  it('mails the receipt, the payment and a question in Spanish, linking to the Spanish pages', async () => {
    const created = await create({ locale: 'es', contactEmail: 'cliente@example.test' });
    await pressSandboxButton(subject, created.checkoutUrl, 'pay');
    await moveCase(db(), created.id, [
      { to: 'in_review', actor: 'operator' },
      {
        to: 'needs_info',
        actor: 'operator',
        messageToCustomer: '¿Qué día exacto fue la suspensión?',
      },
    ]);
    const mails = await deliverAndRead(created.id);
    const bySubject = (end: string) => mails.find((mail) => mail.subject.endsWith(end));

    const receipt = bySubject(': Solicitud recibida');
    expect(receipt?.text).toContain('Hola:');
    expect(receipt?.text).toContain('Estado: Pendiente de pago');
    expect(receipt?.text).toContain(
      `Complete o consulte su pago: https://unban.example.test/es/#/payment-status?order=${created.reference}`,
    );
    expect(receipt?.text).toContain(`https://unban.example.test/es/#/requests/${created.id}`);
    expect(receipt?.text).toContain(
      'Nunca le pediremos su código SMS, su PIN de verificación en dos pasos ni su contraseña.',
    );
    expect(receipt?.html).toContain('<html lang="es">');

    const paid = bySubject(': Pago recibido');
    // The system's own line, said in Spanish with the amount written the Spanish way.
    expect(paid?.text).toMatch(/Recibimos su pago de 49,00\sUS\$\. Su caso está en la cola/);
    expect(paid?.text).toContain('en 8 horas hábiles');
    expect(paid?.text).not.toContain('Payment of');

    const question = bySubject(': Necesitamos más información');
    expect(question?.text).toContain(
      'El operador le pregunta:\n¿Qué día exacto fue la suspensión?',
    );
    expect(mails.every((mail) => !/Hello,|What happens next/.test(mail.text))).toBe(true);
  });

  it('writes Arabic right to left, with its language on the HTML', async () => {
    const created = await create({ locale: 'ar', contactEmail: 'arabic@example.test' });
    const [receipt] = await deliverAndRead(created.id);
    expect(receipt?.subject).toBe(`${created.reference}: استلمنا طلبك`);
    expect(receipt?.html).toContain('<html lang="ar" dir="rtl">');
    expect(receipt?.text).toContain('لا نطلب منك أبدًا رمز SMS');
    expect(receipt?.text).toContain(`https://unban.example.test/ar/#/requests/${created.id}`);
  });

  it('keeps a queued e-mail in the language it was written in when the request changes later', async () => {
    const created = await create({ locale: 'pt-BR', contactEmail: 'queued.pt@example.test' });
    await db().update(requests).set({ locale: 'id' }).where(eq(requests.id, created.id));
    const [receipt] = await deliverAndRead(created.id);
    expect(receipt?.subject).toBe(`${created.reference}: Pedido recebido`);
  });

  it.each([
    ['en', '/payment-status'],
    ['es', '/es/payment-status'],
    ['pt-BR', '/pt-br/payment-status'],
    ['hi', '/hi/payment-status'],
    ['id', '/id/payment-status'],
    ['ar', '/ar/payment-status'],
  ])('sends a %s customer back from the checkout to %s', async (locale, path) => {
    const created = await create({ locale, contactEmail: `back.${locale}@example.test` });
    const query = `order=${created.reference}&token=${created.statusToken}`;
    const publicUrl = subject.app.config.publicUrl.replace(/\/+$/, '');
    expect(returnAddresses(created.checkoutUrl)).toEqual({
      success: `${publicUrl}${path}?${query}`,
      cancel: `${publicUrl}${path}?${query}&canceled=1`,
    });
  });

  it("shows the sandbox's checkout page in the customer's language", async () => {
    const created = await create({ locale: 'ar', contactEmail: 'sandbox.ar@example.test' });
    const url = new URL(created.checkoutUrl);
    const page = await subject.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('<h1>صفحة دفع تجريبية</h1>');
    expect(page.body).not.toContain('>Pay<');
  });

  it('answers the same order sent again after paying with its status in its language', async () => {
    const customer = await newCustomer();
    const headers = { 'idempotency-key': `locale-replay-${Date.now()}` };
    const body = validRequestBody({ locale: 'id', contactEmail: 'replay.id@example.test' });
    const first = createRequestResponseSchema.parse(
      (await submitRequest(subject, customer, body, headers)).json(),
    );
    await pressSandboxButton(subject, first.checkoutUrl, 'pay');
    const again = createRequestResponseSchema.parse(
      (await submitRequest(subject, customer, body, headers)).json(),
    );
    const status = new URL(again.checkoutUrl);
    expect(status.pathname + status.search).toBe(
      `/id/payment-status?order=${first.reference}&token=${first.statusToken}`,
    );
  });
});
