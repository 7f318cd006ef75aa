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
};
