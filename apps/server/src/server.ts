import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import type { AppConfig } from './config/env';
import { createDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './runtime/data-dir-lock';
import { every } from './runtime/every';
import { getFirebaseAuth } from './auth/firebase-admin';
import { seedOperator } from './auth/seed-operator';
import { createMailer } from './jobs/create-mailer';
import { createEmailWorker } from './jobs/outbox-worker';
import { safeLoggerOptions } from './logging/log-options';
import { seedDefaultPlaybooks } from './playbooks/playbook-store';

/** The embedded run's operator account: it only ever exists in the local Auth emulator. */
const EMULATOR_OPERATOR = { email: 'operator@unban.local', password: 'operator-password' };

/*
 * Starts the server: configuration, data-folder lock, database + migrations, HTTP. Everything
 * it starts is stopped again on SIGINT/SIGTERM. All behaviour lives in buildApp().
 */

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** How often due e-mails are looked for; a customer waits at most about this long. */
const EMAIL_WORKER_INTERVAL_MS = 2_000;
/** How often the embedded database's tables are looked at: autovacuum's own `naptime`. */
const UPKEEP_INTERVAL_MS = 60_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Human-readable logs in a terminal, JSON lines everywhere else (log collectors). */
function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  const prettyAvailable = (() => {
    try {
      createRequire(import.meta.url).resolve('pino-pretty');
      return true;
    } catch {
      // Not installed (production install without dev dependencies).
      return false;
    }
  })();
  if (process.stdout.isTTY && prettyAvailable) {
    return {
      ...safeLoggerOptions(config.logLevel),
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
      },
    };
  }
  return safeLoggerOptions(config.logLevel);
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // Postgres serves any number of instances; the embedded database belongs to one process.
  let releaseLock: () => Promise<void> = async () => {};
  if (!config.databaseUrl) {
    try {
      releaseLock = await lockDataDir(config.dataDir, {
        onCompromised: (error) =>
          fail(`Lost the lock on the data folder ${config.dataDir} (${error.message}); stopping.`),
      });
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }

  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onBackgroundError: (error) => app.log.error({ err: error }, 'database connection error'),
  });
  const app = buildApp({
    config,
    db: database.db,
    logger: loggerOptions(config),
    caseChanges: database,
  });
  if (config.databaseUrl && !config.liveTicketSecret) {
    app.log.warn(
      'LIVE_TICKET_SECRET is not set: live-update tickets work on this instance only. Set the same secret on every instance.',
    );
  }

  const mailer = createMailer(config, database.db, app.log);
  const emailWorker = createEmailWorker({
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    identity: config.identity,
    log: app.log,
    intervalMs: EMAIL_WORKER_INTERVAL_MS,
  });

  let stopUpkeep: () => Promise<void> = async () => {};

  let stopping = false;
  async function stop(exitCode: number): Promise<void> {
    if (stopping) return;
    stopping = true;
    // Never hang on a stuck connection: a supervisor would wait for the process forever.
    setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    let code = exitCode;
    for (const [what, step] of [
      ['HTTP server', () => app.close()],
      // After HTTP (no new e-mails are enqueued) and before the database it writes to.
      [
        'e-mail worker',
        async () => {
          await emailWorker.stop();
          await mailer.close();
        },
      ],
      ['database upkeep', () => stopUpkeep()],
      ['database', () => database.close()],
      ['data folder lock', () => releaseLock()],
    ] as const) {
      try {
        await step();
      } catch (error) {
        app.log.error({ err: error }, `could not close the ${what}`);
        code = 1;
      }
    }
    app.log.info('stopped');
    process.exit(code);
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      app.log.info({ signal }, 'shutting down');
      void stop(0);
    });
  }

  try {
    app.log.info(
      {
        database: database.driver,
        dataDir: database.driver === 'pglite' ? config.dataDir : undefined,
      },
      'applying database migrations',
    );
    await database.migrate();
    // The default playbooks, where none exists yet (an admin's versions are left alone).
    await seedDefaultPlaybooks(database.db);
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    app.log.fatal({ err: error }, 'server failed to start');
    await stop(1);
    return;
  }
  app.log.info(`Server ready: ${config.publicUrl}`);
  emailWorker.start();
  app.log.info({ mailer: mailer.name }, 'e-mail worker started');
  // PGlite runs no autovacuum; on PostgreSQL upkeep() does nothing (decision 028).
  stopUpkeep = every(
    UPKEEP_INTERVAL_MS,
    async () => {
      const passes = await database.upkeep();
      if (passes.length > 0) app.log.info({ passes }, 'embedded database upkeep');
    },
    (error: unknown) => app.log.error({ err: error }, 'embedded database upkeep failed'),
  );

  if (config.firebase.authEmulatorHost && config.firebase.projectId) {
    // A newcomer can open the back office at once; refused by seedOperator outside the emulator.
    try {
      const auth = getFirebaseAuth({
        projectId: config.firebase.projectId,
        emulatorHost: config.firebase.authEmulatorHost,
      });
      await seedOperator(auth, EMULATOR_OPERATOR);
      app.log.info(
        `Operator account in the Auth emulator: ${EMULATOR_OPERATOR.email} / ${EMULATOR_OPERATOR.password}`,
      );
    } catch (error) {
      app.log.warn({ err: error }, 'could not seed the operator account in the Auth emulator');
    }
  }
}

main().catch((error: unknown) => {
  console.error('Server failed to start:', error);
  process.exit(1);
});
