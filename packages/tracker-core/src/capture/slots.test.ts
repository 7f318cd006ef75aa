import { describe, expect, it } from 'vitest';
import { momentIn, slotAt } from './slots';

const HOUR = Date.parse('2026-03-02T10:00:00.000Z');

describe('slots', () => {
  it('a slot holds its start and not its end', () => {
    expect(slotAt(HOUR + 10 * 60_000, 6)).toEqual({ start: HOUR + 10 * 60_000, end: HOUR + 20 * 60_000 });
    expect(slotAt(HOUR + 10 * 60_000 - 1, 6)).toEqual({ start: HOUR, end: HOUR + 10 * 60_000 });
    expect(slotAt(HOUR + 3_600_000 - 1, 7).end).toBe(HOUR + 3_600_000);
  });

  it('a moment lies in the slot, not before `from`, and never on its end even for a random() of 1', () => {
    const slot = { start: HOUR, end: HOUR + 600_000 };
    expect(momentIn(slot, HOUR - 5, () => 0)).toBe(HOUR);
    expect(momentIn(slot, HOUR + 100_000, () => 0)).toBe(HOUR + 100_000);
    expect(momentIn(slot, HOUR + 100_000, () => 0.5)).toBe(HOUR + 350_000);
    expect(momentIn(slot, HOUR, () => 1)).toBe(slot.end - 1);
  });
});
