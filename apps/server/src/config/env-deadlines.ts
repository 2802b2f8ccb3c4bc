import { z } from 'zod';
import type { SiteIdentity } from '@unban/contract/site-config';
import type { IsoWeekday } from '../domain/business-calendar';
import type { ReplyCalendar } from '../domain/reply-deadline';

/*
 * The plans' reply deadlines: the business calendar they run in (the team's time zone,
 * working days and hours, holidays) and the warning operators get before one is missed.
 * Parsed here and spread into the environment schema of env.ts. The promises themselves
 * (business minutes per plan) are data of the site identity's plans, carried with the calendar.
 */

export interface ReplyDeadlineConfig {
  calendar: ReplyCalendar;
  /** Operators are e-mailed once a pending deadline is this close (real minutes, not business). */
  alertBeforeMinutes: number;
  /** Where that e-mail goes: the operators' shared address. */
  alertTo: string;
}

const weekdayNames: Readonly<Record<string, IsoWeekday>> = {
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
  sun: 7,
};

const DAYS_MESSAGE = 'must be weekdays such as mon-fri or mon,tue,wed,thu,fri,sat';

/** `mon-fri`, `mon,wed,fri`, `sun-thu` (a range wraps past Sunday). */
const businessDays = z.string().transform((value, ctx): IsoWeekday[] => {
  const days = new Set<IsoWeekday>();
  for (const part of value.toLowerCase().split(',')) {
    const [first, last, extra] = part.trim().split('-');
    const from = weekdayNames[first ?? ''];
    const to = last === undefined ? from : weekdayNames[last];
    if (!from || !to || extra !== undefined) {
      ctx.addIssue({ code: 'custom', message: DAYS_MESSAGE });
      return z.NEVER;
    }
    for (let day = from; ; day = ((day % 7) + 1) as IsoWeekday) {
      days.add(day);
      if (day === to) break;
    }
  }
  return [...days].sort((a, b) => a - b);
});

const HOURS = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

/** `09:00-17:00` → minutes after midnight; closing after opening, 24:00 at the latest. */
const businessHours = z.string().transform((value, ctx): { opens: number; closes: number } => {
  const match = HOURS.exec(value);
  const opens = match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
  const closes = match ? Number(match[3]) * 60 + Number(match[4]) : NaN;
  if (!match || closes <= opens || closes > 24 * 60) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be opening-closing local times such as 09:00-17:00 (closing after opening)',
    });
    return z.NEVER;
  }
  return { opens, closes };
});

function isRealDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date);
}

const holidays = z.string().transform((value, ctx): string[] => {
  const dates = value
    .split(',')
    .map((date) => date.trim())
    .filter((date) => date !== '');
  const wrong = dates.find((date) => !/^\d{4}-\d{2}-\d{2}$/.test(date) || !isRealDate(date));
  if (wrong !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `must be dates such as 2026-12-25,2027-01-01 (${wrong} is not one)`,
    });
    return z.NEVER;
  }
  return [...new Set(dates)].sort();
});

/** An IANA zone name this Node.js knows (its Intl data decides, as it will for every deadline). */
const timeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be an IANA time zone such as Europe/Madrid or America/New_York' },
);

export const deadlineEnvShape = {
  BUSINESS_TIME_ZONE: timeZone.default('UTC'),
  BUSINESS_DAYS: businessDays.optional(),
  BUSINESS_HOURS: businessHours.optional(),
  BUSINESS_HOLIDAYS: holidays.optional(),
  REPLY_ALERT_BEFORE_MINUTES: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(10_080, 'must be at most 10080 (a week)'))
    .optional(),
  REPLY_ALERT_TO: z.email('must be an e-mail address such as team@example.com').max(320).optional(),
};

export const deadlineEnvSchema = z.object(deadlineEnvShape);
type DeadlineEnv = z.output<typeof deadlineEnvSchema>;

export const DEFAULT_REPLY_ALERT_BEFORE_MINUTES = 60;

export function toReplyDeadlineConfig(
  env: DeadlineEnv,
  identity: Pick<SiteIdentity, 'plans' | 'supportEmail'>,
): ReplyDeadlineConfig {
  const hours = env.BUSINESS_HOURS ?? { opens: 9 * 60, closes: 17 * 60 };
  return {
    calendar: {
      timeZone: env.BUSINESS_TIME_ZONE,
      workingDays: env.BUSINESS_DAYS ?? [1, 2, 3, 4, 5],
      opensAtMinute: hours.opens,
      closesAtMinute: hours.closes,
      holidays: env.BUSINESS_HOLIDAYS ?? [],
      plans: identity.plans,
    },
    alertBeforeMinutes: env.REPLY_ALERT_BEFORE_MINUTES ?? DEFAULT_REPLY_ALERT_BEFORE_MINUTES,
    alertTo: env.REPLY_ALERT_TO ?? identity.supportEmail,
  };
}
