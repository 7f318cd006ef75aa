import { can } from '@vahub/shared/auth/permissions';
import { activeRole, DASHBOARD_PATHS, type DashboardRole } from '@vahub/shared/auth/roles';
import type { Me } from '@vahub/shared/auth/schemas';
import type { Organization } from '@vahub/shared/organization/schemas';
import { loginWithRedirect, paths } from '../config/paths';

/** Pages a visitor who is not signed in may open. */
export const VISITOR_PATHS: readonly string[] = [
  paths.home,
  paths.login,
  paths.authLogin,
  paths.ssoCallback,
  paths.signup,
  paths.setup,
  paths.authVerify,
  paths.emailVerify,
  paths.emailVerifySuccess,
  paths.emailVerifyFail,
  paths.checkoutSuccess,
  paths.checkoutCancel,
  paths.forbidden,
  paths.invite,
];

/** Pages a signed-in person sees whatever the state of their email or subscription. */
const ALWAYS_OPEN: readonly string[] = [
  paths.home,
  paths.ssoCallback,
  paths.forbidden,
  paths.authVerify,
  paths.emailVerifySuccess,
  paths.emailVerifyFail,
  paths.checkoutSuccess,
  paths.checkoutCancel,
  paths.invite,
];

const SUBSCRIPTION_PAGES: readonly string[] = [paths.selectSubscription, paths.confirmSubscription];

export type GateUser = Pick<Me, 'id' | 'roles' | 'email_verified_at'>;

export interface GateInput {
  pathname: string;
  search?: string;
  /** The path matched only the catch-all route. */
  notFound?: boolean;
  user: GateUser | null;
  organization:
    | (Pick<Organization, 'id' | 'status'> & Partial<Pick<Organization, 'trial_ends_at' | 'grace_until'>>)
    | null;
  chosenRole?: string | null;
  /**
   * The installation has a mail server, so an unverified email must be verified first (the realm's
   * `email_verification_required`; true when unknown). Without one the server restricts nothing.
   */
  emailVerificationRequired?: boolean;
}

/** Where to send the person instead, or null to let the navigation through. */
export type GateDecision = string | null;

/**
 * Same rule as the shared `isSubscriptionActive` (a test keeps them equal). Copied because that module builds
 * zod schemas at import time, which would put zod into the first page's bundle.
 */
export const subscriptionActive = (org: { id: number; status: number }): boolean =>
  org.status === 1 || org.id === 1;

const trimSlash = (p: string): string => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

export function dashboardRoleOfPath(pathname: string): DashboardRole | null {
  for (const [role, base] of Object.entries(DASHBOARD_PATHS) as [DashboardRole, string][]) {
    if (pathname === base || pathname.startsWith(`${base}/`)) return role;
  }
  return null;
}

const isDashboardPath = (pathname: string): boolean =>
  pathname === paths.dashboard || dashboardRoleOfPath(pathname) !== null;

export function decideVisitor(pathname: string, search = '', notFound = false): GateDecision {
  if (notFound || VISITOR_PATHS.includes(pathname)) return null;
  return loginWithRedirect(`${pathname}${search}`);
}

/** Spec section 4, in its order. The organization is loaded by the caller before this runs. */
export function decideRoute(input: GateInput): GateDecision {
  const pathname = trimSlash(input.pathname);
  const { user, organization } = input;
  if (!user) return decideVisitor(pathname, input.search, input.notFound);
  if (input.notFound || ALWAYS_OPEN.includes(pathname)) return null;

  const role = activeRole(user, input.chosenRole);
  const home = role ? DASHBOARD_PATHS[role] : paths.forbidden;

  // A signed-in person has no business on the sign-in screens.
  if (pathname === paths.authLogin || pathname === paths.signup) return paths.dashboard;

  const mustVerify = !user.email_verified_at && input.emailVerificationRequired !== false;
  if (mustVerify) return pathname === paths.emailVerify ? null : paths.emailVerify;
  if (pathname === paths.emailVerify) return paths.dashboard;

  const active = organization ? subscriptionActive(organization) : false;
  if (!active) {
    if (can(user, 'subscription.choose')) {
      return SUBSCRIPTION_PAGES.includes(pathname) ? null : paths.selectSubscription;
    }
    return pathname === paths.contactAdmin ? null : paths.contactAdmin;
  }
  // An active organization still in trial or grace may choose a plan (docs/decisions.md, "Issue 27").
  const mayChoose =
    can(user, 'subscription.choose') && Boolean(organization?.trial_ends_at || organization?.grace_until);
  if (SUBSCRIPTION_PAGES.includes(pathname) && !mayChoose)
    return role === 'admin' ? DASHBOARD_PATHS.admin : home;
  if (pathname === paths.contactAdmin) return paths.dashboard;

  if (isDashboardPath(pathname)) {
    if (!role) return paths.forbidden;
    if (pathname === paths.dashboard) return home;
    if (dashboardRoleOfPath(pathname) !== role) return home;
    if (pathname.startsWith(paths.outbox) && !can(user, 'outbox.read')) return paths.forbidden;
  }
  return null;
}

const LOCAL = 'http://vahub.invalid';

/**
 * Where signing in leads: back to the asked page when it is a path of this site, else the dashboard. Read
 * as a browser would read it (`/\host` and `//host` are other sites), so no redirect leaves the origin.
 */
export function afterLoginTarget(redirect: string | null): string {
  if (!redirect?.startsWith('/')) return paths.dashboard;
  let url: URL;
  try {
    url = new URL(redirect, LOCAL);
  } catch {
    return paths.dashboard;
  }
  if (url.origin !== LOCAL) return paths.dashboard;
  return `${url.pathname}${url.search}${url.hash}`;
}
