import { describe, expect, it } from 'vitest';
import { idParam, pageParam, patchSearchParams } from './url-params';

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
