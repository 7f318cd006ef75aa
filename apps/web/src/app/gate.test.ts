import type { Role } from '@vahub/shared/auth/roles';
import { isSubscriptionActive } from '@vahub/shared/organization/schemas';
import { describe, expect, it } from 'vitest';
import { afterLoginTarget, decideRoute, decideVisitor, type GateInput, subscriptionActive } from './gate';

const verified = '2024-01-01T00:00:00Z';
const user = (roles: Role[], emailVerified: string | null = verified) => ({
  id: 7,
  roles: roles.map((name) => ({ name })),
  email_verified_at: emailVerified,
});
const active = { id: 5, status: 1 as const };
const inactive = { id: 5, status: 0 as const };

const decide = (pathname: string, overrides: Partial<GateInput> = {}) =>
  decideRoute({ pathname, user: user(['admin']), organization: active, ...overrides });

describe('visitor (not signed in)', () => {
  it.each([
    '/',
    '/login',
    '/auth/login',
    '/auth/signup',
    '/auth/verify',
    '/email-verify',
    '/email/verify/success',
    '/email/verify/fail',
    '/checkout/success',
    '/checkout/cancel',
    '/403',
  ])('reaches %s', (path) => {
    expect(decideRoute({ pathname: path, user: null, organization: null })).toBeNull();
  });

  it('goes to login with the full target (path and query) for anything else', () => {
    expect(decideVisitor('/va-dashboard/profile', '?tab=1')).toBe(
      `/auth/login?redirect=${encodeURIComponent('/va-dashboard/profile?tab=1')}`,
    );
    expect(decideRoute({ pathname: '/dashboard', user: null, organization: null })).toBe(
      '/auth/login?redirect=%2Fdashboard',
    );
    expect(decideRoute({ pathname: '/select-subscription', user: null, organization: null })).toMatch(
      /^\/auth\/login\?redirect=/,
    );
  });

  it('sees the not-found page for unknown addresses', () => {
    expect(decideRoute({ pathname: '/nope', notFound: true, user: null, organization: null })).toBeNull();
  });
});

describe('plans while active (issue 27)', () => {
  it('lets an admin in trial or grace choose a plan, and sends the others to their dashboard', () => {
    const trial = { ...active, trial_ends_at: '2026-03-20T00:00:00Z', grace_until: null };
    const grace = { ...active, trial_ends_at: null, grace_until: '2026-03-20T00:00:00Z' };
    expect(decide('/select-subscription', { organization: trial })).toBeNull();
    expect(decide('/confirm-subscription', { organization: grace })).toBeNull();
    expect(
      decide('/select-subscription', { organization: { ...active, trial_ends_at: null, grace_until: null } }),
    ).toBe('/admin-dashboard');
    expect(decide('/confirm-subscription')).toBe('/admin-dashboard');
    expect(decide('/select-subscription', { user: user(['va']), organization: trial })).toBe('/va-dashboard');
  });
});

