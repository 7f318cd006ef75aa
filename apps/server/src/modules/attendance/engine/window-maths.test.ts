import type { Shift } from '@vahub/shared/time/shifts';
import { describe, expect, it } from 'vitest';
import { changeable, overlaps, type StoredShift, sameShift } from './window-maths';

// The window rebuild's comparisons without a database, beside test/attendance-engine-window.test.ts.

const at = (iso: string) => new Date(iso);
const wanted: Shift = {
  date: '2026-03-02',
  scheduleId: 7,
  startAt: at('2026-03-02T01:00:00Z'),
  endAt: at('2026-03-02T09:00:00Z'),
};
const row = (extra: Partial<StoredShift> = {}): StoredShift => ({
  scheduleId: 7,
  date: '2026-03-02',
  timezone: 'Asia/Manila',
  status: 'upcoming',
  startedAt: null,
  scheduledStartAt: wanted.startAt,
  scheduledEndAt: wanted.endAt,
  ...extra,
});

describe('the same shift', () => {
  it('is the same block on the same local date and zone at the same instants', () => {
    expect(sameShift(row(), wanted, 'Asia/Manila')).toBe(true);
  });

  it('differs when any one of block, date, zone, start or end differs', () => {
    expect(sameShift(row({ scheduleId: 8 }), wanted, 'Asia/Manila')).toBe(false);
    expect(sameShift(row({ scheduleId: null }), wanted, 'Asia/Manila')).toBe(false);
    expect(sameShift(row({ date: '2026-03-03' }), wanted, 'Asia/Manila')).toBe(false);
    expect(sameShift(row({ timezone: 'UTC' }), wanted, 'Asia/Manila')).toBe(false);
    expect(sameShift(row(), wanted, 'UTC')).toBe(false);
    expect(sameShift(row({ scheduledStartAt: at('2026-03-02T01:00:01Z') }), wanted, 'Asia/Manila')).toBe(
      false,
    );
    expect(sameShift(row({ scheduledEndAt: at('2026-03-02T08:59:59Z') }), wanted, 'Asia/Manila')).toBe(false);
  });
});

describe('overlapping shifts', () => {
  it('share time when each starts before the other ends', () => {
    expect(overlaps(row(), wanted)).toBe(true);
    expect(
      overlaps(
        row({ scheduledStartAt: at('2026-03-02T08:59:00Z'), scheduledEndAt: at('2026-03-02T12:00:00Z') }),
        wanted,
      ),
    ).toBe(true);
    expect(
      overlaps(
        row({ scheduledStartAt: at('2026-03-01T20:00:00Z'), scheduledEndAt: at('2026-03-02T01:01:00Z') }),
        wanted,
      ),
    ).toBe(true);
  });

  it('touching ends, on either side, do not overlap', () => {
    expect(
      overlaps(
        row({ scheduledStartAt: at('2026-03-02T09:00:00Z'), scheduledEndAt: at('2026-03-02T12:00:00Z') }),
        wanted,
      ),
    ).toBe(false);
    expect(
      overlaps(
        row({ scheduledStartAt: at('2026-03-01T20:00:00Z'), scheduledEndAt: at('2026-03-02T01:00:00Z') }),
        wanted,
      ),
    ).toBe(false);
  });
});

describe('what a rebuild may change', () => {
  const now = at('2026-03-02T00:00:00Z');

  it('an upcoming or on-leave shift never clocked in to that starts after now', () => {
    expect(changeable(row(), now)).toBe(true);
    expect(changeable(row({ status: 'on_leave' }), now)).toBe(true);
  });

  it('not a shift running, finished, absent, clocked in to, or starting now or before', () => {
    for (const status of ['ongoing', 'completed', 'absent'])
      expect(changeable(row({ status }), now), status).toBe(false);
    expect(changeable(row({ startedAt: at('2026-03-01T23:50:00Z') }), now)).toBe(false);
    expect(changeable(row(), wanted.startAt)).toBe(false);
    expect(changeable(row(), at('2026-03-02T00:59:59.999Z'))).toBe(true);
  });
});
