import type { Attendance } from '@vahub/shared/attendance/schemas';
import { describe, expect, it } from 'vitest';
import { mondayOf, weeklyTotals } from './weeks';

const shift = (over: Partial<Attendance>): Attendance =>
  ({
    id: 1,
    date: '2026-03-02',
    status: 'completed',
    scheduled_seconds: 8 * 3600,
    worked_seconds: 0,
    active_seconds: 0,
    late_minutes: 0,
    ...over,
  }) as Attendance;

describe('weeklyTotals', () => {
  it('finds the Monday of any day, Sunday included', () => {
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
  });

  it('groups by week in the order given and sums each week', () => {
    const weeks = weeklyTotals([
      shift({ id: 1, date: '2026-03-10', worked_seconds: 7 * 3600, late_minutes: 12 }),
      shift({ id: 2, date: '2026-03-09', status: 'absent' }),
      shift({ id: 3, date: '2026-03-08', worked_seconds: 8 * 3600, active_seconds: 6 * 3600 }),
      shift({ id: 4, date: '2026-03-03', status: 'on_leave' }),
    ]);
    expect(weeks.map((w) => [w.weekStart, w.shifts.map((s) => s.id)])).toEqual([
      ['2026-03-09', [1, 2]],
      ['2026-03-02', [3, 4]],
    ]);
    expect(weeks[0]).toMatchObject({
      scheduledSeconds: 16 * 3600,
      workedSeconds: 7 * 3600,
      late: 1,
      lateMinutes: 12,
      absent: 1,
    });
    // A day on leave is not scheduled time.
    expect(weeks[1]).toMatchObject({
      scheduledSeconds: 8 * 3600,
      activeSeconds: 6 * 3600,
      late: 0,
      absent: 0,
    });
  });
});
