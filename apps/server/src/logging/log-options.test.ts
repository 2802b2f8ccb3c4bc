import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { createDevMailbox } from '../jobs/dev-mailbox';
import { authEmulator } from '../test/auth-emulator';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import type { FastifyInstance } from 'fastify';
import { safeLoggerOptions } from './log-options';

const PHONE = '+15550199887';
const EMAIL = 'private.person@example.test';
const STATUS_TOKEN = 'st_secret-status-token-0123456789';

/** Every line the server logs, as text. */
class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

describe('server logs', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const logs = new LogCapture();
  beforeAll(async () => {
    database = await createTestDatabase();
    const { host, projectId } = authEmulator();
    app = buildApp({
      config: testConfig({
        firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host },
      }),
      db: database.db,
      logger: { ...safeLoggerOptions('info'), stream: logs },
    });
    // A failing query that carries personal data as parameters, as an insert of a request would.
    app.get(
      '/api/test/failing-query',
      { config: { guard: 'public' }, schema: { response: { 200: z.unknown() } } },
      async () => database.db.execute(sql`select ${PHONE}::int, ${EMAIL}::int`),
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('log request addresses without their query values (status tokens, signed links)', async () => {
    await app.inject({ method: 'GET', url: `/api/payment-status?token=${STATUS_TOKEN}` });
    await app.inject({ method: 'GET', url: `/sandbox/checkout/cs_1?s=${STATUS_TOKEN}` });
    expect(logs.text).toContain('/api/payment-status?token=[redacted]');
    expect(logs.text).not.toContain(STATUS_TOKEN);
  });

  it('never log an authorization header', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: `Bearer ${STATUS_TOKEN}` },
    });
    expect(logs.text).not.toContain(STATUS_TOKEN);
  });

  it('log a failed query without the values it carried', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/failing-query' });
    expect(response.statusCode).toBe(500);
    expect(logs.text).toContain('request failed');
    expect(logs.text).toContain('Failed query: select $1::int, $2::int');
    expect(logs.text).not.toContain(PHONE);
    expect(logs.text).not.toContain(EMAIL);
  });

  it("log a dev-mailbox delivery without the recipient's address", async () => {
    const mailbox = createDevMailbox({
      db: database.db,
      publicUrl: 'http://localhost:8300',
      log: app.log,
    });
    await mailbox.send({
      idempotencyKey: 'log-test-1',
      requestId: null,
      to: EMAIL,
      subject: 'Hello',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    expect(logs.text).toContain('e-mail in the dev mailbox');
    expect(logs.text).not.toContain(EMAIL);
  });
});
