import { describe, expect, it } from 'vitest';
import {
  blockSegments,
  convertBlock,
  convertMinute,
  minuteAt,
  minutesToPx,
  mondayOf,
  moveBlock,
  pxToMinutes,
  rangeFromDrag,
  resizeBlock,
  segmentBox,
  snap,
} from './geometry';

describe('week grid geometry', () => {
  it('converts minutes and pixels at the hour height', () => {
    expect(minutesToPx(90, 40)).toBe(60);
    expect(pxToMinutes(60, 40)).toBe(90);
    expect(minutesToPx(1440, 40)).toBe(960);
  });

  it('snaps to 15 minutes and clamps to the day', () => {
    expect(snap(7)).toBe(0);
    expect(snap(8)).toBe(15);
    expect(snap(52)).toBe(45);
    expect(minuteAt(-20, 40)).toBe(0);
    expect(minuteAt(10_000, 40)).toBe(1440);
    expect(minuteAt(365, 40)).toBe(555);
  });

  it('keeps a same-day block in one column', () => {
    expect(blockSegments({ weekday: 1, start_minute: 540, end_minute: 1020 })).toEqual([
      { weekday: 1, start: 540, end: 1020, part: 'whole' },
    ]);
    expect(segmentBox({ weekday: 1, start: 540, end: 1020, part: 'whole' }, 40)).toEqual({
      top: 360,
      height: 320,
    });
  });

  it('splits an overnight block across midnight into the next day', () => {
    expect(blockSegments({ weekday: 3, start_minute: 1320, end_minute: 360 })).toEqual([
      { weekday: 3, start: 1320, end: 1440, part: 'head' },
      { weekday: 4, start: 0, end: 360, part: 'tail' },
    ]);
  });

  it('wraps Sunday night into Monday, and accepts Sunday as 0', () => {
    const segs = blockSegments({ weekday: 0, start_minute: 1380, end_minute: 120 });
    expect(segs.map((s) => [s.weekday, s.start, s.end])).toEqual([
      [7, 1380, 1440],
      [1, 0, 120],
    ]);
  });

  it('draws no tail for a block that ends at midnight', () => {
    expect(blockSegments({ weekday: 5, start_minute: 1200, end_minute: 0 })).toHaveLength(1);
  });

  it('makes a block from a drag, in either direction, at least 15 minutes', () => {
    expect(rangeFromDrag(2, 610, 538)).toEqual({ weekday: 2, start_minute: 540, end_minute: 615 });
    expect(rangeFromDrag(2, 540, 541)).toEqual({ weekday: 2, start_minute: 540, end_minute: 555 });
    expect(rangeFromDrag(7, 1380, 1440)).toEqual({ weekday: 7, start_minute: 1380, end_minute: 0 });
  });

  it('moves a block, keeping its length, across midnight and around the week', () => {
    const b = { weekday: 1, start_minute: 540, end_minute: 1020 };
    expect(moveBlock(b, 62, 0)).toEqual({ weekday: 1, start_minute: 600, end_minute: 1080 });
    expect(moveBlock(b, 0, 2)).toEqual({ weekday: 3, start_minute: 540, end_minute: 1020 });
    expect(moveBlock(b, 0, -1)).toEqual({ weekday: 7, start_minute: 540, end_minute: 1020 });
    expect(moveBlock(b, 600, 0)).toEqual({ weekday: 1, start_minute: 1140, end_minute: 180 });
    expect(moveBlock({ weekday: 7, start_minute: 1380, end_minute: 60 }, 120, 0)).toEqual({
      weekday: 1,
      start_minute: 60,
      end_minute: 180,
    });
  });

  it('resizes by the bottom edge, possibly past midnight', () => {
    const b = { weekday: 1, start_minute: 1200, end_minute: 1380 };
    expect(resizeBlock(b, 120)).toEqual({ weekday: 1, start_minute: 1200, end_minute: 60 });
    expect(resizeBlock(b, -1000)).toEqual({ weekday: 1, start_minute: 1200, end_minute: 1215 });
  });

  it('finds the Monday of a week', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-25')).toBe('2026-11-23');
  });

  it("converts a block into the viewer's zone, moving the weekday when the date changes", () => {
    // Monday 9:00 AM in Los Angeles (UTC−8 in November) is Tuesday 1:00 AM in Manila (UTC+8).
    const b = { weekday: 1, start_minute: 540, end_minute: 1020 };
    expect(convertBlock(b, 'America/Los_Angeles', 'Asia/Manila', '2026-11-23')).toEqual({
      weekday: 2,
      start_minute: 60,
      end_minute: 540,
    });
    expect(convertBlock(b, 'UTC', 'UTC', '2026-11-23')).toBe(b);
    expect(convertMinute('2026-11-23', 540, 'America/New_York', 'Europe/London')).toBe(840);
  });
});
