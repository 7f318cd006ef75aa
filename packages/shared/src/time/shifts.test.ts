import { describe, expect, it } from 'vitest';
import { clipToContract, type ShiftBlock, shiftOn, shiftsBetween, windowDates, windowShifts } from './shifts';

const m = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
let nextId = 1;
const block = (weekday: number, start: string, end: string, extra: Partial<ShiftBlock> = {}): ShiftBlock => ({
  id: nextId++,
  weekday,
  start_minute: m(start),
  end_minute: m(end),
  ...extra,
});
const iso = (d: Date) => d.toISOString();
const monFri = (start: string, end: string) => [1, 2, 3, 4, 5].map((d) => block(d, start, end));

describe('shiftsBetween', () => {
  it('four weeks of a Monday–Friday schedule are twenty shifts, in start order', () => {
    const shifts = shiftsBetween(
      monFri('09:00', '17:00'),
      'Asia/Manila',
      { from: '2026-03-02', to: '2026-03-29' },
      { startDate: '2026-01-01' },
    );
    expect(shifts).toHaveLength(20);
    expect(shifts[0]).toMatchObject({ date: '2026-03-02' });
    expect(iso(shifts[0].startAt)).toBe('2026-03-02T01:00:00.000Z');
    expect(iso(shifts[0].endAt)).toBe('2026-03-02T09:00:00.000Z');
    const starts = shifts.map((s) => s.startAt.getTime());
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });

  it("respects the contract's dates and the blocks' effective range", () => {
    const blocks = [block(1, '09:00', '17:00', { effective_from: '2026-03-09' }), block(3, '09:00', '17:00')];
    const shifts = shiftsBetween(
      blocks,
      'UTC',
      { from: '2026-03-01', to: '2026-03-31' },
      { startDate: '2026-03-04', endDate: '2026-03-18' },
    );
    expect(shifts.map((s) => s.date)).toEqual([
      '2026-03-04',
      '2026-03-09',
      '2026-03-11',
      '2026-03-16',
      '2026-03-18',
    ]);
    expect(
      shiftsBetween(
        blocks,
        'UTC',
        { from: '2026-04-01', to: '2026-04-30' },
        { startDate: '2026-03-04', endDate: '2026-03-18' },
      ),
    ).toEqual([]);
  });

  it('an overnight shift belongs to the date it starts on', () => {
    const [s] = shiftsBetween(
      [block(5, '22:00', '06:00')],
      'America/New_York',
      { from: '2026-03-06', to: '2026-03-06' },
      { startDate: '2026-01-01' },
    );
    expect(s.date).toBe('2026-03-06');
    expect(iso(s.startAt)).toBe('2026-03-07T03:00:00.000Z');
    expect(iso(s.endAt)).toBe('2026-03-07T11:00:00.000Z');
  });

  it('9:00 stays 9:00 local across spring-forward and fall-back in New York', () => {
    const range = { from: '2026-03-06', to: '2026-03-09' };
    const shifts = shiftsBetween(
      [block(6, '09:00', '17:00'), block(7, '09:00', '17:00'), block(1, '09:00', '17:00')],
      'America/New_York',
      range,
      { startDate: '2026-01-01' },
    );
    // Saturday before the change is EST (UTC-5), Sunday 8 March and after are EDT (UTC-4).
    expect(shifts.map((s) => iso(s.startAt))).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
    const autumn = shiftsBetween(
      [block(6, '09:00', '17:00'), block(7, '09:00', '17:00')],
      'America/New_York',
      { from: '2026-10-31', to: '2026-11-01' },
      { startDate: '2026-01-01' },
    );
    expect(autumn.map((s) => iso(s.startAt))).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
    ]);
  });

  it('9:00 stays 9:00 local across both changes in London', () => {
    const spring = shiftsBetween(
      [block(6, '09:00', '17:00'), block(7, '09:00', '17:00')],
      'Europe/London',
      { from: '2026-03-28', to: '2026-03-29' },
      { startDate: '2026-01-01' },
    );
    expect(spring.map((s) => iso(s.startAt))).toEqual([
      '2026-03-28T09:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
    ]);
    const autumn = shiftsBetween(
      [block(6, '09:00', '17:00'), block(7, '09:00', '17:00')],
      'Europe/London',
      { from: '2026-10-24', to: '2026-10-25' },
      { startDate: '2026-01-01' },
    );
    expect(autumn.map((s) => iso(s.startAt))).toEqual([
      '2026-10-24T08:00:00.000Z',
      '2026-10-25T09:00:00.000Z',
    ]);
  });

  it('overnight shifts over a change last 7 or 9 real hours', () => {
    const tz = 'America/New_York';
    const [spring] = shiftsBetween(
      [block(6, '22:00', '06:00')],
      tz,
      { from: '2026-03-07', to: '2026-03-07' },
      { startDate: '2026-01-01' },
    );
    expect((spring.endAt.getTime() - spring.startAt.getTime()) / 3_600_000).toBe(7);
    const [fall] = shiftsBetween(
      [block(6, '22:00', '06:00')],
      tz,
      { from: '2026-10-31', to: '2026-10-31' },
      { startDate: '2026-01-01' },
    );
    expect((fall.endAt.getTime() - fall.startAt.getTime()) / 3_600_000).toBe(9);
  });
});

