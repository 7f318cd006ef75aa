import { describe, expect, it } from 'vitest';
import { clockInWindow, endedAtOf, lateMinutesOf } from './shift-maths';

// The clock-in and clock-out maths without a database, beside the API tests that prove them end to end
// (test/attendance-tracker-shift.test.ts).

const at = (iso: string) => new Date(iso);
const shift = { scheduledStartAt: at('2026-03-02T09:00:00Z'), scheduledEndAt: at('2026-03-02T17:00:00Z') };

describe('the clock-in window', () => {
  it('opens the contract’s early minutes before the start and closes at the scheduled end', () => {
    expect(clockInWindow(shift, { earlyClockInMinutes: 15 })).toEqual({
      opensAt: at('2026-03-02T08:45:00Z'),
      closesAt: at('2026-03-02T17:00:00Z'),
    });
  });

  it('opens at the start itself when no early clock-in is allowed', () => {
    expect(clockInWindow(shift, { earlyClockInMinutes: 0 }).opensAt).toEqual(at('2026-03-02T09:00:00Z'));
  });

  it('an overnight shift’s window runs into the next day', () => {
    const night = {
      scheduledStartAt: at('2026-03-02T22:00:00Z'),
      scheduledEndAt: at('2026-03-03T06:00:00Z'),
    };
    expect(clockInWindow(night, { earlyClockInMinutes: 30 })).toEqual({
      opensAt: at('2026-03-02T21:30:00Z'),
      closesAt: at('2026-03-03T06:00:00Z'),
    });
  });
});

describe('minutes late', () => {
  const start = shift.scheduledStartAt;
  const late = (iso: string, grace: number) => lateMinutesOf(at(iso), start, grace);

  it('on time, early, or inside the grace is not late', () => {
    expect(late('2026-03-02T08:50:00Z', 5)).toBe(0);
    expect(late('2026-03-02T09:00:00Z', 0)).toBe(0);
    expect(late('2026-03-02T09:05:00Z', 5)).toBe(0);
  });

  it('a minute counts once it is complete: 59.999 s past the grace is 0, 60 s is 1', () => {
    expect(late('2026-03-02T09:05:59.999Z', 5)).toBe(0);
    expect(late('2026-03-02T09:06:00Z', 5)).toBe(1);
    expect(late('2026-03-02T09:00:59Z', 0)).toBe(0);
    expect(late('2026-03-02T09:01:00Z', 0)).toBe(1);
  });

  it('counts from the end of the grace, not from the start', () => {
    expect(late('2026-03-02T09:40:00Z', 10)).toBe(30);
    expect(late('2026-03-02T10:30:30Z', 0)).toBe(90);
  });
});

describe('where an attendance ends', () => {
  const now = at('2026-03-02T17:00:00Z');

  it('at the requested instant when no ping lies after it', () => {
    expect(endedAtOf(now, null)).toEqual(now);
    expect(endedAtOf(now, at('2026-03-02T16:59:00Z'))).toEqual(now);
    expect(endedAtOf(now, now)).toEqual(now);
  });

  it('at the latest ping when one already counted lies after the requested instant', () => {
    expect(endedAtOf(now, at('2026-03-02T17:00:30Z'))).toEqual(at('2026-03-02T17:00:30Z'));
  });
});
