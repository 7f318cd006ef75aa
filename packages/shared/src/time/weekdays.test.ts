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
