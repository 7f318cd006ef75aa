import { describe, expect, it } from 'vitest';
import {
  blockRunsOn,
  findScheduleConflict,
  findWeeklyOverlap,
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

describe('the weekly pattern at its edges', () => {
  it('touching blocks do not overlap in either order', () => {
    expect(weeklyBlocksOverlap(block(1, '12:00', '17:00'), block(1, '09:00', '12:00'))).toBe(false);
    expect(weeklyBlocksOverlap(block(1, '12:00', '17:00'), block(1, '09:00', '12:01'))).toBe(true);
  });

  it('an overnight block whose last night is the day before the other starts still meets it', () => {
    // The Sunday night block's last occurrence (Sunday 8 March) runs into Monday 9 March.
    const night = block(7, '22:00', '06:00', { effective_to: '2026-03-08' });
    const morning = block(1, '05:00', '09:00', { effective_from: '2026-03-09' });
    expect(weeklyBlocksOverlap(night, morning)).toBe(true);
    expect(weeklyBlocksOverlap(morning, night)).toBe(true);
    // A day later they can no longer meet, in either order.
    const later = { ...morning, effective_from: '2026-03-10' };
    expect(weeklyBlocksOverlap(night, later)).toBe(false);
    expect(weeklyBlocksOverlap(later, night)).toBe(false);
  });

  it('findWeeklyOverlap answers the first block met, or null', () => {
    const a = block(1, '09:00', '12:00', { id: 1 });
    const b = block(1, '11:00', '13:00', { id: 2 });
    const c = block(1, '10:00', '11:30', { id: 3 });
    expect(findWeeklyOverlap(block(1, '10:00', '10:30'), [b, a, c])).toBe(a);
    expect(findWeeklyOverlap(block(2, '10:00', '10:30'), [a, b, c])).toBeNull();
  });

  it('blockRunsOn: its weekday only, inside its effective range (both ends included)', () => {
    const b = block(1, '09:00', '10:00', { effective_from: '2026-03-09', effective_to: '2026-03-16' });
    expect(blockRunsOn(b, '2026-03-09')).toBe(true);
    expect(blockRunsOn(b, '2026-03-16')).toBe(true);
    expect(blockRunsOn(b, '2026-03-10')).toBe(false); // a Tuesday
    expect(blockRunsOn(b, '2026-03-02')).toBe(false);
    expect(blockRunsOn(b, '2026-03-23')).toBe(false);
    expect(blockRunsOn(block(7, '09:00', '10:00'), '2026-03-08')).toBe(true);
    expect(blockRunsOn(block(0, '09:00', '10:00'), '2026-03-08')).toBe(true);
  });

  it('a block whose end equals its start lasts a whole day, like blockDuration says', () => {
    const o = occurrenceOn(block(1, '09:00', '09:00'), '2026-03-02', 'UTC');
    expect([o.start.toISOString(), o.end.toISOString()]).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-03T09:00:00.000Z',
    ]);
  });

  it('a block ending at midnight (24:00) ends at the next midnight, not the same one', () => {
    const o = occurrenceOn(block(1, '22:00', '00:00'), '2026-03-02', 'UTC');
    expect(o.end.toISOString()).toBe('2026-03-03T00:00:00.000Z');
  });

  it('a block lying wholly inside a spring gap is an empty occurrence at the moment the clock reappears', () => {
    const o = occurrenceOn(block(7, '02:10', '02:50'), '2026-03-08', 'America/New_York');
    expect([o.start.toISOString(), o.end.toISOString()]).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:00:00.000Z',
    ]);
  });

  it('the first occurrence in a range is on its weekday even when the range starts later in the week', () => {
    // From a Wednesday: Monday's first is the next Monday, Wednesday's is that day, Sunday's the coming Sunday.
    const occ = occurrencesBetween(
      [block(1, '09:00', '10:00'), block(3, '09:00', '10:00'), block(7, '09:00', '10:00')],
      'UTC',
      '2026-03-04',
      '2026-03-09',
    );
    expect(occ.map((o) => o.date)).toEqual(['2026-03-04', '2026-03-08', '2026-03-09']);
  });
});

describe('the overlap horizon', () => {
  it('covers the weeks asked from the day before, and a fortnight around each change of each zone once', () => {
    expect(overlapHorizon('2026-01-05', ['UTC'], 2)).toEqual([{ from: '2026-01-04', to: '2026-01-19' }]);
    const windows = overlapHorizon('2026-01-05', ['America/New_York', 'America/New_York'], 1);
    expect(windows).toEqual([
      { from: '2026-01-04', to: '2026-01-12' },
      { from: '2026-02-28', to: '2026-03-16' },
      { from: '2026-10-24', to: '2026-11-09' },
    ]);
  });
});

