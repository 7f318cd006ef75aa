import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateToUtcMs,
  daysBetween,
  isoWeekday,
  isValidDate,
  maxDate,
  minDate,
  mondayOf,
} from './dates';
import {
  instantToZoned,
  localDate,
  offsetChanges,
  wallClockReaches,
  zonedTimeToInstant,
  zoneOffsetMinutes,
} from './zoned';

const at = (date: string, minute: number, tz: string) => zonedTimeToInstant(date, minute, tz).toISOString();

describe('dates', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-01', '2026-03-15')).toBe(14);
  });
  it('gives ISO weekdays, Sunday as 7', () => {
    expect(isoWeekday('2026-03-02')).toBe(1);
    expect(isoWeekday('2026-03-08')).toBe(7);
  });
  it('validates calendar dates', () => {
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2026-2-1')).toBe(false);
  });
});

describe('zone offsets', () => {
  it('knows New York winter and summer time', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(Date.parse('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-240);
  });
  it('Manila has no DST', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-01-15T12:00:00Z'), 'Asia/Manila')).toBe(480);
    expect(zoneOffsetMinutes(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Manila')).toBe(480);
    expect(offsetChanges('Asia/Manila', '2026-01-01', 366)).toEqual([]);
  });
  it('finds the DST changes of a year', () => {
    expect(offsetChanges('America/New_York', '2026-01-01', 365)).toEqual(['2026-03-08', '2026-11-01']);
    expect(offsetChanges('Europe/London', '2026-01-01', 365)).toEqual(['2026-03-29', '2026-10-25']);
  });
});

describe('wall clock to instant', () => {
  it('converts ordinary times', () => {
    expect(at('2026-03-02', 9 * 60, 'America/New_York')).toBe('2026-03-02T14:00:00.000Z');
    expect(at('2026-07-01', 9 * 60, 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(at('2026-03-08', 9 * 60, 'Asia/Manila')).toBe('2026-03-08T01:00:00.000Z');
    expect(at('2026-03-02', 1440, 'UTC')).toBe('2026-03-03T00:00:00.000Z');
  });
  it('New York spring gap: 02:30 does not exist and moves to 03:30 EDT', () => {
    expect(at('2026-03-08', 150, 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('2026-03-08', 60, 'America/New_York')).toBe('2026-03-08T06:00:00.000Z');
    expect(at('2026-03-08', 180, 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
  });
  it('New York autumn overlap: 01:30 happens twice, the first one wins', () => {
    expect(at('2026-11-01', 90, 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(at('2026-11-01', 180, 'America/New_York')).toBe('2026-11-01T08:00:00.000Z');
  });
  it('London spring gap and autumn overlap', () => {
    expect(at('2026-03-29', 90, 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    expect(at('2026-03-29', 9 * 60, 'Europe/London')).toBe('2026-03-29T08:00:00.000Z');
    expect(at('2026-10-25', 90, 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('2026-10-25', 9 * 60, 'Europe/London')).toBe('2026-10-25T09:00:00.000Z');
  });
  it('round-trips to the local date and minute', () => {
    expect(instantToZoned(new Date('2026-03-02T23:30:00Z'), 'Asia/Manila')).toEqual({
      date: '2026-03-03',
      minute: 7 * 60 + 30,
    });
    expect(localDate(new Date('2026-03-02T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-01');
  });
});

describe('dates at their edges', () => {
  it('parses only a whole YYYY-MM-DD, and says which text is not a date', () => {
    expect(() => dateToUtcMs('x2026-03-02')).toThrow('Not a date: x2026-03-02');
    expect(() => dateToUtcMs('2026-03-02x')).toThrow('Not a date: 2026-03-02x');
    expect(isValidDate('x2026-03-02')).toBe(false);
    expect(isValidDate('2026-03-02x')).toBe(false);
    expect(isValidDate('2026-03-02')).toBe(true);
  });

  it('the Monday of a week: Monday itself, and Sunday belongs to the week before it', () => {
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2026-03-05')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
  });

  it('the later and the earlier of two dates, in either order', () => {
    expect(maxDate('2026-03-01', '2026-03-02')).toBe('2026-03-02');
    expect(maxDate('2026-03-02', '2026-03-01')).toBe('2026-03-02');
    expect(minDate('2026-03-01', '2026-03-02')).toBe('2026-03-01');
    expect(minDate('2026-03-02', '2026-03-01')).toBe('2026-03-01');
  });
});

describe('zone offsets at their edges', () => {
  it('an instant with milliseconds, or before 1970, has its zone’s offset', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-01-15T12:00:00.999Z'), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(-1, 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(Date.parse('2026-01-15T12:00:00.5Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('New York changes at 07:00 UTC in spring and 06:00 UTC in autumn, to the second', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-03-08T06:59:59Z'), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(Date.parse('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-240);
    expect(zoneOffsetMinutes(Date.parse('2026-11-01T05:59:59Z'), 'America/New_York')).toBe(-240);
    expect(zoneOffsetMinutes(Date.parse('2026-11-01T06:00:00Z'), 'America/New_York')).toBe(-300);
  });

  it('an instant at local midnight reads 00:00 of its day (never 24:00 of the day before)', () => {
    expect(instantToZoned(Date.parse('2026-03-02T05:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-02',
      minute: 0,
    });
    expect(instantToZoned(Date.parse('2026-03-02T04:59:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-01',
      minute: 1439,
    });
  });

  it('finds a change on the first day of the range and not one the day after its last', () => {
    expect(offsetChanges('America/New_York', '2026-03-08', 1)).toEqual(['2026-03-08']);
    expect(offsetChanges('America/New_York', '2026-03-07', 1)).toEqual([]);
    expect(offsetChanges('America/New_York', '2026-03-09', 1)).toEqual([]);
    expect(offsetChanges('America/New_York', '2026-11-01', 1)).toEqual(['2026-11-01']);
  });

  it('a zone changing at midnight (Santiago) is found on the day it changes', () => {
    expect(offsetChanges('America/Santiago', '2026-01-01', 365)).toEqual(['2026-04-05', '2026-09-06']);
  });
});

describe('where the wall clock reaches a time', () => {
  const reach = (date: string, minute: number, tz: string) =>
    wallClockReaches(date, minute, tz).toISOString();

  it('a time that exists is the instant it shows, the first one in an autumn overlap', () => {
    expect(reach('2026-03-02', 9 * 60, 'America/New_York')).toBe('2026-03-02T14:00:00.000Z');
    expect(reach('2026-11-01', 90, 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(reach('2026-11-01', 60, 'America/New_York')).toBe('2026-11-01T05:00:00.000Z');
    expect(reach('2026-11-01', 120, 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
  });

  it('every time inside a spring gap, and its edges, is reached when the clock reappears', () => {
    expect(reach('2026-03-08', 119, 'America/New_York')).toBe('2026-03-08T06:59:00.000Z'); // 01:59 EST
    expect(reach('2026-03-08', 120, 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(reach('2026-03-08', 121, 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(reach('2026-03-08', 179, 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(reach('2026-03-08', 180, 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(reach('2026-03-08', 181, 'America/New_York')).toBe('2026-03-08T07:01:00.000Z');
  });

  it('a half-hour gap (Lord Howe) and a gap at midnight (Santiago)', () => {
    // Lord Howe goes from 02:00 +10:30 to 02:30 +11 on 4 October 2026.
    expect(reach('2026-10-04', 135, 'Australia/Lord_Howe')).toBe('2026-10-03T15:30:00.000Z');
    // Santiago skips 00:00–01:00 on 6 September 2026.
    expect(reach('2026-09-06', 30, 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
    expect(reach('2026-09-06', 0, 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
  });

  it('a gap in a zone east of UTC (Berlin, 29 March 2026, 02:00 → 03:00)', () => {
    expect(reach('2026-03-29', 150, 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    expect(at('2026-03-29', 150, 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
  });
});