describe('shifts at the edges of a spring-forward gap (New York, 2026-03-08, 02:00 → 03:00)', () => {
  const tz = 'America/New_York';
  const sunday = (b: ShiftBlock) =>
    shiftsBetween([b], tz, { from: '2026-03-08', to: '2026-03-08' }, { startDate: '2026-01-01' });

  it('a block starting inside the gap starts when the clock reappears at 03:00', () => {
    const [gap] = sunday(block(7, '02:30', '05:00'));
    expect([iso(gap.startAt), iso(gap.endAt)]).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T09:00:00.000Z',
    ]);
  });

  it('a block lying wholly inside the gap has no time that day and is dropped', () => {
    expect(sunday(block(7, '02:10', '02:50'))).toEqual([]);
    // The same block on an ordinary Sunday is a 40-minute shift.
    const [ordinary] = shiftsBetween(
      [block(7, '02:10', '02:50')],
      tz,
      { from: '2026-03-15', to: '2026-03-15' },
      { startDate: '2026-01-01' },
    );
    expect([iso(ordinary.startAt), iso(ordinary.endAt)]).toEqual([
      '2026-03-15T06:10:00.000Z',
      '2026-03-15T06:50:00.000Z',
    ]);
  });

  it('a block exactly filling the gap (02:00–03:00) is dropped too', () => {
    expect(sunday(block(7, '02:00', '03:00'))).toEqual([]);
  });

  it('a block ending inside the gap ends at 03:00, a block ending just before it at 01:59 EST', () => {
    const [into] = sunday(block(7, '01:00', '02:30'));
    expect([iso(into.startAt), iso(into.endAt)]).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T07:00:00.000Z',
    ]);
    const [before] = sunday(block(7, '01:00', '01:59'));
    expect(iso(before.endAt)).toBe('2026-03-08T06:59:00.000Z');
  });

  it('a block starting the minute the clock reappears (03:00) is whole', () => {
    const [after] = sunday(block(7, '03:00', '04:00'));
    expect([iso(after.startAt), iso(after.endAt)]).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T08:00:00.000Z',
    ]);
  });

  it('an overnight block ending inside the next day’s gap ends at 03:00', () => {
    const [night] = shiftsBetween(
      [block(6, '23:00', '02:30')],
      tz,
      { from: '2026-03-07', to: '2026-03-07' },
      { startDate: '2026-01-01' },
    );
    expect([iso(night.startAt), iso(night.endAt)]).toEqual([
      '2026-03-08T04:00:00.000Z',
      '2026-03-08T07:00:00.000Z',
    ]);
  });
});

describe('shifts at the edges of an autumn overlap (New York, 2026-11-01, 01:00–02:00 twice)', () => {
  const tz = 'America/New_York';
  const sunday = (b: ShiftBlock) =>
    shiftsBetween([b], tz, { from: '2026-11-01', to: '2026-11-01' }, { startDate: '2026-01-01' });

  it('a block inside the repeated hour takes its first occurrence (EDT)', () => {
    const [s] = sunday(block(7, '01:15', '01:45'));
    expect([iso(s.startAt), iso(s.endAt)]).toEqual(['2026-11-01T05:15:00.000Z', '2026-11-01T05:45:00.000Z']);
  });

  it('a block from before the overlap to after it lasts an hour longer than its wall-clock length', () => {
    const [s] = sunday(block(7, '00:30', '02:30'));
    expect([iso(s.startAt), iso(s.endAt)]).toEqual(['2026-11-01T04:30:00.000Z', '2026-11-01T07:30:00.000Z']);
  });

  it('a block starting at 02:00 (after the repeat) is in EST', () => {
    const [s] = sunday(block(7, '02:00', '03:00'));
    expect([iso(s.startAt), iso(s.endAt)]).toEqual(['2026-11-01T07:00:00.000Z', '2026-11-01T08:00:00.000Z']);
  });
});

