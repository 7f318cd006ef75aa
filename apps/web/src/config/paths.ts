import type { DashboardRole } from '@vahub/shared/auth/roles';

export const paths = {
  home: '/',
  forbidden: '/403',
  login: '/login',
  authLogin: '/auth/login',
  /** Where the SSO callback sends the browser with its one-time code (in the fragment). */
  ssoCallback: '/auth/sso',
  signup: '/auth/signup',
  setup: '/setup',
  authVerify: '/auth/verify',
  emailVerify: '/email-verify',
  emailVerifySuccess: '/email/verify/success',
  emailVerifyFail: '/email/verify/fail',
  contactAdmin: '/contact-admin',
  selectSubscription: '/select-subscription',
  confirmSubscription: '/confirm-subscription',
  checkoutSuccess: '/checkout/success',
  checkoutCancel: '/checkout/cancel',
  dashboard: '/dashboard',
  invite: '/invite',
  /** A tracker's sign-in through the browser (RFC 8628's verification page, issue 32). */
  device: '/device',
  outbox: '/admin-dashboard/outbox',
} as const;

export const dashboardPath = (role: DashboardRole, sub = ''): string =>
  `/${role === 'va' ? 'va' : role}-dashboard${sub ? `/${sub}` : ''}`;

/** Login with a way back to where the visitor was going. */
export const loginWithRedirect = (target: string): string =>
  `${paths.authLogin}?redirect=${encodeURIComponent(target)}`;
