import { describe, expect, it } from 'vitest';
import {
  findScheduleConflict,
  occurrenceOn,
  occurrencesBetween,
  overlapHorizon,
  type WeeklyBlock,
  weeklyBlocksOverlap,
} from './schedule-blocks';
import { normalizeWeekday } from './weekdays';

const block = (
  weekday: number,
  start: string,
  end: string,
  extra: Partial<WeeklyBlock> = {},
): WeeklyBlock => {
  const m = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
  return { weekday: normalizeWeekday(weekday), start_minute: m(start), end_minute: m(end), ...extra };
};
const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((d) => block(d, start, end));

describe('blocks of one contract', () => {
  it('touching blocks do not overlap, split shifts are fine', () => {
    expect(weeklyBlocksOverlap(block(1, '08:00', '12:00'), block(1, '13:00', '17:00'))).toBe(false);
    expect(weeklyBlocksOverlap(block(1, '09:00', '12:00'), block(1, '12:00', '17:00'))).toBe(false);
    expect(weeklyBlocksOverlap(block(1, '09:00', '12:00'), block(1, '11:00', '17:00'))).toBe(true);
  });
  it('an overnight block runs into the next day', () => {
    expect(weeklyBlocksOverlap(block(1, '22:00', '06:00'), block(2, '05:00', '09:00'))).toBe(true);
    expect(weeklyBlocksOverlap(block(1, '22:00', '06:00'), block(2, '06:00', '09:00'))).toBe(false);
  });
  it('Sunday night (as 0 or 7) wraps into Monday', () => {
    expect(weeklyBlocksOverlap(block(0, '22:00', '06:00'), block(1, '05:00', '09:00'))).toBe(true);
    expect(weeklyBlocksOverlap(block(1, '05:00', '09:00'), block(7, '22:00', '06:00'))).toBe(true);
    expect(weeklyBlocksOverlap(block(7, '22:00', '04:00'), block(1, '05:00', '09:00'))).toBe(false);
  });
  it('blocks of different effective periods do not clash', () => {
    const a = block(1, '09:00', '17:00', { effective_to: '2026-03-31' });
    const b = block(1, '10:00', '18:00', { effective_from: '2026-04-06' });
    expect(weeklyBlocksOverlap(a, b)).toBe(false);
    expect(weeklyBlocksOverlap(a, { ...b, effective_from: '2026-03-30' })).toBe(true);
  });
});

describe('occurrences in absolute time', () => {
  it('lists a week of blocks in a zone', () => {
    const occ = occurrencesBetween(
      weekdays('09:00', '17:00'),
      'America/New_York',
      '2026-03-02',
      '2026-03-08',
    );
    expect(occ.map((o) => o.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
    expect(occ[0].start.toISOString()).toBe('2026-03-02T14:00:00.000Z');
    expect(occ[0].end.toISOString()).toBe('2026-03-02T22:00:00.000Z');
  });
  it('keeps wall-clock times across the New York spring change', () => {
    const occ = occurrencesBetween(
      [block(1, '09:00', '17:00')],
      'America/New_York',
      '2026-03-02',
      '2026-03-15',
    );
    expect(occ.map((o) => o.start.toISOString())).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
  });
  it('an overnight shift over a DST change lasts 7 or 9 hours', () => {
    const spring = occurrenceOn(block(6, '22:00', '06:00'), '2026-03-07', 'America/New_York');
    expect(spring.start.toISOString()).toBe('2026-03-08T03:00:00.000Z');
    expect(spring.end.toISOString()).toBe('2026-03-08T10:00:00.000Z');
    const autumn = occurrenceOn(block(6, '22:00', '06:00'), '2026-10-31', 'America/New_York');
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(9);
    const london = occurrenceOn(block(7, '00:00', '03:00'), '2026-03-29', 'Europe/London');
    expect((london.end.getTime() - london.start.getTime()) / 3_600_000).toBe(2);
  });
  it('Sunday blocks occur on Sundays', () => {
    const occ = occurrencesBetween([block(0, '10:00', '12:00')], 'Asia/Manila', '2026-03-02', '2026-03-15');
    expect(occ.map((o) => o.date)).toEqual(['2026-03-08', '2026-03-15']);
  });
  it('respects effective dates', () => {
    const b = block(1, '09:00', '10:00', { effective_from: '2026-03-09', effective_to: '2026-03-16' });
    expect(occurrencesBetween([b], 'UTC', '2026-03-01', '2026-03-31').map((o) => o.date)).toEqual([
      '2026-03-09',
      '2026-03-16',
    ]);
  });
});

describe('a VA in Manila with clients in other zones', () => {
  const newYork = { timeZone: 'America/New_York', blocks: weekdays('09:00', '17:00') };

  it('New York 9–17 and London 8–13 never meet, in winter, in spring and in summer', () => {
    const london = { timeZone: 'Europe/London', blocks: weekdays('08:00', '13:00') };
    expect(
      findScheduleConflict(
        newYork,
        london,
        overlapHorizon('2026-01-05', ['America/New_York', 'Europe/London']),
      ),
    ).toBeNull();
  });

  it('New York 9–17 and London 13–18 overlap', () => {
    const london = { timeZone: 'Europe/London', blocks: weekdays('13:00', '18:00') };
    const c = findScheduleConflict(
      newYork,
      london,
      overlapHorizon('2026-01-05', ['America/New_York', 'Europe/London']),
    );
    expect(c?.a.date).toBe('2026-01-05');
    expect(c?.b.date).toBe('2026-01-05');
  });

  it('an overnight Manila block against New York mornings', () => {
    // Manila Tue 01:00–03:00 is Monday 12:00–14:00 in New York winter time.
    const manila = { timeZone: 'Asia/Manila', blocks: [block(2, '01:00', '03:00')] };
    expect(
      findScheduleConflict(
        newYork,
        manila,
        overlapHorizon('2026-01-05', ['America/New_York', 'Asia/Manila']),
      ),
    ).not.toBeNull();
  });

  it('a clash that only appears after the autumn DST change is found', () => {
    // Manila Tue 05:00–06:00 = Mon 21:00–22:00 UTC: touches New York 9–17 in summer (13–21 UTC),
    // overlaps it in winter (14–22 UTC).
    const manila = { timeZone: 'Asia/Manila', blocks: [block(2, '05:00', '06:00')] };
    const eightWeeks = [{ from: '2026-06-01', to: '2026-07-27' }];
    expect(findScheduleConflict(newYork, manila, eightWeeks)).toBeNull();
    const c = findScheduleConflict(
      newYork,
      manila,
      overlapHorizon('2026-06-01', ['America/New_York', 'Asia/Manila']),
    );
    expect(c?.a.date).toBe('2026-11-02');
    expect(c?.a.start.toISOString()).toBe('2026-11-02T14:00:00.000Z');
  });

  it('contract dates limit the check', () => {
    const manila = { timeZone: 'Asia/Manila', blocks: [block(2, '01:00', '03:00')], startDate: '2027-06-01' };
    const ny = { ...newYork, endDate: '2026-12-31' };
    expect(findScheduleConflict(ny, manila, overlapHorizon('2026-01-05', ['America/New_York']))).toBeNull();
  });
});