describe('signed-in gate, in the spec order', () => {
  it('lets always-open pages through', () => {
    for (const p of ['/', '/403', '/email/verify/success', '/checkout/cancel', '/auth/verify']) {
      expect(decide(p, { user: user(['va'], null), organization: inactive })).toBeNull();
    }
  });

  it('sends a signed-in person away from login and signup', () => {
    expect(decide('/auth/login')).toBe('/dashboard');
    expect(decide('/auth/signup')).toBe('/dashboard');
  });

  it('sends an unverified email to /email-verify before anything else', () => {
    expect(decide('/admin-dashboard', { user: user(['admin'], null), organization: inactive })).toBe(
      '/email-verify',
    );
    expect(decide('/select-subscription', { user: user(['admin'], null) })).toBe('/email-verify');
    expect(decide('/email-verify', { user: user(['admin'], null) })).toBeNull();
  });

  it('lets an unverified email through when the installation has no mail server', () => {
    const unverified = { user: user(['admin'], null), emailVerificationRequired: false };
    expect(decide('/admin-dashboard', unverified)).toBeNull();
    expect(decide('/email-verify', unverified)).toBe('/dashboard');
    expect(decide('/admin-dashboard', { ...unverified, emailVerificationRequired: true })).toBe(
      '/email-verify',
    );
  });

  it('sends a verified person away from /email-verify', () => {
    expect(decide('/email-verify')).toBe('/dashboard');
  });

  it('sends admins of an inactive subscription to select-subscription', () => {
    expect(decide('/admin-dashboard', { organization: inactive })).toBe('/select-subscription');
    expect(decide('/select-subscription', { organization: inactive })).toBeNull();
    expect(decide('/confirm-subscription', { organization: inactive })).toBeNull();
    expect(
      decide('/admin-dashboard', { user: user(['super_admin']), organization: { id: 9, status: 0 } }),
    ).toBe('/select-subscription');
  });

  it('sends non-admins of an inactive subscription to contact-admin', () => {
    expect(decide('/va-dashboard', { user: user(['va']), organization: inactive })).toBe('/contact-admin');
    expect(decide('/select-subscription', { user: user(['manager']), organization: inactive })).toBe(
      '/contact-admin',
    );
    expect(decide('/contact-admin', { user: user(['client']), organization: inactive })).toBeNull();
  });

  it('treats a missing organization as inactive and organization 1 as active', () => {
    expect(decide('/admin-dashboard', { organization: null })).toBe('/select-subscription');
    expect(decide('/admin-dashboard', { organization: { id: 1, status: 0 } })).toBeNull();
  });

  it('sends an active subscription away from select-subscription and contact-admin', () => {
    expect(decide('/select-subscription')).toBe('/admin-dashboard');
    expect(decide('/select-subscription', { user: user(['va']) })).toBe('/va-dashboard');
    expect(decide('/contact-admin', { user: user(['va']) })).toBe('/dashboard');
  });

  it('sends /dashboard to the active role dashboard', () => {
    expect(decide('/dashboard')).toBe('/admin-dashboard');
    expect(decide('/dashboard', { user: user(['super_admin']) })).toBe('/admin-dashboard');
    expect(decide('/dashboard', { user: user(['manager']) })).toBe('/manager-dashboard');
    expect(decide('/dashboard', { user: user(['client']) })).toBe('/client-dashboard');
    expect(decide('/dashboard', { user: user(['va']) })).toBe('/va-dashboard');
  });

  it('uses the remembered role of a multi-role user, but never for a super admin', () => {
    expect(decide('/dashboard', { user: user(['manager', 'va']), chosenRole: 'va' })).toBe('/va-dashboard');
    expect(decide('/dashboard', { user: user(['manager', 'va']), chosenRole: 'client' })).toBe(
      '/manager-dashboard',
    );
    expect(decide('/dashboard', { user: user(['super_admin', 'va']), chosenRole: 'va' })).toBe(
      '/admin-dashboard',
    );
  });

  it('confines each role to its own dashboard', () => {
    expect(decide('/admin-dashboard/profile', { user: user(['va']) })).toBe('/va-dashboard');
    expect(decide('/va-dashboard/profile', { user: user(['client']) })).toBe('/client-dashboard');
    expect(decide('/va-dashboard/profile/security', { user: user(['va']) })).toBeNull();
    expect(decide('/manager-dashboard', { user: user(['manager']) })).toBeNull();
  });

  it('sends a user with no dashboard role to /403', () => {
    expect(decide('/dashboard', { user: user([]) })).toBe('/403');
    // A role this app does not know (a newer server) opens no dashboard.
    expect(decide('/va-dashboard', { user: user(['unknown' as Role]) })).toBe('/403');
  });

  it('keeps the outbox for super admins', () => {
    expect(decide('/admin-dashboard/outbox')).toBe('/403');
    expect(decide('/admin-dashboard/outbox', { user: user(['super_admin']) })).toBeNull();
  });

  it('lets other pages through and ignores a trailing slash', () => {
    expect(decide('/admin-dashboard/')).toBeNull();
    expect(decide('/whatever', { notFound: true })).toBeNull();
  });
});

describe('after login', () => {
  it('returns to a local redirect only', () => {
    expect(afterLoginTarget('/va-dashboard/profile?x=1')).toBe('/va-dashboard/profile?x=1');
    expect(afterLoginTarget('//evil.example')).toBe('/dashboard');
    expect(afterLoginTarget('https://evil.example')).toBe('/dashboard');
    expect(afterLoginTarget(null)).toBe('/dashboard');
    expect(afterLoginTarget('/\\evil.example')).toBe('/dashboard');
    expect(afterLoginTarget('/%5Cevil.example')).toBe('/%5Cevil.example');
    expect(afterLoginTarget('/\t/evil.example')).toBe('/dashboard');
    expect(afterLoginTarget('/admin-dashboard/users?tab=x#a')).toBe('/admin-dashboard/users?tab=x#a');
  });
});

describe('subscription rule', () => {
  it('matches the shared rule', () => {
    for (const org of [
      { id: 1, status: 0 },
      { id: 1, status: 1 },
      { id: 2, status: 0 },
      { id: 2, status: 1 },
    ]) {
      expect(subscriptionActive(org)).toBe(isSubscriptionActive(org));
    }
  });
});
