import { describe, expect, it } from 'vitest';
import { CONTRACT_DEFAULTS, contractDefaultsPatchSchema, mergeContractDefaults } from './settings';

describe('contract defaults', () => {
  it('merges stored values over the built-in ones and ignores stale ones', () => {
    expect(mergeContractDefaults({})).toEqual(CONTRACT_DEFAULTS);
    expect(
      mergeContractDefaults({ screenshots_per_hour: 12, removed_key: 1, blur_screenshots: 'x' }),
    ).toEqual({
      ...CONTRACT_DEFAULTS,
      screenshots_per_hour: 12,
    });
  });
  it('accepts a partial and refuses out-of-range or unknown keys', () => {
    expect(contractDefaultsPatchSchema.safeParse({ overtime_allowed: true }).success).toBe(true);
    expect(contractDefaultsPatchSchema.safeParse({ screenshots_per_hour: 61 }).success).toBe(false);
    expect(contractDefaultsPatchSchema.safeParse({ nope: true }).success).toBe(false);
  });
});
