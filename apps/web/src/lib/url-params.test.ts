import { MAX_RANGE_DAYS } from '@vahub/shared/attendance/schemas';
import { addDays } from '@vahub/shared/time/dates';
import { describe, expect, it } from 'vitest';
import {
  idParam,
  oneOf,
  pageParam,
  patchSearchParams,
  periodParams,
  positiveInteger,
  textParam,
  validDate,
} from './url-params';

const p = (query: string) => new URLSearchParams(query);

describe('patchSearchParams', () => {
  it('sets and clears keys and goes back to the first page', () => {
    const next = patchSearchParams(p('va=3&page=4&status=absent'), { status: 'ongoing', va: null, q: '' });
    expect(next.toString()).toBe('status=ongoing');
  });

  it('keeps other params and moves pages, page 1 leaving the URL', () => {
    expect(patchSearchParams(p('va=3'), { page: 2 }).toString()).toBe('va=3&page=2');
    expect(patchSearchParams(p('va=3&page=2'), { page: 1 }).toString()).toBe('va=3');
  });
});

describe('idParam and pageParam', () => {
  it('read positive numbers only', () => {
    expect(idParam(p('va=12'), 'va')).toBe(12);
    expect(idParam(p('va=0'), 'va')).toBeUndefined();
    expect(idParam(p('va=x'), 'va')).toBeUndefined();
    expect(pageParam(p('page=3'))).toBe(3);
    expect(pageParam(p('page=-2'))).toBe(1);
    expect(pageParam(p(''))).toBe(1);
  });
});

describe('the filter readers', () => {
  it('read a trimmed text, empty being absent', () => {
    expect(textParam(p('search=%20web%20'), 'search')).toBe('web');
    expect(textParam(p('search=%20%20'), 'search')).toBeUndefined();
    expect(textParam(p(''), 'search')).toBeUndefined();
  });

  it('take only whole numbers above 0', () => {
    expect(positiveInteger('12')).toBe(12);
    for (const bad of ['0', '-3', '1.5', '12x', '', undefined]) expect(positiveInteger(bad)).toBeUndefined();
  });

  it('take only real dates and allowed values', () => {
    expect(validDate('2026-02-28')).toBe('2026-02-28');
    expect(validDate('2026-02-30')).toBeUndefined();
    expect(validDate(undefined)).toBeUndefined();
    expect(oneOf(['active', 'done'] as const, 'done')).toBe('done');
    expect(oneOf(['active', 'done'] as const, 'Done')).toBeUndefined();
  });
});

describe('periodParams', () => {
  it('leaves either end open, turns a reversed period round and drops what is no date', () => {
    expect(periodParams(p('from=2026-03-01'))).toEqual({ from: '2026-03-01', to: undefined });
    expect(periodParams(p('from=2026-03-07&to=2026-03-01'))).toEqual({
      from: '2026-03-01',
      to: '2026-03-07',
    });
    expect(periodParams(p('from=2026-02-30&to=x'))).toEqual({ from: undefined, to: undefined });
  });

  it('keeps the last days the API takes of a longer period, under the keys named', () => {
    const to = '2026-11-20';
    expect(
      periodParams(p(`start_date=2020-01-01&end_date=${to}`), { from: 'start_date', to: 'end_date' }),
    ).toEqual({
      from: addDays(to, -MAX_RANGE_DAYS),
      to,
    });
  });
});
