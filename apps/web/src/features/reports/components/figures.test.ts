import { describe, expect, it } from 'vitest';
import { hoursTick, hourTicks, minutes, percent } from './figures';

describe('report figures', () => {
  it('writes durations as the app does and percentages with a dash for none', () => {
    expect(minutes(450)).toBe('7 h 30 min');
    expect(percent(null)).toBe('—');
    expect(percent(77)).toBe('77 %');
  });

  it('ticks a duration axis in round hours up to at least the longest bar', () => {
    expect(hourTicks(16_020).map((m) => m / 60)).toEqual([0, 100, 200, 300]);
    expect(hourTicks(2250).map((m) => m / 60)).toEqual([0, 10, 20, 30, 40]);
    expect(hourTicks(0).map((m) => m / 60)).toEqual([0, 1]);
    expect(hoursTick(6000)).toBe('100 h');
  });
});
