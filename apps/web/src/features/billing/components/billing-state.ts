// Pure rules of the billing screens (no React, no contract), tested beside them.

const DAY_MS = 86_400_000;

export type BillingBannerKind = 'trialEnding' | 'paymentFailed' | 'inactive';
export type BillingBanner = { kind: BillingBannerKind; until: string | null; days: number };

type OrgBilling = {
  id: number;
  status: number;
  trial_ends_at: string | null;
  grace_until: string | null;
};

/** Whole days left until `until` (rounded up; 0 once past). */
export function daysLeft(until: string, now: Date): number {
  return Math.max(0, Math.ceil((new Date(until).getTime() - now.getTime()) / DAY_MS));
}

/**
 * The banner an organization's people see: inactive; a failed payment in its grace period; a trial in its last
 * 3 days. None for the home organization, nor for an active one with nothing pending.
 */
export function billingBannerOf(org: OrgBilling, now: Date): BillingBanner | null {
  if (org.id === 1) return null;
  if (org.status !== 1) return { kind: 'inactive', until: null, days: 0 };
  if (org.grace_until)
    return { kind: 'paymentFailed', until: org.grace_until, days: daysLeft(org.grace_until, now) };
  if (org.trial_ends_at) {
    const days = daysLeft(org.trial_ends_at, now);
    if (new Date(org.trial_ends_at) > now && days <= 3)
      return { kind: 'trialEnding', until: org.trial_ends_at, days };
  }
  return null;
}

/** Plans of one interval, where plans of both exist (the monthly/yearly switch). */
export function intervalsOf(plans: ReadonlyArray<{ interval: 'month' | 'year' }>): Array<'month' | 'year'> {
  const seen = new Set(plans.map((p) => p.interval));
  return (['month', 'year'] as const).filter((i) => seen.has(i));
}

/** A price in the plan's currency, in the reader's language. */
export function formatPrice(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}
