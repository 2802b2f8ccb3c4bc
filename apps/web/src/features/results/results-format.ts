import type { ResultFigure } from '@unban/contract/results';

/** "3 days 4 hours" / "5 hours 10 minutes" / "40 minutes": a duration in plain words. */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (days > 0)
    return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0)
    return rest > 0 ? `${unit(hours, 'hour')} ${unit(rest, 'minute')}` : unit(hours, 'hour');
  return unit(rest, 'minute');
}

/** "75%": a share of 0..1, to the whole percent. */
export function formatShare(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/**
 * A figure as the screen shows it: its value in words, or, honestly, that there are not
 * enough cases yet and how many there are of the minimum.
 */
export function formatFigure(figure: ResultFigure, format: (value: number) => string): string {
  if (figure.status === 'value') return format(figure.value);
  return `Not enough cases yet (${figure.sampleSize} of ${figure.minimumSample} needed)`;
}

/** "25 November 2026", in UTC like the period the server states. */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
