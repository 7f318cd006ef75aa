import { describe, expect, it } from 'vitest';
import { note } from '../components/test-utils';
import { resourcesOf } from './live';
import { withRead } from './mark-read';
import { logFiltersOf, logQueryOf } from './va-log-filters';

const params = (query: string) => new URLSearchParams(query);

describe('the log filters in the URL', () => {
  it('reads the VA, type, period and page as the API takes them', () => {
    const filters = logFiltersOf(params('va=12&type=attendance.late&from=2026-11-01&to=2026-11-30&page=3'));
    expect(logQueryOf(filters)).toEqual({
      va_id: 12,
      type: 'attendance.late',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      page: 3,
      per_page: 25,
    });
  });

  it('drops what the API would refuse and repairs a period', () => {
    expect(logFiltersOf(params('va=abc&type=nope&from=2026-13-01&page=-2'))).toEqual({ page: 1 });
    expect(logFiltersOf(params('from=2026-11-30&to=2026-11-01'))).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(logFiltersOf(params('from=2020-01-01&to=2026-11-30'))).toMatchObject({
      from: '2025-11-29',
      to: '2026-11-30',
    });
  });
});

describe('marking read on screen', () => {
  const page = {
    data: [note(3), note(2), note(1, { read_at: '2026-11-19T08:00:00Z' })],
    meta: { current_page: 1, per_page: 20, total: 3, last_page: 1, unread: 2 },
  };
  it('marks the given ids (all when none) and takes the count the server answered', () => {
    const one = withRead(page, [2], 1, '2026-11-20T10:00:00Z');
    expect(one.data.map((n) => n.read_at)).toEqual([null, '2026-11-20T10:00:00Z', '2026-11-19T08:00:00Z']);
    expect(one.meta.unread).toBe(1);
    const all = withRead(page, undefined, 0, '2026-11-20T10:00:00Z');
    expect(all.data.every((n) => n.read_at !== null)).toBe(true);
    expect(all.data[2].read_at).toBe('2026-11-19T08:00:00Z');
  });
});

describe('what else a notification refreshes', () => {
  it('the requests for a request, the timesheets for a dispute, nothing more otherwise', () => {
    expect(resourcesOf('request.created')).toEqual(['requests']);
    expect(resourcesOf('request.decided')).toEqual(['requests']);
    expect(resourcesOf('timesheet.disputed')).toEqual(['timesheets']);
    expect(resourcesOf('attendance.late')).toEqual([]);
  });
});
