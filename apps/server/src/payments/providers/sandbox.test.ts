import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test/test-database';
import { PaymentProviderError } from './provider';
import { createSandboxProvider } from './sandbox';

describe('sandbox provider', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  const log: FastifyBaseLogger = pino({ level: 'silent' });

  it('reports a refund it could not record, so the refund job tries again', async () => {
    const sandbox = createSandboxProvider({
      db: database.db,
      secret: 'sandbox-secret-for-tests',
      publicUrl: 'https://unban.example.test',
      payLaterDelayMs: 0,
      // As if the webhook inbox could not be written.
      deliver: async () => {
        throw new Error('database unavailable');
      },
      log,
    });
    const refund = sandbox.refund({
      paymentIntentId: 'sbx_pi_0190f3c2-7c4d-4000-8000-000000000001',
      amountMinor: 4900,
      currency: 'USD',
      idempotencyKey: 'refund:p',
      reason: 'requested_by_customer',
      paymentId: 'p',
    });
    await expect(refund).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('knows nothing of sessions it did not create', async () => {
    const sandbox = createSandboxProvider({
      db: database.db,
      secret: 'sandbox-secret-for-tests',
      publicUrl: 'https://unban.example.test',
      payLaterDelayMs: 0,
      deliver: async () => undefined,
      log,
    });
    expect(await sandbox.retrieveSession('cs_test_not_sandbox')).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
    });
    expect(await sandbox.sessionIdForCharge('ch_not_sandbox')).toBeNull();
    expect(sandbox.describeSession('sbx_x', 'forged.token')).toBeNull();
  });
});
