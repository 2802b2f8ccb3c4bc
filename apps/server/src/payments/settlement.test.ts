import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../db/schema';
import { AppError } from '../errors';
import {
  insertRequest,
  operatorMoves,
  orderWithCheckout,
  readPayment,
  readRequest,
  refundJobs,
  sandboxPress,
  timeline,
} from '../test/payment-fixtures';
import { createTestApp, testCalendar } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { applyCaseTransition } from '../cases/case-transitions';

/*
 * What happens to a case and its money after payments and case moves, on the embedded
 * sandbox provider (no network), through the real app's `app.payments`.
 */
describe('payment settlement', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ config: { publicUrl: 'https://unban.example.test' } });
    await subject.app.ready();
  });
  afterAll(() => subject?.close());

  const db = () => subject.database.db;
  const app = () => subject.app;

  async function paidOrder() {
    const order = await orderWithCheckout(db(), app());
    await sandboxPress(app(), order.checkout.checkoutUrl, 'pay');
    return order;
  }

  describe('the guarantee', () => {
    it('refunds a denied case in full and closes it as refunded', async () => {
      const { request, payment } = await paidOrder();
      await operatorMoves(db(), app(), request.id, ['in_review', 'appeal_submitted', 'denied']);

      expect(await readPayment(db(), payment.id)).toMatchObject({
        state: 'refunded',
        refundRequestedAmount: 4900,
        refundedAmount: 4900,
      });
      expect(await readRequest(db(), request.id)).toMatchObject({
        caseState: 'refunded',
        paymentState: 'refunded',
      });
      const rows = await timeline(db(), request.id);
      expect(rows.map((row) => `${row.from}>${row.to}:${row.actor}`)).toEqual([
        'awaiting_payment>queued:system',
        'queued>in_review:operator',
        'in_review>appeal_submitted:operator',
        'appeal_submitted>denied:operator',
        'denied>refunded:system',
      ]);
      expect(rows.at(-1)?.message).toContain('refunded in full');
      const [job] = (await refundJobs(db())).filter(
        (j) => j.idempotencyKey === `refund:${payment.id}`,
      );
      expect(job).toMatchObject({
        status: 'sent',
        payload: { paymentId: payment.id, cause: 'guarantee' },
      });
    });

    it('shows refund_pending between the decision and the provider confirming the refund', async () => {
      const { request, payment } = await paidOrder();
      const pending = await db().transaction(async (tx) => {
        await applyCaseTransition(
          tx,
          {
            requestId: request.id,
            to: 'in_review',
            actor: 'operator',
            actorUid: 'op',
          },
          testCalendar,
        );
        await applyCaseTransition(
          tx,
          {
            requestId: request.id,
            to: 'not_eligible',
            actor: 'operator',
            actorUid: 'op',
          },
          testCalendar,
        );
        return app().payments.followUpCase(tx, request.id);
      });
      expect(pending).toEqual([payment.id]);
      expect((await readPayment(db(), payment.id)).state).toBe('refund_pending');
      expect(await readRequest(db(), request.id)).toMatchObject({
        caseState: 'not_eligible',
        paymentState: 'refund_pending',
      });

      await app().payments.startRefunds(pending);
      expect((await readPayment(db(), payment.id)).state).toBe('refunded');
      expect((await readRequest(db(), request.id)).caseState).toBe('refunded');
    });

    it('still refunds when nobody started the refund after commit: the sweep does', async () => {
      const { request, payment } = await paidOrder();
      await db().transaction(async (tx) => {
        for (const to of ['in_review', 'not_eligible'] as const) {
          await applyCaseTransition(
            tx,
            {
              requestId: request.id,
              to,
              actor: 'operator',
              actorUid: 'op',
            },
            testCalendar,
          );
        }
        await app().payments.followUpCase(tx, request.id);
      });
      expect((await readPayment(db(), payment.id)).state).toBe('refund_pending');

      await app().payments.runDueRefunds();
      expect((await readPayment(db(), payment.id)).state).toBe('refunded');
      expect((await readRequest(db(), request.id)).caseState).toBe('refunded');
    });

    it('changes nothing when the follow-up runs again', async () => {
      const { request } = await paidOrder();
      await operatorMoves(db(), app(), request.id, ['in_review', 'not_eligible']);
      const before = await timeline(db(), request.id);
      await operatorMoves(db(), app(), request.id, []);
      expect(await timeline(db(), request.id)).toEqual(before);
    });
  });

  describe('money that must go back', () => {
    it('keeps the older of two paid attempts and refunds the younger, in any order or at once', async () => {
      for (const payFirst of ['older', 'younger', 'both at once'] as const) {
        const { request, statusToken } = await insertRequest(db());
        const older = await app().payments.startCheckout(db(), { request, statusToken });
        const younger = await app().payments.startCheckout(db(), { request, statusToken });
        if (payFirst === 'both at once') {
          await Promise.all([
            sandboxPress(app(), older.checkoutUrl, 'pay'),
            sandboxPress(app(), younger.checkoutUrl, 'pay'),
          ]);
        } else {
          const [first, second] = payFirst === 'older' ? [older, younger] : [younger, older];
          await sandboxPress(app(), first.checkoutUrl, 'pay');
          await sandboxPress(app(), second.checkoutUrl, 'pay');
        }

        expect((await readPayment(db(), older.paymentId)).state).toBe('paid');
        expect((await readPayment(db(), younger.paymentId)).state).toBe('refunded');
        expect(await readRequest(db(), request.id)).toMatchObject({
          caseState: 'queued',
          paymentState: 'paid',
        });
        expect((await timeline(db(), request.id)).map((row) => row.to)).toEqual(['queued']);
        const [job] = (await refundJobs(db())).filter(
          (j) => j.idempotencyKey === `refund:${younger.paymentId}`,
        );
        expect(job?.payload).toMatchObject({ cause: 'duplicate_payment' });
      }
    });

    it('refunds a payment that lands on a request canceled before it was paid', async () => {
      const { request, checkout, payment } = await orderWithCheckout(db(), app());
      await db().transaction((tx) =>
        applyCaseTransition(
          tx,
          {
            requestId: request.id,
            to: 'canceled',
            actor: 'customer',
            actorUid: request.ownerUid,
          },
          testCalendar,
        ),
      );
      await sandboxPress(app(), checkout.checkoutUrl, 'pay');
      expect((await readPayment(db(), payment.id)).state).toBe('refunded');
      expect(await readRequest(db(), request.id)).toMatchObject({
        caseState: 'canceled',
        paymentState: 'refunded',
      });
    });
  });

  describe('operator refunds', () => {
    it('refunds the paying attempt in full and notes it on the timeline', async () => {
      const { request, payment } = await paidOrder();
      await app().payments.refundInFull(request.id, {
        reason: 'Customer asked by chat',
        actorUid: 'operator-uid',
      });
      expect((await readPayment(db(), payment.id)).state).toBe('refunded');
      // The case itself waits for the operator's decision.
      expect(await readRequest(db(), request.id)).toMatchObject({
        caseState: 'queued',
        paymentState: 'refunded',
      });
      const note = (await timeline(db(), request.id)).at(-1);
      expect(note).toMatchObject({
        from: 'queued',
        to: 'queued',
        actor: 'operator',
        note: 'Full refund started: Customer asked by chat',
      });

      const again = app().payments.refundInFull(request.id, { reason: 'twice', actorUid: 'op' });
      await expect(again).rejects.toBeInstanceOf(AppError);
      await expect(again).rejects.toMatchObject({ code: 'CONFLICT' });
    });

    it('refuses to refund a request that has not been paid', async () => {
      const { request } = await orderWithCheckout(db(), app());
      await expect(
        app().payments.refundInFull(request.id, { reason: 'x', actorUid: 'op' }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
    });
  });

  describe('new attempts', () => {
    it('shows the newest attempt until one takes money', async () => {
      const { request, statusToken, checkout } = await orderWithCheckout(db(), app());
      await sandboxPress(app(), checkout.checkoutUrl, 'decline');
      expect((await readRequest(db(), request.id)).paymentState).toBe('failed');

      const retry = await app().payments.startCheckout(db(), {
        request: await readRequest(db(), request.id),
        statusToken,
      });
      expect((await readRequest(db(), request.id)).paymentState).toBe('unpaid');
      const rows = await db().select().from(payments).where(eq(payments.requestId, request.id));
      expect(rows).toHaveLength(2);

      await sandboxPress(app(), retry.checkoutUrl, 'pay');
      expect(await readRequest(db(), request.id)).toMatchObject({
        caseState: 'queued',
        paymentState: 'paid',
      });
    });

    it('returns to the status page without a token when the caller has none', async () => {
      const { request } = await insertRequest(db());
      const checkout = await app().payments.startCheckout(db(), { request, statusToken: null });
      const info = app().payments.sandbox?.describeSession(
        new URL(checkout.checkoutUrl).pathname.split('/').at(-1) ?? '',
        new URL(checkout.checkoutUrl).searchParams.get('s') ?? '',
      );
      expect(info?.successUrl).toBe(
        `https://unban.example.test/payment-status?order=${request.reference}`,
      );
    });
  });
});
