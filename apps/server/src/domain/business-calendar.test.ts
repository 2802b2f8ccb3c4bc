import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BusinessCalendar } from './business-calendar';
import {
  addBusinessMinutes,
  businessMillisBetween,
  isBusinessTime,
  localTimeToInstant,
} from './business-calendar';

const madrid: BusinessCalendar = {
  timeZone: 'Europe/Madrid',
  workingDays: [1, 2, 3, 4, 5],
  opensAtMinute: 9 * 60,
  closesAtMinute: 17 * 60,
  holidays: ['2026-12-25', '2027-01-01', '2027-01-06'],
};

const at = (iso: string) => new Date(iso);

describe('addBusinessMinutes', () => {
  it('counts only the hours the team works', () => {
    // Wednesday 10:00 in Madrid (UTC+1 in winter) + 4 h → 14:00 the same day.
    expect(addBusinessMinutes(at('2026-11-25T09:00:00Z'), 240, madrid)).toEqual(
      at('2026-11-25T13:00:00Z'),
    );
    // Friday 15:00 + 4 h → 2 h on Friday, 2 h on Monday: Monday 11:00.
    expect(addBusinessMinutes(at('2026-11-27T14:00:00Z'), 240, madrid)).toEqual(
      at('2026-11-30T10:00:00Z'),
    );
    // Saturday night → counted from Monday's opening.
    expect(addBusinessMinutes(at('2026-11-28T22:00:00Z'), 60, madrid)).toEqual(
      at('2026-11-30T09:00:00Z'),
    );
  });

  it('skips holidays', () => {
    // Thursday 24 December 16:00 + 2 h → 1 h on the 24th, Christmas off, Saturday and Sunday
    // off: Monday 28 December 10:00.
    expect(addBusinessMinutes(at('2026-12-24T15:00:00Z'), 120, madrid)).toEqual(
      at('2026-12-28T09:00:00Z'),
    );
  });

  it('follows the clocks across a time change (Madrid moves to UTC+2 on 28 March 2027)', () => {
    // Friday 26 March 16:00 (UTC+1) + 2 h → 1 h on Friday, then Monday 29 March 10:00 (UTC+2).
    expect(addBusinessMinutes(at('2027-03-26T15:00:00Z'), 120, madrid)).toEqual(
      at('2027-03-29T08:00:00Z'),
    );
  });

  it('leaves a deadline that falls at closing time at closing time', () => {
    expect(addBusinessMinutes(at('2026-11-25T15:00:00Z'), 60, madrid)).toEqual(
      at('2026-11-25T16:00:00Z'),
    );
  });

  it('refuses a negative amount and a calendar that never opens', () => {
    expect(() => addBusinessMinutes(at('2026-11-25T09:00:00Z'), -1, madrid)).toThrow(RangeError);
    expect(() =>
      addBusinessMinutes(at('2026-11-25T09:00:00Z'), 1, { ...madrid, workingDays: [] }),
    ).toThrow(/no business hours/);
  });
});

describe('localTimeToInstant', () => {
  it('maps a reading skipped by spring-forward past the gap, and a repeated one to its first', () => {
    // New York, 8 March 2026: 2:30 does not exist (2:00 → 3:00 EDT).
    expect(localTimeToInstant({ year: 2026, month: 3, day: 8 }, 150, 'America/New_York')).toEqual(
      at('2026-03-08T07:30:00Z').getTime(),
    );
    // 1 November 2026: 1:30 happens twice (EDT, then EST); the first is 05:30 UTC.
    expect(localTimeToInstant({ year: 2026, month: 11, day: 1 }, 90, 'America/New_York')).toEqual(
      at('2026-11-01T05:30:00Z').getTime(),
    );
  });
});

// Calendars that stress the arithmetic: zones with clock changes on both hemispheres, a
// half-hour zone, windows crossing a change at night, and runs of holidays.
const timeZones = [
  'Europe/Madrid',
  'America/New_York',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Asia/Jakarta',
  'UTC',
];
const calendarArbitrary: fc.Arbitrary<BusinessCalendar> = fc
  .record({
    timeZone: fc.constantFrom(...timeZones),
    workingDays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    opensAtMinute: fc.integer({ min: 0, max: 20 * 60 }),
    length: fc.integer({ min: 30, max: 4 * 60 + 8 * 60 }),
    holidays: fc.uniqueArray(
      fc.date({
        min: at('2026-01-01T00:00:00Z'),
        max: at('2028-12-31T00:00:00Z'),
        noInvalidDate: true,
      }),
      { maxLength: 20 },
    ),
  })
  .map(({ timeZone, workingDays, opensAtMinute, length, holidays }) => ({
    timeZone,
    workingDays: workingDays as BusinessCalendar['workingDays'],
    opensAtMinute,
    closesAtMinute: Math.min(opensAtMinute + length, 24 * 60),
    holidays: holidays.map((date) => date.toISOString().slice(0, 10)),
  }));
const instant = fc.date({
  min: at('2026-01-01T00:00:00Z'),
  max: at('2028-06-30T00:00:00Z'),
  noInvalidDate: true,
});
const minutes = fc.integer({ min: 0, max: 5 * 24 * 60 });

describe('business time, for any calendar', () => {
  it('a deadline is never before its start, and exactly the promised business time after it', () => {
    fc.assert(
      fc.property(calendarArbitrary, instant, minutes, (calendar, start, amount) => {
        const deadline = addBusinessMinutes(start, amount, calendar);
        expect(deadline.getTime()).toBeGreaterThanOrEqual(start.getTime());
        expect(businessMillisBetween(start, deadline, calendar)).toBe(amount * 60_000);
      }),
      { numRuns: 300 },
    );
  });

  it('a later start never gives an earlier deadline', () => {
    fc.assert(
      fc.property(calendarArbitrary, instant, instant, minutes, (calendar, a, b, amount) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(addBusinessMinutes(late, amount, calendar).getTime()).toBeGreaterThanOrEqual(
          addBusinessMinutes(early, amount, calendar).getTime(),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('adding in two steps is adding the sum', () => {
    fc.assert(
      fc.property(calendarArbitrary, instant, minutes, minutes, (calendar, start, a, b) => {
        const stepwise = addBusinessMinutes(addBusinessMinutes(start, a, calendar), b, calendar);
        const atOnce = addBusinessMinutes(start, a + b, calendar);
        if (b === 0 || a === 0) {
          // A zero step stays put even outside business hours; compare business time instead.
          expect(businessMillisBetween(start, stepwise, calendar)).toBe(
            businessMillisBetween(start, atOnce, calendar),
          );
        } else {
          expect(stepwise).toEqual(atOnce);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a positive deadline lands in business time, or at the close of a window', () => {
    fc.assert(
      fc.property(
        calendarArbitrary,
        instant,
        fc.integer({ min: 1, max: 5 * 24 * 60 }),
        (calendar, start, amount) => {
          const deadline = addBusinessMinutes(start, amount, calendar);
          const justBefore = new Date(deadline.getTime() - 1);
          expect(isBusinessTime(justBefore, calendar)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
