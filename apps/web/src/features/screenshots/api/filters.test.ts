import { describe, expect, it } from 'vitest';
import { defaultOwnDay, galleryFiltersOf, stripPeriod } from './filters';
import { MIN_REFRESH_MS, urlRefreshMs } from './urls';

const params = (q: string) => new URLSearchParams(q);

describe('gallery filters from the URL', () => {
  it('default to today, repair what the API would refuse, and drop what the area cannot filter by', () => {
    expect(galleryFiltersOf(params(''), 'admin', '2026-11-26')).toEqual({
      from: '2026-11-26',
      to: '2026-11-26',
    });
    expect(
      galleryFiltersOf(params('from=2026-11-20&to=2026-11-10&va=4&source=nope'), 'admin', '2026-11-26'),
    ).toEqual({
      from: '2026-11-10',
      to: '2026-11-20',
      va: 4,
    });
    expect(galleryFiltersOf(params('to=2026-11-03&client=9&tracker=web'), 'client', '2026-11-26')).toEqual({
      from: '2026-11-03',
      to: '2026-11-03',
      tracker: 'web',
    });
  });

  it('count a short period over its Monday-to-Sunday week, a long one over its last 31 days', () => {
    expect(stripPeriod('2026-11-26', '2026-11-26')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(stripPeriod('2026-11-21', '2026-11-24')).toEqual({ from: '2026-11-21', to: '2026-11-24' });
    expect(stripPeriod('2026-01-01', '2026-11-26')).toEqual({ from: '2026-10-27', to: '2026-11-26' });
  });
});

describe('signed URLs', () => {
  it('are read again 30 s before the first of them expires, never sooner than 10 s, never without images', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    const at = (s: number) => ({ urls_expire_at: new Date(now + s * 1000).toISOString() });
    expect(urlRefreshMs([at(900), at(300), { urls_expire_at: null }, null], now)).toBe(270_000);
    expect(urlRefreshMs([at(5)], now)).toBe(MIN_REFRESH_MS);
    expect(urlRefreshMs([{ urls_expire_at: null }], now)).toBe(false);
  });
});

describe('defaultOwnDay', () => {
  it('is today, unless today has no capture and yesterday has (a shift running past midnight)', () => {
    expect(defaultOwnDay('2026-11-27', [])).toBe('2026-11-27');
    expect(defaultOwnDay('2026-11-27', [{ date: '2026-11-26', count: 4 }])).toBe('2026-11-26');
    expect(
      defaultOwnDay('2026-11-27', [
        { date: '2026-11-26', count: 4 },
        { date: '2026-11-27', count: 1 },
      ]),
    ).toBe('2026-11-27');
    expect(defaultOwnDay('2026-11-27', [{ date: '2026-11-25', count: 9 }])).toBe('2026-11-27');
  });
});
