import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from './test-database';

/**
 * A configuration for tests, independent of the developer's environment: nothing
 * integrated (no chat, no Firebase), silent logs, a generous rate limit and no web build.
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '8300',
    DATA_DIR: path.join(os.tmpdir(), 'unban-test-data'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'unban-test-no-web-build'),
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  return { ...base, ...overrides };
}

/** The business calendar of `testConfig()` (the default one), for tests that move cases directly. */
export const testCalendar = testConfig().replyDeadlines.calendar;

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Closes the app, and the database when this helper created it (dropping it on Postgres). */
  close(): Promise<void>;
}

/**
 * The real application on a fresh test database. Not started yet: add test routes first if
 * needed; the first `app.inject()` starts it.
 */
export async function createTestApp(
  options: {
    config?: Partial<AppConfig>;
    database?: DatabaseHandle;
    sharedRateLimits?: boolean;
  } = {},
): Promise<TestApp> {
  const ownDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  const app = buildApp({
    config: testConfig(options.config),
    db: database.db,
    caseChanges: database,
    ...(options.sharedRateLimits === undefined
      ? {}
      : { sharedRateLimits: options.sharedRateLimits }),
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (ownDatabase) await database.close();
    },
  };
}
