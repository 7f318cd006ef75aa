import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { messageSchema } from '../api/problem';
import { SESSION_CALLS } from './calls';
import {
  oauthErrorSchema,
  refreshRequestSchema,
  registerSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from './schemas';

const auth = { tags: ['auth'], resource: 'session' } as const;

/** Signing in and out, registration and email verification. */
export const authEndpoints = {
  /** Also accepts a form-encoded body, as OAuth clients send it. Answers `cache-control: no-store`. */
  token: endpoint({
    operationName: 'issueToken',
    ...auth,
    ...SESSION_CALLS.token,
    summary: 'Password grant: sign in and receive an access and a refresh token',
    body: tokenRequestSchema,
    response: tokenResponseSchema,
    // 400 invalid_grant, 401 invalid_client (RFC 6749's shape); 403 organization_suspended for who may not
    // choose its plan; 429 with Retry-After once the account's failures reach the limit.
    errors: [403, 429],
    // A body that is not JSON at all is the framework's 400 (`invalid_request`).
    problems: {
      400: oauthErrorSchema.partial({ error: true, error_description: true }),
      401: oauthErrorSchema,
    },
  }),
  refresh: endpoint({
    operationName: 'refreshToken',
    ...auth,
    ...SESSION_CALLS.refresh,
    summary: 'Rotate a refresh token; reusing an old one signs that session out',
    body: refreshRequestSchema,
    response: tokenResponseSchema,
    errors: [401],
  }),
  logout: endpoint({
    operationName: 'logout',
    ...auth,
    tracker: true,
    ...SESSION_CALLS.logout,
    summary: 'Sign out this session',
    response: z.null(),
    status: 204,
  }),
  register: endpoint({
    operationName: 'registerAgency',
    ...auth,
    method: 'POST',
    path: '/api/v1/register',
    access: 'public',
    summary: 'Create an organization and its owner; sends the verification mail',
    body: registerSchema,
    response: messageSchema,
    status: 201,
    // 403 while registration is closed; 429 with Retry-After past the sign-up limit of an address.
    errors: [403, 429],
  }),
  sendVerification: endpoint({
    operationName: 'sendVerificationEmail',
    ...auth,
    method: 'POST',
    path: '/api/v1/email/send-verification',
    access: 'signed_in',
    summary: 'Send the email verification link again',
    response: messageSchema,
  }),
  verifyEmail: endpoint({
    ...auth,
    method: 'GET',
    path: '/api/v1/email/verify',
    access: 'public',
    summary: 'Open the verification link: redirects to /email/verify/success or /email/verify/fail',
    query: z.object({ token: z.string().default('') }),
    response: z.null(),
    status: 302,
  }),
  ssoStart: endpoint({
    operationName: 'startSingleSignOn',
    ...auth,
    method: 'GET',
    path: '/api/v1/oauth/sso/start',
    access: 'public',
    summary:
      'Sign in with OpenID Connect: redirects to the issuer (state, nonce and PKCE kept in a signed, short-lived cookie); 409 sso_not_configured when off',
    query: z.object({ remember: z.enum(['0', '1']).default('0') }),
    response: z.null(),
    status: 302,
    errors: [409],
  }),
  ssoCallback: endpoint({
    operationName: 'finishSingleSignOn',
    ...auth,
    method: 'GET',
    path: '/api/v1/oauth/sso/callback',
    access: 'public',
    summary:
      "The issuer's redirect: checks the state, exchanges the code, matches the user by a verified email, then redirects to /auth/sso#code=… (or to /auth/login?sso_error=…)",
    query: z.object({
      code: z.string().max(4096).optional(),
      state: z.string().max(512).optional(),
      iss: z.string().max(2048).optional(),
      error: z.string().max(200).optional(),
      error_description: z.string().max(2000).optional(),
      session_state: z.string().max(512).optional(),
    }),
    response: z.null(),
    status: 302,
  }),
  ssoExchange: endpoint({
    operationName: 'exchangeSingleSignOnCode',
    ...auth,
    ...SESSION_CALLS.ssoExchange,
    summary:
      "Trades the SSO callback's one-time code (60 s, single use) for the session's access and refresh tokens",
    body: z.object({ code: z.string().min(1).max(200) }),
    response: tokenResponseSchema,
    errors: [401],
  }),
};

/** The tracker's sign-in through the browser (RFC 8628) and the VA's computers (issue 32). */
export { deviceEndpoints } from './device';
