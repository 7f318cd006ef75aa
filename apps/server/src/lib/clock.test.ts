import { SQL } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offsetClock, rowNow, setRowClock, systemClock } from './clock';

describe('offsetClock', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the machine time moved by the offset, and runs on with it', () => {
    vi.useFakeTimers({ now: new Date('2027-03-01T08:00:00Z') });
    const clock = offsetClock(Date.parse('2026-12-09T15:30:00Z') - Date.parse('2027-03-01T08:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-12-09T15:30:00.000Z');
    vi.advanceTimersByTime(90_000);
    expect(clock.now().toISOString()).toBe('2026-12-09T15:31:30.000Z');
  });

  it('is the system clock without an offset', () => {
    expect(offsetClock(0)).toBe(systemClock);
  });
});

describe('rowNow', () => {
  afterEach(() => setRowClock(null));

  it("leaves a row's time to the database by default", () => {
    expect(rowNow()).toBeInstanceOf(SQL);
  });

  it("stamps rows with the server's clock once one is set", () => {
    setRowClock({ now: () => new Date('2026-12-09T15:30:00Z') });
    expect(rowNow()).toEqual(new Date('2026-12-09T15:30:00Z'));
    setRowClock(systemClock);
    expect(rowNow()).toBeInstanceOf(SQL);
  });
});
