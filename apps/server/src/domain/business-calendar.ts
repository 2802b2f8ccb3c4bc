/*
 * Business time: the hours in which the plans' reply promises run ("reply within 4 business
 * hours"). A calendar is a time zone, the working days, one opening window per working day
 * and the holidays, all in the team's local time. Pure functions of instants (Date), so the
 * deadline of a case is the same whichever server computes it and whatever its own zone.
 */

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface BusinessCalendar {
  /** IANA time zone of the team, e.g. `Europe/Madrid`. */
  timeZone: string;
  workingDays: readonly IsoWeekday[];
  /** Minutes after local midnight the day's window opens (9:00 → 540). */
  opensAtMinute: number;
  /** Minutes after local midnight it closes; after `opensAtMinute`, at most 24 h. */
  closesAtMinute: number;
  /** Local dates with no business hours, `YYYY-MM-DD`. */
  holidays: readonly string[];
}

const MINUTE_MS = 60_000;
/** Enough to cross any run of holidays a real calendar has; a calendar never open fails. */
const MAX_DAYS_SEARCHED = 3_660;

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading in `timeZone` at instant `ms`, as if it were UTC (ms). */
function wallClockAsUtc(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The zone's offset from UTC at instant `ms`, in ms (east positive). */
function offsetAt(ms: number, timeZone: string): number {
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  return wallClockAsUtc(wholeSecond, timeZone) - wholeSecond;
}

/**
 * The instant the local wall clock in `timeZone` reads `minute` minutes after midnight of
 * `date`. A reading skipped by a clock change (spring forward) moves forward by the gap's
 * length; a reading that happens twice (fall back) maps to its first occurrence.
 */
export function localTimeToInstant(date: LocalDate, minute: number, timeZone: string): number {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day) + minute * MINUTE_MS;
  const before = asUtc - offsetAt(asUtc - 86_400_000, timeZone);
  const firstGuess = asUtc - offsetAt(asUtc, timeZone);
  // Two candidates around a change: the earlier one that reads right wins.
  for (const candidate of [Math.min(before, firstGuess), Math.max(before, firstGuess)]) {
    if (wallClockAsUtc(candidate, timeZone) === asUtc) return candidate;
  }
  // In a gap: no instant reads this. The offset from before the change moves it forward by
  // the gap's length (2:30 on a spring-forward night → 3:30), as Temporal's 'compatible' does.
  return asUtc - offsetAt(asUtc - 86_400_000, timeZone);
}

function localDateOf(ms: number, timeZone: string): LocalDate {
  const wall = new Date(wallClockAsUtc(ms, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

function nextDate({ year, month, day }: LocalDate): LocalDate {
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

function isoDate({ year, month, day }: LocalDate): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function isoWeekday({ year, month, day }: LocalDate): IsoWeekday {
  const sundayFirst = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return (sundayFirst === 0 ? 7 : sundayFirst) as IsoWeekday;
}

/** The day's business window as instants, or null on a day off. */
function windowOf(date: LocalDate, calendar: BusinessCalendar): [number, number] | null {
  if (!calendar.workingDays.includes(isoWeekday(date))) return null;
  if (calendar.holidays.includes(isoDate(date))) return null;
  return [
    localTimeToInstant(date, calendar.opensAtMinute, calendar.timeZone),
    localTimeToInstant(date, calendar.closesAtMinute, calendar.timeZone),
  ];
}

/** Every business window that ends after `fromMs`, in order. */
function* windowsFrom(fromMs: number, calendar: BusinessCalendar): Generator<[number, number]> {
  // From the day before: a window of the previous local day never reaches into this one, but
  // starting a day early costs nothing and keeps zones east of UTC simple.
  let date = localDateOf(fromMs - 86_400_000, calendar.timeZone);
  for (let searched = 0; searched < MAX_DAYS_SEARCHED; searched += 1) {
    const window = windowOf(date, calendar);
    if (window && window[1] > fromMs) yield window;
    date = nextDate(date);
  }
  throw new Error('The business calendar has no business hours in ten years');
}

/**
 * The instant `minutes` business minutes after `start`: time outside the windows (nights,
 * days off, holidays) does not count. A deadline that falls exactly at closing time stays
 * there rather than moving to the next opening.
 */
export function addBusinessMinutes(start: Date, minutes: number, calendar: BusinessCalendar): Date {
  if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError('minutes must be >= 0');
  let remaining = minutes * MINUTE_MS;
  if (remaining === 0) return new Date(start.getTime());
  for (const [opens, closes] of windowsFrom(start.getTime(), calendar)) {
    const from = Math.max(opens, start.getTime());
    const available = closes - from;
    if (remaining <= available) return new Date(from + remaining);
    remaining -= available;
  }
  throw new Error('unreachable: windowsFrom ends by throwing');
}

/** Business milliseconds from `from` to `to` (0 when `to` is not after `from`). */
export function businessMillisBetween(from: Date, to: Date, calendar: BusinessCalendar): number {
  const end = to.getTime();
  let total = 0;
  if (end <= from.getTime()) return 0;
  for (const [opens, closes] of windowsFrom(from.getTime(), calendar)) {
    if (opens >= end) break;
    total += Math.min(closes, end) - Math.max(opens, from.getTime());
  }
  return total;
}

/** Whether `at` falls inside a business window (opening instant included, closing not). */
export function isBusinessTime(at: Date, calendar: BusinessCalendar): boolean {
  const window = windowOf(localDateOf(at.getTime(), calendar.timeZone), calendar);
  return window !== null && at.getTime() >= window[0] && at.getTime() < window[1];
}
