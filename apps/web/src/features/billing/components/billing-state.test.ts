import { describe, expect, it } from 'vitest';
import { billingBannerOf, daysLeft, formatPrice, intervalsOf } from './billing-state';

const now = new Date('2026-03-10T12:00:00Z');
const org = { id: 7, status: 1, trial_ends_at: null, grace_until: null };

describe('the billing banner', () => {
  it('is none for an active organization with nothing pending, and never for the home organization', () => {
    expect(billingBannerOf(org, now)).toBeNull();
    expect(billingBannerOf({ ...org, id: 1, status: 0 }, now)).toBeNull();
  });

  it('says inactive first, then a failed payment, then a trial in its last 3 days', () => {
    expect(billingBannerOf({ ...org, status: 0, grace_until: '2026-03-12T00:00:00Z' }, now)?.kind).toBe(
      'inactive',
    );
    expect(billingBannerOf({ ...org, grace_until: '2026-03-12T00:00:00Z' }, now)).toEqual({
      kind: 'paymentFailed',
      until: '2026-03-12T00:00:00Z',
      days: 2,
    });
    expect(billingBannerOf({ ...org, trial_ends_at: '2026-03-13T11:00:00Z' }, now)).toEqual({
      kind: 'trialEnding',
      until: '2026-03-13T11:00:00Z',
      days: 3,
    });
    expect(billingBannerOf({ ...org, trial_ends_at: '2026-03-13T13:00:00Z' }, now)).toBeNull();
    expect(billingBannerOf({ ...org, trial_ends_at: '2026-03-10T11:00:00Z' }, now)).toBeNull();
  });

  it('counts whole days up, and none once past', () => {
    expect(daysLeft('2026-03-10T12:00:01Z', now)).toBe(1);
    expect(daysLeft('2026-03-09T00:00:00Z', now)).toBe(0);
  });
});

describe('plans', () => {
  it('offers the intervals that exist, monthly first', () => {
    expect(intervalsOf([{ interval: 'year' }, { interval: 'month' }])).toEqual(['month', 'year']);
    expect(intervalsOf([{ interval: 'month' }])).toEqual(['month']);
  });

  it('writes a price in its currency', () => {
    expect(formatPrice(2900, 'usd', 'en')).toBe('$29.00');
    expect(formatPrice(99000, 'eur', 'de')).toMatch(/990,00\s€/);
  });
});