describe('conflicts between two zones at their edges', () => {
  const ny = (blocks: WeeklyBlock[], extra = {}) => ({ timeZone: 'America/New_York', blocks, ...extra });
  const utc = (blocks: WeeklyBlock[], extra = {}) => ({ timeZone: 'UTC', blocks, ...extra });

  it('a block lying wholly inside a spring gap clashes with nothing, whichever side it is on', () => {
    // New York's Sunday 02:10–02:50 does not exist on 8 March; UTC 06:00–08:00 covers the moment it would be.
    const inGap = ny([block(7, '02:10', '02:50')]);
    const around = utc([block(7, '06:00', '08:00')]);
    const day = [{ from: '2026-03-08', to: '2026-03-08' }];
    expect(findScheduleConflict(inGap, around, day)).toBeNull();
    expect(findScheduleConflict(around, inGap, day)).toBeNull();
    // A week later it exists (06:10–06:50 UTC) and clashes.
    const later = [{ from: '2026-03-15', to: '2026-03-15' }];
    expect(findScheduleConflict(inGap, around, later)?.a.date).toBe('2026-03-15');
    expect(findScheduleConflict(around, inGap, later)?.b.date).toBe('2026-03-15');
  });

  it('blocks that touch across zones do not clash', () => {
    // New York 09:00–17:00 EST is 14:00–22:00 UTC.
    const a = ny([block(1, '09:00', '17:00')]);
    const day = [{ from: '2026-01-05', to: '2026-01-05' }];
    expect(findScheduleConflict(a, utc([block(1, '22:00', '23:00')]), day)).toBeNull();
    expect(findScheduleConflict(a, utc([block(1, '13:00', '14:00')]), day)).toBeNull();
    expect(findScheduleConflict(a, utc([block(1, '21:59', '23:00')]), day)).not.toBeNull();
  });

  it('the earliest conflict wins whatever the order of the windows', () => {
    const a = utc([block(1, '09:00', '10:00'), block(3, '09:00', '10:00')]);
    const b = utc([block(3, '09:30', '10:30')]);
    // Over the second window, Monday 2 March has no clash but Wednesday 4 March does.
    const windows = [
      { from: '2026-03-09', to: '2026-03-15' },
      { from: '2026-03-02', to: '2026-03-08' },
    ];
    expect(findScheduleConflict(a, b, windows)?.a.date).toBe('2026-03-04');
  });

  it('of two conflicts at the same start, the one with the earlier occurrence of the other schedule wins, whatever the order of the windows', () => {
    // a's Monday 9 March 00:00–12:00 meets b's Sunday night (from 8 March) and b's Monday 10:00 block.
    const a = utc([block(1, '00:00', '12:00')]);
    const b = utc([block(7, '22:00', '02:00'), block(1, '10:00', '11:00')]);
    const wide = { from: '2026-03-08', to: '2026-03-09' };
    const narrow = { from: '2026-03-09', to: '2026-03-09' };
    expect(findScheduleConflict(a, b, [wide, narrow])?.b.date).toBe('2026-03-08');
    expect(findScheduleConflict(a, b, [narrow, wide])?.b.date).toBe('2026-03-08');
  });

  it('a single-day contract inside the window is checked on that day', () => {
    const a = utc([block(1, '09:00', '10:00')], { startDate: '2026-03-09', endDate: '2026-03-09' });
    const b = utc([block(1, '09:30', '10:30')]);
    const c = findScheduleConflict(a, b, [{ from: '2026-03-01', to: '2026-03-31' }]);
    expect(c?.a.date).toBe('2026-03-09');
    expect(findScheduleConflict(b, a, [{ from: '2026-03-01', to: '2026-03-31' }])?.b.date).toBe('2026-03-09');
  });

  it('a contract ending after the window is checked through the window’s end', () => {
    const a = utc([block(1, '09:00', '10:00')], { startDate: '2026-01-01', endDate: '2027-01-01' });
    const b = utc([block(1, '09:30', '10:30')], { startDate: '2026-03-30' });
    expect(findScheduleConflict(a, b, [{ from: '2026-03-01', to: '2026-03-31' }])?.a.date).toBe('2026-03-30');
  });
});
