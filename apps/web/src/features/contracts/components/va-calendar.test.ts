import type { Contract } from '@vahub/shared/contracts/schemas';
import { describe, expect, it } from 'vitest';
import { shiftsBetween } from './va-calendar';

const contract = (over: Partial<Contract>): Contract =>
  ({
    id: 1,
    status: 'active',
    timezone: 'America/Los_Angeles',
    start_date: '2026-01-01',
    end_date: null,
    client: { name: 'Claire' },
    schedules: [{ id: 1, weekday: 6, start_minute: 540, end_minute: 1020 }],
    ...over,
  }) as unknown as Contract;

describe('shiftsBetween', () => {
  it("reads each contract's blocks on the VA's own clock (Saturday 9 AM Los Angeles = Sunday 1 AM Manila)", () => {
    const shifts = shiftsBetween([contract({})], 'Asia/Manila', '2026-11-23', '2026-11-29');
    expect(shifts).toHaveLength(1);
    expect(shifts[0].localStart).toEqual({ date: '2026-11-29', minute: 60 });
    expect(shifts[0].localEnd).toEqual({ date: '2026-11-29', minute: 540 });
  });

  it('skips drafts, paused contracts, and days outside the contract', () => {
    expect(shiftsBetween([contract({ status: 'paused' })], 'UTC', '2026-11-23', '2026-11-29')).toEqual([]);
    expect(shiftsBetween([contract({ end_date: '2026-11-27' })], 'UTC', '2026-11-23', '2026-11-29')).toEqual(
      [],
    );
  });

  it('moves an overnight shift across DST on wall-clock time', () => {
    // New York 22:00–06:00 on Saturday 2026-03-07: clocks spring forward that night, so it lasts 7 h.
    const c = contract({
      timezone: 'America/New_York',
      schedules: [{ id: 2, weekday: 6, start_minute: 1320, end_minute: 360 } as never],
    });
    const [s] = shiftsBetween([c], 'America/New_York', '2026-03-02', '2026-03-08');
    expect((s.end.getTime() - s.start.getTime()) / 3_600_000).toBe(7);
  });
});
