import type { IntlShape } from 'react-intl';
import type { ResultFigure } from '@unban/contract/results';

type DurationUnit = 'day' | 'hour' | 'minute';

/** "3 days", "1 hour": the unit's full name, in the page's language and its plural rules. */
function unit(intl: IntlShape, count: number, name: DurationUnit): string {
  return intl.formatNumber(count, { style: 'unit', unit: name, unitDisplay: 'long' });
}

/** "3 days 4 hours" / "5 hours 10 minutes" / "40 minutes": a duration in plain words. */
export function formatDuration(intl: IntlShape, seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  // Two units at most; the catalog says how a language joins them ("3 días y 4 horas").
  const pair = (larger: string, smaller: string) =>
    intl.formatMessage({ id: 'results.duration' }, { larger, smaller });
  if (days > 0) {
    return hours > 0
      ? pair(unit(intl, days, 'day'), unit(intl, hours, 'hour'))
      : unit(intl, days, 'day');
  }
  if (hours > 0) {
    return rest > 0
      ? pair(unit(intl, hours, 'hour'), unit(intl, rest, 'minute'))
      : unit(intl, hours, 'hour');
  }
  return unit(intl, rest, 'minute');
}

/** "75%": a share of 0..1, to the whole percent, as the page's language writes percents. */
export function formatShare(intl: IntlShape, share: number): string {
  return intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });
}

/** "1234": a count of cases, in the language's digits, ungrouped as the screen always wrote it. */
export function formatCount(intl: IntlShape, count: number): string {
  return intl.formatNumber(count, { useGrouping: false });
}

/**
 * A figure as the screen shows it: its value in words, or, honestly, that there are not
 * enough cases yet and how many there are of the minimum.
 */
export function formatFigure(
  intl: IntlShape,
  figure: ResultFigure,
  format: (value: number) => string,
): string {
  if (figure.status === 'value') return format(figure.value);
  return intl.formatMessage(
    { id: 'results.withheld' },
    { sampleSize: figure.sampleSize, minimumSample: figure.minimumSample },
  );
}

/**
 * "25 November 2026", in UTC like the period the server states. English keeps the day-first
 * British order the screen has always used; another language writes the date its own way.
 */
export function formatDay(intl: IntlShape, iso: string): string {
  const locale = intl.locale === 'en' ? 'en-GB' : intl.locale;
  return new Date(iso).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
