import { describe, expect, it } from 'vitest';
import type { DurationRow } from '../api/insights';
import {
  activityLevel,
  dayCells,
  dayCounts,
  durationTotals,
  monthWeeks,
  shiftBounds,
  shiftMonth,
  sortDurationRows,
} from './insights-math';
import { block } from './test-utils';

describe('activity levels', () => {
  it('buckets the active share, and nothing tracked is level 0 whatever the percent', () => {
    expect(activityLevel(null)).toBe(0);
    expect(activityLevel({ tracked_seconds: 0, activity_percent: 90 })).toBe(0);
    expect(activityLevel({ tracked_seconds: 60, activity_percent: 0 })).toBe(1);
    expect(activityLevel({ tracked_seconds: 60, activity_percent: 24 })).toBe(1);
    expect(activityLevel({ tracked_seconds: 60, activity_percent: 25 })).toBe(2);
    expect(activityLevel({ tracked_seconds: 60, activity_percent: 50 })).toBe(3);
    expect(activityLevel({ tracked_seconds: 60, activity_percent: 75 })).toBe(4);
    expect(activityLevel({ tracked_seconds: 60, activity_percent: 100 })).toBe(4);
  });
});

describe('day cells', () => {
  it('has 144 cells on an ordinary day and places a block by its start in the viewer zone', () => {
    // Manila is UTC+8: 09:10 local is 01:10 UTC.
    const { cells, columns } = dayCells('2026-11-26', 'Asia/Manila', [block('2026-11-26T01:10:00Z', 80)]);
    expect(cells).toHaveLength(144);
    expect(columns).toHaveLength(24);
    const hit = cells.filter((c) => c.block);
    expect(hit).toHaveLength(1);
    expect(hit[0]).toMatchObject({ column: 9, slot: 1 });
  });

  it('follows daylight saving: 23 hours in spring, 25 in autumn (the repeated hour has its own column)', () => {
    expect(dayCells('2026-03-08', 'America/New_York', []).cells).toHaveLength(138);
    const autumn = dayCells('2026-11-01', 'America/New_York', [
      block('2026-11-01T05:00:00Z', 50), // 1:00 EDT
      block('2026-11-01T06:00:00Z', 90), // 1:00 EST, an hour later
    ]);
    expect(autumn.cells).toHaveLength(150);
    expect(autumn.columns.map((c) => c.localMinute / 60).slice(0, 4)).toEqual([0, 1, 1, 2]);
    expect(autumn.cells.filter((c) => c.block).map((c) => c.column)).toEqual([1, 2]);
  });

  it('leaves out blocks of another day', () => {
    const { cells } = dayCells('2026-11-26', 'UTC', [
      block('2026-11-25T23:50:00Z', 50),
      block('2026-11-27T00:00:00Z', 50),
    ]);
    expect(cells.some((c) => c.block)).toBe(false);
  });

  it('spans a shift from the hour it starts in to the end of its last hour', () => {
    const { from, to } = shiftBounds([
      '2026-11-26T22:30:00Z',
      '2026-11-27T06:30:00Z',
      null,
      '2026-11-27T06:41:00Z',
    ]);
    expect(from.toISOString()).toBe('2026-11-26T22:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-27T07:00:00.000Z');
  });
});

describe('months', () => {
  it('lays a month out Sunday first with blanks around it', () => {
    // November 2026 starts on a Sunday and has 30 days.
    const nov = monthWeeks('2026-11');
    expect(nov[0]?.[0]).toBe('2026-11-01');
    expect(nov).toHaveLength(5);
    expect(nov[4]?.slice(0, 2)).toEqual(['2026-11-29', '2026-11-30']);
    expect(nov[4]?.[2]).toBeNull();
    // February 2026 starts on a Sunday too and fills exactly four weeks; March starts on a Sunday as well.
    const feb = monthWeeks('2026-02');
    expect(feb).toHaveLength(4);
    // January 2026 starts on a Thursday: four blanks first.
    expect(monthWeeks('2026-01')[0]?.slice(0, 5)).toEqual([null, null, null, null, '2026-01-01']);
  });

  it('steps months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-11', -12)).toBe('2025-11');
  });

  it('counts worked shifts on time apart from the late ones', () => {
    const counts = dayCounts({
      date: '2026-11-02',
      upcoming: 1,
      ongoing: 1,
      completed: 3,
      absent: 2,
      on_leave: 1,
      late: 1,
      worked_seconds: 0,
      scheduled_seconds: 0,
    });
    expect(counts).toEqual({ onTime: 3, late: 1, absent: 2, onLeave: 1, upcoming: 1 });
  });
});

const row = (
  id: number,
  name: string,
  worked: number,
  late: number,
  activity: number | null,
): DurationRow => ({
  va: { id, name, email: `${id}@x.test`, timezone: 'UTC', avatar_url: null } as DurationRow['va'],
  shifts: 5,
  completed: 4,
  ongoing: 0,
  absent: 1,
  on_leave: 0,
  late,
  late_minutes: late * 10,
  scheduled_seconds: 5 * 8 * 3600,
  worked_seconds: worked,
  active_seconds: Math.round(worked / 2),
  idle_seconds: 0,
  activity_percent: activity,
  online: false,
  idle: false,
});

describe('duration rows', () => {
  const rows = [row(1, 'Cara', 100, 2, 50), row(2, 'Abe', 300, 0, null), row(3, 'Bea', 200, 2, 80)];

  it('sorts by name or by a figure, ties by name', () => {
    expect(sortDurationRows(rows, 'name', 'asc').map((r) => r.va.name)).toEqual(['Abe', 'Bea', 'Cara']);
    expect(sortDurationRows(rows, 'worked', 'desc').map((r) => r.va.name)).toEqual(['Abe', 'Bea', 'Cara']);
    expect(sortDurationRows(rows, 'late', 'desc').map((r) => r.va.name)).toEqual(['Bea', 'Cara', 'Abe']);
    // No activity yet sorts below any share.
    expect(sortDurationRows(rows, 'activity', 'asc').map((r) => r.va.name)).toEqual(['Abe', 'Cara', 'Bea']);
  });

  it('totals every column, activity as the share of the sums', () => {
    const totals = durationTotals(rows);
    expect(totals).toMatchObject({ shifts: 15, worked: 600, active: 300, late: 4, absent: 3, activity: 50 });
    expect(totals.scheduled).toBe(3 * 5 * 8 * 3600);
    expect(durationTotals([]).activity).toBeNull();
  });
});
