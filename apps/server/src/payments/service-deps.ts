import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { BusinessCalendar } from '../domain/business-calendar';
import type { PaymentProvider } from './providers/provider';

/** What the payments module's services run with; built once by payments-plugin.ts. */
export interface PaymentServiceDeps {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** The site's address, for the checkout's return links. */
  publicUrl: string;
  /** The business hours the plans' reply deadlines count in (case moves start them). */
  calendar: BusinessCalendar;
}
