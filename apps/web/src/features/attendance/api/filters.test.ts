import { describe, expect, it } from 'vitest';
import { filtersOf, isFiltered, listQueryOf } from './filters';

const p = (query: string) => new URLSearchParams(query);

describe('filtersOf (URL → filters)', () => {
  it('reads every filter the admin has', () => {
    expect(
      filtersOf(p('from=2026-03-01&to=2026-03-07&va=12&client=4&team=2&status=absent&page=3'), 'admin'),
    ).toEqual({
      from: '2026-03-01',
      to: '2026-03-07',
      va: 12,
      client: 4,
      team: 2,
      status: 'absent',
      page: 3,
    });
  });

  it('drops what the API would refuse, so a hand-edited URL shows the wider list', () => {
    expect(filtersOf(p('from=2026-02-30&va=abc&team=-1&status=late&page=0'), 'manager')).toEqual({
      from: undefined,
      to: undefined,
      va: undefined,
      client: undefined,
      team: undefined,
      status: undefined,
      page: 1,
    });
  });

  it('reads a reversed period the way it was meant, and keeps a too long one to its last year', () => {
    const swapped = filtersOf(p('from=2026-03-07&to=2026-03-01'), 'admin');
    expect([swapped.from, swapped.to]).toEqual(['2026-03-01', '2026-03-07']);
    const long = filtersOf(p('from=2020-01-01&to=2026-03-01'), 'admin');
    expect([long.from, long.to]).toEqual(['2025-02-28', '2026-03-01']);
  });

  it("ignores a client's client and team filters (their list is theirs)", () => {
    const f = filtersOf(p('client=4&team=2&va=9'), 'client');
    expect([f.client, f.team, f.va]).toEqual([undefined, undefined, 9]);
  });
});

describe('listQueryOf (filters → API query)', () => {
  it('names the API fields', () => {
    expect(listQueryOf(filtersOf(p('from=2026-03-01&va=12&status=ongoing&page=2'), 'admin'))).toEqual({
      page: 2,
      per_page: 20,
      start_date: '2026-03-01',
      end_date: undefined,
      va_id: 12,
      client_id: undefined,
      team_id: undefined,
      status: 'ongoing',
    });
  });

  it('knows when anything narrows the list', () => {
    expect(isFiltered(filtersOf(p('page=4'), 'admin'))).toBe(false);
    expect(isFiltered(filtersOf(p('status=absent'), 'admin'))).toBe(true);
  });
});
