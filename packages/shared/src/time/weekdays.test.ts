import { describe, expect, it } from 'vitest';
import {
  blockDuration,
  describeBlock,
  formatMinutes,
  formatMinutes12,
  isOvernight,
  nextWeekday,
  normalizeWeekday,
  parseTimeOfDay,
  weekdayName,
} from './weekdays';

describe('weekdays', () => {
  it('takes Sunday as 0 or 7 and stores 7', () => {
    expect(normalizeWeekday(0)).toBe(7);
    expect(normalizeWeekday(7)).toBe(7);
    expect(normalizeWeekday(1)).toBe(1);
    expect(() => normalizeWeekday(8)).toThrow();
    expect(() => normalizeWeekday(-1)).toThrow();
    expect(nextWeekday(7)).toBe(1);
  });
  it('minutes since midnight', () => {
    expect(parseTimeOfDay('09:30')).toBe(570);
    expect(parseTimeOfDay('24:00')).toBeNull();
    expect(formatMinutes(570)).toBe('09:30');
    expect(formatMinutes12(0)).toBe('12:00 AM');
    expect(formatMinutes12(13 * 60 + 5)).toBe('1:05 PM');
  });
  it('overnight blocks end the next day', () => {
    expect(isOvernight(22 * 60, 6 * 60)).toBe(true);
    expect(isOvernight(9 * 60, 17 * 60)).toBe(false);
    expect(blockDuration(22 * 60, 6 * 60)).toBe(480);
    expect(blockDuration(9 * 60, 17 * 60)).toBe(480);
    expect(blockDuration(22 * 60, 0)).toBe(120);
    expect(describeBlock({ weekday: 0, start_minute: 1320, end_minute: 360 })).toBe(
      'Sunday 22:00–06:00 (next day)',
    );
  });
});

describe('weekdays at their edges', () => {
  it('weekday 0 and 7 are both Sunday; 1–6 keep their names; anything else is refused by name', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(weekdayName)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(() => normalizeWeekday(1.5)).toThrow('Not a weekday: 1.5');
    expect(() => weekdayName(8)).toThrow('Not a weekday: 8');
    expect(nextWeekday(1)).toBe(2);
    expect(nextWeekday(6)).toBe(7);
  });
});

describe('times of day at their edges', () => {
  it('23:59 is the last time of day; 24:00, 23:60 and 25:00 are not times', () => {
    expect(parseTimeOfDay('23:59')).toBe(1439);
    expect(parseTimeOfDay('00:00')).toBe(0);
    expect(parseTimeOfDay('23:00')).toBe(1380);
    expect(parseTimeOfDay('00:59')).toBe(59);
    expect(parseTimeOfDay('24:00')).toBeNull();
    expect(parseTimeOfDay('23:60')).toBeNull();
    expect(parseTimeOfDay('25:00')).toBeNull();
  });

  it('takes one-digit hours and surrounding spaces, nothing else around the time', () => {
    expect(parseTimeOfDay('9:05')).toBe(545);
    expect(parseTimeOfDay(' 09:30 ')).toBe(570);
    expect(parseTimeOfDay('x09:30')).toBeNull();
    expect(parseTimeOfDay('09:30x')).toBeNull();
    expect(parseTimeOfDay('09:3')).toBeNull();
    expect(parseTimeOfDay('')).toBeNull();
  });

  it('prints 24-hour times with two digits each, 24:00 for the next midnight', () => {
    expect(formatMinutes(0)).toBe('00:00');
    expect(formatMinutes(5)).toBe('00:05');
    expect(formatMinutes(1439)).toBe('23:59');
    expect(formatMinutes(1440)).toBe('24:00');
  });

  it('12-hour display: midnight is 12 AM, noon is 12 PM, one minute either side of each', () => {
    expect(formatMinutes12(0)).toBe('12:00 AM');
    expect(formatMinutes12(1)).toBe('12:01 AM');
    expect(formatMinutes12(59)).toBe('12:59 AM');
    expect(formatMinutes12(60)).toBe('1:00 AM');
    expect(formatMinutes12(719)).toBe('11:59 AM');
    expect(formatMinutes12(720)).toBe('12:00 PM');
    expect(formatMinutes12(721)).toBe('12:01 PM');
    expect(formatMinutes12(779)).toBe('12:59 PM');
    expect(formatMinutes12(780)).toBe('1:00 PM');
    expect(formatMinutes12(1439)).toBe('11:59 PM');
  });

  it('12-hour display wraps past midnight either way (24:00 is 12 AM, −1 is 11:59 PM)', () => {
    expect(formatMinutes12(1440)).toBe('12:00 AM');
    expect(formatMinutes12(1440 + 570)).toBe('9:30 AM');
    expect(formatMinutes12(-1)).toBe('11:59 PM');
  });
});

describe('block lengths at their edges', () => {
  it('equal ends are an overnight block of 24 hours; an end one minute later is one minute', () => {
    expect(isOvernight(540, 540)).toBe(true);
    expect(blockDuration(540, 540)).toBe(1440);
    expect(isOvernight(540, 541)).toBe(false);
    expect(blockDuration(540, 541)).toBe(1);
    expect(blockDuration(541, 540)).toBe(1439);
  });

  it('names a same-day block without "(next day)"', () => {
    expect(describeBlock({ weekday: 1, start_minute: 540, end_minute: 1020 })).toBe('Monday 09:00–17:00');
    expect(describeBlock({ weekday: 3, start_minute: 0, end_minute: 1440 })).toBe('Wednesday 00:00–24:00');
  });
});
