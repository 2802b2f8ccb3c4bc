import type { FastifyBaseLogger } from 'fastify';
import type { SiteIdentity } from '@unban/contract/site-config';
import type { Database } from '../db/client';
import type { ReplyCalendar } from '../domain/reply-deadline';
import type { PaymentProvider } from './providers/provider';

/** What the payments module's services run with; built once by payments-plugin.ts. */
export interface PaymentServiceDeps {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** The site's address, for the checkout's return links. */
  publicUrl: string;
  /** The business hours the plans' reply deadlines count in (case moves start them). */
  calendar: ReplyCalendar;
  /** The site identity: the app and plan names on the checkout page. */
  identity: Pick<SiteIdentity, 'appName' | 'plans'>;
}
