import { attendanceEndpoints } from '@vahub/shared/attendance/endpoints';
import { SESSION_CALLS } from '@vahub/shared/auth/calls';
import { authEndpoints } from '@vahub/shared/auth/endpoints';
import { AUTH_MESSAGES } from '@vahub/shared/auth/messages';
import type { Role } from '@vahub/shared/auth/roles';
import { billingEndpoints } from '@vahub/shared/billing/endpoints';
import { BILLING_MESSAGES } from '@vahub/shared/billing/messages';
import { ORGANIZATION_CALLS } from '@vahub/shared/organization/calls';
import { vaScreenshots } from '@vahub/shared/screenshots/endpoints';
import { ACCOUNT_CALLS } from '@vahub/shared/users/calls';
import { accountEndpoints } from '@vahub/shared/users/endpoints';
import { AppError } from '../../lib/errors';

type Call = { method: string; path: string };
const key = (c: Call) => `${c.method} ${c.path}`;

/**
 * What a signed-in person may still call while a restriction holds (public endpoints, the token refresh and
 * the verification link among them, need no session and are never restricted). Both lists keep the web's
 * route gate working: it reads `me` and the organization to know where to send the person.
 */
const STILL_OPEN = [ACCOUNT_CALLS.me, ORGANIZATION_CALLS.get, SESSION_CALLS.logout];

/** Unverified email (with a mail server): what verifying needs. */
const VERIFYING = new Set([...STILL_OPEN, authEndpoints.sendVerification].map(key));

/**
 * An inactive organization (its subscription ended): everything reads (an agency can export its data), and of the
 * writes only these go through: billing (to pay again), sign-out, the verification mail, one's own profile,
 * password and avatar, and what an ongoing shift sends until it ends (pings, captures, the current task, the
 * clock-out). The rest answers 402 `subscription_inactive`; a new clock-in says so in the tracker's words.
 */
const va = attendanceEndpoints.va;
const INACTIVE_WRITES = new Set(
  [
    ...STILL_OPEN,
    authEndpoints.sendVerification,
    billingEndpoints.checkout,
    billingEndpoints.checkoutSuccess,
    billingEndpoints.portalLink,
    accountEndpoints.updateMe,
    accountEndpoints.vaUpdateMe,
    accountEndpoints.changePassword,
    accountEndpoints.vaChangePassword,
    accountEndpoints.uploadAvatar,
    va.pings,
    va.currentTask,
    va.clockOut,
    vaScreenshots.upload,
  ].map(key),
);
const READS = new Set(['GET', 'HEAD']);

export type Restricted = {
  roles: Role[];
  emailVerified: boolean;
  organizationActive: boolean;
};

/** 402 `subscription_inactive`: the API's own word, not only the web app's redirect. */
export const subscriptionInactive = (message: string = BILLING_MESSAGES.subscription_inactive) =>
  new AppError('subscription_inactive', message);

/**
 * Refuses a call a restricted person may not make (403 coded `email_not_verified`, 402 `subscription_inactive`),
 * or lets it through. `verificationRequired` is off without a mail server.
 */
export function assertCallAllowed(who: Restricted, call: Call, verificationRequired: boolean): void {
  const k = key(call);
  if (verificationRequired && !who.emailVerified && !VERIFYING.has(k)) {
    throw new AppError('email_not_verified', AUTH_MESSAGES.email_not_verified);
  }
  if (!who.organizationActive && !READS.has(call.method) && !INACTIVE_WRITES.has(k)) {
    throw subscriptionInactive(
      k === key(va.clockIn) ? BILLING_MESSAGES.clock_in_inactive : BILLING_MESSAGES.subscription_inactive,
    );
  }
}
