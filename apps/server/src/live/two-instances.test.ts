import { recordTestAppeal } from '../test/appeal-fixtures';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseChangeEventSchema, liveTicketResponseSchema } from '@unban/contract/live';
import { liveEventNames } from '@unban/contract/live-events';
import { getFirebaseAuth } from '../auth/firebase-admin';
import { createDatabase } from '../db/client';
import type { DatabaseHandle } from '../db/client';
import { authEmulator } from '../test/auth-emulator';
import { signUpStaff } from '../test/auth-tokens';
import type { PasswordUser } from '../test/auth-tokens';
import {
  TEST_PUBLIC_URL,
  bearer,
  createdRequest,
  newCustomer,
  pressSandboxButton,
} from '../test/request-fixtures';
import { openSse } from '../test/sse-client';
import type { SseConnection } from '../test/sse-client';
import { createTestApp, testConfig } from '../test/test-app';
import type { TestApp } from '../test/test-app';

/*
 * Several server instances on one PostgreSQL database, each with its own connections (as
 * separate processes would have): an operator's move on instance A reaches a customer's
 * stream held by instance B through LISTEN/NOTIFY. Only with TEST_DATABASE_URL (CI runs the
 * database tests a second time on PostgreSQL); PGlite serves one instance by design.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('two instances on one PostgreSQL database', () => {
  let instanceA: TestApp;
  let instanceB: TestApp;
  let databaseB: DatabaseHandle;
  let baseB: string;
  let operator: PasswordUser;
  let stream: SseConnection | undefined;
  const backgroundErrorsB: string[] = [];

  beforeAll(async () => {
    const { host, projectId } = authEmulator();
    // One secret on every instance, as the configuration asks behind a load balancer.
    const config = {
      firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host },
      publicUrl: TEST_PUBLIC_URL,
      liveTicketSecret: 'live-ticket-secret-shared-by-the-instances',
    };
    instanceA = await createTestApp({ config });
    // node-postgres answers with a result whose rows the driver-neutral type leaves open.
    const result = (await instanceA.database.db.execute(
      sql`select current_database() as name`,
    )) as unknown as { rows: { name: string }[] };
    const [row] = result.rows;
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${row?.name ?? ''}`;
    databaseB = await createDatabase({
      databaseUrl: url.toString(),
      dataDir: null,
      onBackgroundError: (error) => backgroundErrorsB.push(error.message),
    });
    instanceB = await createTestApp({ config, database: databaseB });
    await instanceA.app.ready();
    await instanceB.app.listen({ host: '127.0.0.1', port: 0 });
    baseB = `http://127.0.0.1:${(instanceB.app.server.address() as AddressInfo).port}`;
    operator = await signUpStaff(getFirebaseAuth({ projectId }), 'operator');
  });

  afterAll(async () => {
    stream?.close();
    await instanceB?.close();
    await databaseB?.close();
    await instanceA?.close();
  });

  it('carries a move made on instance A to a stream held by instance B', async () => {
    const owner = await newCustomer();
    const created = await createdRequest(instanceA, owner);
    await pressSandboxButton(instanceA, created.checkoutUrl, 'pay');

    // The ticket comes from A, the stream from B: the shared secret makes it valid there.
    const ticket = await instanceA.app.inject({
      method: 'POST',
      url: '/api/live/tickets',
      headers: bearer(owner),
    });
    const { ticket: value } = liveTicketResponseSchema.parse(ticket.json());
    stream = await openSse(`${baseB}/api/live/events?ticket=${encodeURIComponent(value)}`);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === liveEventNames.resync);

    const current = await instanceA.app.inject({
      method: 'GET',
      url: `/api/admin/requests/${created.id}`,
      headers: bearer(operator),
    });
    const moved = await instanceA.app.inject({
      method: 'POST',
      url: `/api/admin/requests/${created.id}/transitions`,
      headers: bearer(operator),
      payload: { to: 'in_review', expectedVersion: current.json<{ version: number }>().version },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const received = await stream.next(
      (event) =>
        event.event === liveEventNames.caseChange &&
        caseChangeEventSchema.parse(event.data).caseState === 'in_review',
    );
    expect(received.data).toMatchObject({ requestId: created.id, paymentState: 'paid' });

    // B's listening connection is cut (a failover, an idle timeout): B listens again, tells
    // its streams to read again (changes may have gone unheard), and carries on.
    const resyncsBefore = stream.events.filter(
      (event) => event.event === liveEventNames.resync,
    ).length;
    // B started listening after A (A was ready before B listened): the newest listener.
    await instanceA.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'
      order by backend_start desc limit 1`);
    await stream.next(
      (event) =>
        event.event === liveEventNames.resync &&
        stream!.events.filter((seen) => seen.event === liveEventNames.resync).length >
          resyncsBefore,
      10_000,
    );
    expect(backgroundErrorsB.join('\n')).toMatch(/terminat/i);
    await recordTestAppeal(instanceA.app.db, created.id);
    const again = await instanceA.app.inject({
      method: 'POST',
      url: `/api/admin/requests/${created.id}/transitions`,
      headers: bearer(operator),
      payload: {
        to: 'appeal_submitted',
        expectedVersion: moved.json<{ version: number }>().version,
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    await stream.next(
      (event) =>
        event.event === liveEventNames.caseChange &&
        caseChangeEventSchema.parse(event.data).caseState === 'appeal_submitted',
    );
  });
});
