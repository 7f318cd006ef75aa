import { SESSION_CALLS } from '@vahub/shared/auth/calls';
import type { authEndpoints } from '@vahub/shared/auth/endpoints';
import type { Me } from '@vahub/shared/auth/schemas';
import { call, contractOf } from '../../../lib/api-client';
import { startSession } from '../../../lib/sign-in';

/** The SSO callback page's exchange: call data, not the contract (no zod on the sign-in pages). */
const exchange = contractOf<typeof authEndpoints.ssoExchange>(SESSION_CALLS.ssoExchange);

/** Where the SSO button sends the browser: the server redirects to the issuer. */
export const ssoStartUrl = (remember: boolean) => `/api/v1/oauth/sso/start?remember=${remember ? '1' : '0'}`;

/** Trades the callback's one-time code for the session's tokens, then reads the profile (as a password sign-in). */
export async function finishSsoSignIn(code: string, remember: boolean): Promise<Me> {
  const tokens = await call(exchange, { body: { code } });
  return startSession(tokens, remember);
}
