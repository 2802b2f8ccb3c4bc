import { useEffect, useState } from 'react';
import { formatLocalTime } from './local-time';
import { StatusBadge } from './status-badge';

const MINUTE_MS = 60_000;

/** "2 h 5 min", "3 d 4 h", "under a minute": how far an instant is, in words. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / MINUTE_MS);
  if (minutes < 1) return 'under a minute';
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

export interface TimeLeft {
  breached: boolean;
  /** "Overdue by 2 h 5 min" or "3 h left". */
  text: string;
}

/** Time left until a reply deadline; due exactly now counts as overdue, as on the server. */
export function timeLeft(dueAt: string, now: number): TimeLeft {
  const left = new Date(dueAt).getTime() - now;
  return left <= 0
    ? { breached: true, text: `Overdue by ${formatDuration(left)}` }
    : { breached: false, text: `${formatDuration(left)} left` };
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
  const now = useMinuteClock();
  if (value === null) return <span className="muted">No reply owed</span>;
  const left = timeLeft(value, now);
  const soon = !left.breached && new Date(value).getTime() - now <= soonMs;
  return (
    <time dateTime={value} title={`Due ${formatLocalTime(value)}`}>
      <StatusBadge tone={left.breached ? 'problem' : soon ? 'attention' : 'neutral'}>
        {left.text}
      </StatusBadge>
    </time>
  );
}
