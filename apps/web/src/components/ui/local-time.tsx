import { siteConfig } from '@unban/contract/site-config';
import { useIntl } from 'react-intl';
import { useClientRendered } from '../../app/use-client-rendered';

type Style = { dateStyle: 'medium'; timeStyle?: 'short' };
const styles = {
  date: { dateStyle: 'medium' },
  'date-time': { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Style>;

export type LocalTimeFormat = keyof typeof styles;

// Built once per language and style: an Intl formatter is slow to create and a timeline
// renders many dates.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(format: LocalTimeFormat, language: string, utc: boolean): Intl.DateTimeFormat {
  const key = `${language}|${format}|${utc}`;
  let made = formatters.get(key);
  if (!made) {
    // English keeps the site's en-US formats; another language writes dates its own way.
    const locale = language === 'en' ? siteConfig.locale : language;
    made = new Intl.DateTimeFormat(locale, {
      ...styles[format],
      ...(utc ? { timeZone: 'UTC' } : {}),
    });
    formatters.set(key, made);
  }
  return made;
}

/** "Mar 4, 2025, 2:05 PM" in the visitor's own time zone, in `language` (default en-US). */
export function formatLocalTime(
  iso: string,
  format: LocalTimeFormat = 'date-time',
  language: string = siteConfig.locale,
): string {
  return formatter(format, language, false).format(new Date(iso));
}

// The server does not know the visitor's time zone: what it renders (and what hydration must
// meet) is the same instant in UTC, said so.
/** "Mar 4, 2025, 2:05 PM UTC": the same instant as the server can render it. */
export function formatUtcTime(
  iso: string,
  format: LocalTimeFormat = 'date-time',
  language: string = siteConfig.locale,
): string {
  const text = formatter(format, language, true).format(new Date(iso));
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
  const { locale } = useIntl();
  return (
    <time dateTime={value}>
      {inBrowser ? formatLocalTime(value, format, locale) : formatUtcTime(value, format, locale)}
    </time>
  );
}
