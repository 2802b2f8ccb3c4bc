import type { OnTimeCount } from '@unban/contract/admin';

/** "2 h 5 min" / "3 d 4 h": how long operators take, read at a glance. */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${rest} min`;
  return `${rest} min`;
}

/** "92% (23 of 25)", or a dash when no deadline was decided in the window. */
export function formatOnTimeShare({ onTime, total }: OnTimeCount): string {
  if (total === 0) return 'No deadline due';
  return `${Math.round((onTime / total) * 100)}% (${onTime} of ${total})`;
}
