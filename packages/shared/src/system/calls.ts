import type { EndpointDef } from '../api/endpoint';

/**
 * How a client calls the realm, without its schema: every page's first script reads it (the sign-in page's
 * demo accounts, the sign-up page's `email_verification_required`, the reload prompt's app name), and zod
 * would double that script (see `auth/calls.ts`).
 */
export const SYSTEM_CALLS = {
  realm: { method: 'GET', path: '/api/v1/realm', access: 'public', resource: 'system' },
} as const satisfies Record<string, Pick<EndpointDef, 'method' | 'path' | 'access' | 'resource'>>;
