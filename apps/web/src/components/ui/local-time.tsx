import { siteConfig } from '@unban/contract/site-config';
import { useClientRendered } from '../../app/use-client-rendered';

// Built once: an Intl formatter is slow to create and a timeline renders many dates.
const formatters = {
  date: new Intl.DateTimeFormat(siteConfig.locale, { dateStyle: 'medium' }),
  'date-time': new Intl.DateTimeFormat(siteConfig.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }),
} as const;

// The server does not know the visitor's time zone: what it renders (and what hydration must
// meet) is the same instant in UTC, said so.
const utcFormatters = {
  date: new Intl.DateTimeFormat(siteConfig.locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  'date-time': new Intl.DateTimeFormat(siteConfig.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }),
} as const;

export type LocalTimeFormat = keyof typeof formatters;

/** "Mar 4, 2025, 2:05 PM" in the visitor's own time zone. */
export function formatLocalTime(iso: string, format: LocalTimeFormat = 'date-time'): string {
  return formatters[format].format(new Date(iso));
}

/** "Mar 4, 2025, 2:05 PM UTC": the same instant as the server can render it. */
export function formatUtcTime(iso: string, format: LocalTimeFormat = 'date-time'): string {
  const text = utcFormatters[format].format(new Date(iso));
  return format === 'date' ? text : `${text} UTC`;
}

interface LocalTimeProps {
  /** An ISO 8601 timestamp from the API. */
  value: string;
  format?: LocalTimeFormat;
}

/**
 * A timestamp people read in their own time zone, with the exact instant for machines. In a
 * server-rendered page it shows UTC until the app has hydrated, then the visitor's time.
 */
export function LocalTime({ value, format = 'date-time' }: LocalTimeProps) {
  const inBrowser = useClientRendered();
  return (
    <time dateTime={value}>
      {inBrowser ? formatLocalTime(value, format) : formatUtcTime(value, format)}
    </time>
  );
}
