import { describe, expect, it } from 'vitest';
import { ownFiltersOf, queueFiltersOf, queueQueryOf } from './filters';

const p = (query: string) => new URLSearchParams(query);

describe('the queue filters in the URL', () => {
  it('shows pending requests unless told otherwise; `status=all` is every status', () => {
    expect(queueFiltersOf(p('')).status).toBe('pending');
    expect(queueFiltersOf(p('status=approved')).status).toBe('approved');
    expect(queueFiltersOf(p('status=all')).status).toBeUndefined();
    expect(queueFiltersOf(p('status=nonsense')).status).toBe('pending');
  });

  it('drops what the API would refuse and puts a reversed period in order', () => {
    expect(queueFiltersOf(p('type=holiday&va=-3&client=x&from=2026-13-01&request=0'))).toEqual({
      status: 'pending',
      type: undefined,
      va: undefined,
      client: undefined,
      team: undefined,
      from: undefined,
      to: undefined,
      page: 1,
      open: undefined,
    });
    const f = queueFiltersOf(p('from=2026-12-31&to=2026-12-01&team=4&page=3&request=12'));
    expect(queueQueryOf(f)).toEqual({
      status: 'pending',
      type: undefined,
      va_id: undefined,
      client_id: undefined,
      team_id: 4,
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      page: 3,
      per_page: 25,
    });
    expect(f.open).toBe(12);
  });

  it("reads the VA's own filters: every status by default", () => {
    expect(ownFiltersOf(p('type=mus&page=2'))).toEqual({ status: undefined, type: 'mus', page: 2 });
  });
});
