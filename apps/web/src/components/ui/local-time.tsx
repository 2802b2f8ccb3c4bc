import { siteConfig } from '@unban/contract/site-config';

// Built once: an Intl formatter is slow to create and a timeline renders many dates.
const formatters = {
  date: new Intl.DateTimeFormat(siteConfig.locale, { dateStyle: 'medium' }),
  'date-time': new Intl.DateTimeFormat(siteConfig.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }),
} as const;

export type LocalTimeFormat = keyof typeof formatters;

/** "Mar 4, 2025, 2:05 PM" in the visitor's own time zone. */
export function formatLocalTime(iso: string, format: LocalTimeFormat = 'date-time'): string {
  return formatters[format].format(new Date(iso));
}

interface LocalTimeProps {
  /** An ISO 8601 timestamp from the API. */
  value: string;
  format?: LocalTimeFormat;
}

/** A timestamp people read in their own time zone, with the exact instant for machines. */
export function LocalTime({ value, format = 'date-time' }: LocalTimeProps) {
  return <time dateTime={value}>{formatLocalTime(value, format)}</time>;
}
