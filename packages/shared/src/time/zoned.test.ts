import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isoWeekday, isValidDate } from './dates';
import { instantToZoned, localDate, offsetChanges, zonedTimeToInstant, zoneOffsetMinutes } from './zoned';

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