describe('contract dates and the window', () => {
  const blocks = [block(1, '09:00', '17:00')];
  const mondays = (dates: { startDate: string; endDate?: string | null }) =>
    shiftsBetween(blocks, 'UTC', { from: '2026-03-02', to: '2026-03-30' }, dates).map((s) => s.date);

  it('a contract starting and ending inside the window keeps only its own dates, both ends included', () => {
    expect(mondays({ startDate: '2026-03-09', endDate: '2026-03-23' })).toEqual([
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
    ]);
  });

  it('a contract ending after the window is honoured through the window’s last day', () => {
    expect(mondays({ startDate: '2026-01-01', endDate: '2026-12-31' })).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
    expect(mondays({ startDate: '2026-01-01', endDate: null })).toHaveLength(5);
  });

  it('a contract starting after the window, or ended before it, has no shifts', () => {
    expect(mondays({ startDate: '2026-03-31' })).toEqual([]);
    expect(mondays({ startDate: '2026-01-01', endDate: '2026-03-01' })).toEqual([]);
  });

  it('a contract of a single day inside the window has that day', () => {
    expect(mondays({ startDate: '2026-03-16', endDate: '2026-03-16' })).toEqual(['2026-03-16']);
  });

  it('clipToContract answers the dates left, or null when none are', () => {
    expect(clipToContract({ from: '2026-03-01', to: '2026-03-31' }, { startDate: '2026-03-10' })).toEqual({
      from: '2026-03-10',
      to: '2026-03-31',
    });
    expect(
      clipToContract(
        { from: '2026-03-01', to: '2026-03-31' },
        { startDate: '2026-02-01', endDate: '2026-04-30' },
      ),
    ).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(
      clipToContract(
        { from: '2026-03-01', to: '2026-03-31' },
        { startDate: '2026-03-31', endDate: '2026-04-30' },
      ),
    ).toEqual({ from: '2026-03-31', to: '2026-03-31' });
    expect(clipToContract({ from: '2026-03-01', to: '2026-03-31' }, { startDate: '2026-04-01' })).toBeNull();
  });
});

describe('the rolling window', () => {
  it('runs from yesterday through four weeks, local to the zone', () => {
    // 23:30 UTC on Wednesday is already Thursday in Manila.
    expect(windowDates(new Date('2026-03-04T23:30:00Z'), 'Asia/Manila')).toEqual({
      from: '2026-03-04',
      to: '2026-04-01',
    });
    expect(windowDates(new Date('2026-03-04T23:30:00Z'), 'America/New_York', 1)).toEqual({
      from: '2026-03-03',
      to: '2026-03-10',
    });
  });

  it('keeps a shift already running and drops those that ended', () => {
    const blocks = [block(1, '09:00', '17:00'), block(7, '22:00', '06:00')];
    const now = new Date('2026-03-02T10:00:00Z'); // Monday 10:00 UTC: Sunday's night shift is over
    const shifts = windowShifts(blocks, 'UTC', { startDate: '2026-01-01' }, now, 1);
    expect(iso(shifts[0].startAt)).toBe('2026-03-02T09:00:00.000Z');
    expect(shifts.every((s) => s.endAt > now)).toBe(true);
    const atNight = windowShifts(
      blocks,
      'UTC',
      { startDate: '2026-01-01' },
      new Date('2026-03-02T05:00:00Z'),
      1,
    );
    expect(atNight[0]).toMatchObject({ date: '2026-03-01' });
  });

  it('a shift ending exactly now is over; one ending a millisecond later is still built', () => {
    const blocks = [block(1, '09:00', '17:00')];
    const end = new Date('2026-03-02T17:00:00Z');
    const at = (ms: number) => windowShifts(blocks, 'UTC', { startDate: '2026-01-01' }, new Date(ms), 2);
    expect(at(end.getTime()).map((s) => s.date)).toEqual(['2026-03-09']);
    expect(at(end.getTime() - 1).map((s) => s.date)).toEqual(['2026-03-02', '2026-03-09']);
  });

  it('the window honours a contract ending inside it and one ending after it', () => {
    const blocks = [block(1, '09:00', '17:00')];
    const now = new Date('2026-03-02T08:00:00Z');
    const dates = (endDate: string) =>
      windowShifts(blocks, 'UTC', { startDate: '2026-01-01', endDate }, now, 2).map((s) => s.date);
    expect(dates('2026-03-08')).toEqual(['2026-03-02']);
    expect(dates('2026-12-31')).toEqual(['2026-03-02', '2026-03-09']);
  });

  it('shiftOn puts a block on any date at its wall times', () => {
    const b = block(1, '09:00', '17:00');
    const s = shiftOn(b, '2026-03-11', 'America/New_York');
    expect(s).toMatchObject({ date: '2026-03-11', scheduleId: b.id });
    expect(iso(s.startAt)).toBe('2026-03-11T13:00:00.000Z');
  });
});
