import fp from 'fastify-plugin';
import type { ClientConfig } from '@unban/contract/client-config';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The parsed server configuration. */
    config: AppConfig;
    /** The browser's configuration, built once at start. */
    clientConfig: ClientConfig;
    /** The Drizzle database shared by every route. */
    db: Database;
  }
}

export interface AppContextOptions {
  config: AppConfig;
  clientConfig: ClientConfig;
  db: Database;
}

/** Makes the configuration and the database available to every plugin and route as `app.*`. */
export const appContextPlugin = fp<AppContextOptions>(
  (app, { config, clientConfig, db }, done) => {
    app.decorate('config', config);
    app.decorate('clientConfig', clientConfig);
    app.decorate('db', db);
    done();
  },
  { name: 'app-context', fastify: '5.x' },
);
