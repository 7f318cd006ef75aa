import { SESSION_CALLS } from '@vahub/shared/auth/calls';
import { authEndpoints } from '@vahub/shared/auth/endpoints';
import { AUTH_MESSAGES } from '@vahub/shared/auth/messages';
import { can } from '@vahub/shared/auth/permissions';
import type { Role } from '@vahub/shared/auth/roles';
import { ORGANIZATION_CALLS } from '@vahub/shared/organization/calls';
import { settingsEndpoints } from '@vahub/shared/organization/endpoints';
import { ACCOUNT_CALLS } from '@vahub/shared/users/calls';
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
 * Suspended organization, for who may choose a plan (its admins): reading the subscription in the settings
 * (plans are public). The payment endpoints join this list when they exist. Everyone else of the
 * organization is refused at sign-in, and a session they still hold reaches only `STILL_OPEN`.
 */
const SUBSCRIBING = new Set([...STILL_OPEN, authEndpoints.sendVerification, settingsEndpoints.get].map(key));
const SUSPENDED_MEMBER = new Set(STILL_OPEN.map(key));

export type Restricted = {
  roles: Role[];
  emailVerified: boolean;
  organizationActive: boolean;
};

/** 403 `organization_suspended`: the API's own word, not only the web app's redirect. */
export const organizationSuspended = () =>
  new AppError('organization_suspended', AUTH_MESSAGES.organization_suspended);

/**
 * Refuses a call a restricted person may not make (403 coded `email_not_verified` or
 * `organization_suspended`), or lets it through. `verificationRequired` is off without a mail server.
 */
export function assertCallAllowed(who: Restricted, call: Call, verificationRequired: boolean): void {
  const k = key(call);
  if (verificationRequired && !who.emailVerified && !VERIFYING.has(k)) {
    throw new AppError('email_not_verified', AUTH_MESSAGES.email_not_verified);
  }
  if (!who.organizationActive) {
    const open = can(who, 'subscription.choose') ? SUBSCRIBING : SUSPENDED_MEMBER;
    if (!open.has(k)) throw organizationSuspended();
  }
}
