import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { formatLocalTime } from './local-time';
import { StatusBadge } from './status-badge';

const MINUTE_MS = 60_000;

/** "2 h 5 min", "3 d 4 h", "under a minute": how far an instant is, in words. */
export function formatDuration(intl: IntlShape, ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / MINUTE_MS);
  if (minutes < 1) return intl.formatMessage({ id: 'replyDue.underMinute' });
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  const say = (id: 'replyDue.days' | 'replyDue.hours' | 'replyDue.minutes', count: number) =>
    intl.formatMessage({ id }, { count });
  // Two units at most; the catalog says how a language joins them.
  const pair = (larger: string, smaller: string) =>
    intl.formatMessage({ id: 'replyDue.duration' }, { larger, smaller });
  if (days > 0) {
    const inDays = say('replyDue.days', days);
    return hours > 0 ? pair(inDays, say('replyDue.hours', hours)) : inDays;
  }
  if (hours > 0) {
    const inHours = say('replyDue.hours', hours);
    return rest > 0 ? pair(inHours, say('replyDue.minutes', rest)) : inHours;
  }
  return say('replyDue.minutes', rest);
}

export interface TimeLeft {
  breached: boolean;
  /** "Overdue by 2 h 5 min" or "3 h left". */
  text: string;
}

/** Time left until a reply deadline; due exactly now counts as overdue, as on the server. */
export function timeLeft(intl: IntlShape, dueAt: string, now: number): TimeLeft {
  const left = new Date(dueAt).getTime() - now;
  const duration = formatDuration(intl, left);
  return left <= 0
    ? { breached: true, text: intl.formatMessage({ id: 'replyDue.overdue' }, { duration }) }
    : { breached: false, text: intl.formatMessage({ id: 'replyDue.left' }, { duration }) };
}

/** The current time, moved on every minute so "time left" stays true on an open screen. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface ReplyDueProps {
  /** The deadline (ISO 8601), or null when no reply is owed. */
  value: string | null;
  /** Deadlines closer than this are shown as needing attention. */
  soonMs?: number;
}

/**
 * A case's reply deadline for operators: the time left (or how late it is) in words, the
 * exact local time as the `time` element's title and machine value.
 */
export function ReplyDue({ value, soonMs = 60 * MINUTE_MS }: ReplyDueProps) {
  const intl = useIntl();
  const now = useMinuteClock();
  if (value === null) {
    return <span className="muted">{intl.formatMessage({ id: 'replyDue.none' })}</span>;
  }
  const left = timeLeft(intl, value, now);
  const soon = !left.breached && new Date(value).getTime() - now <= soonMs;
  const due = formatLocalTime(value, 'date-time', intl.locale);
  return (
    <time dateTime={value} title={intl.formatMessage({ id: 'replyDue.due' }, { time: due })}>
      <StatusBadge tone={left.breached ? 'problem' : soon ? 'attention' : 'neutral'}>
        {left.text}
      </StatusBadge>
    </time>
  );
}
