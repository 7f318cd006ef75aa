import type { EndpointDef } from '../api/endpoint';

/**
 * How a client reads the signed-in user, without its schema: the route gate in every page's first script
 * reads it, and zod would double that script (see `auth/calls.ts`). `endpoints.ts` builds the contract on it.
 */
export const ACCOUNT_CALLS = {
  me: { method: 'GET', path: '/api/v1/me', access: 'signed_in', resource: 'session' },
} as const satisfies Record<string, Pick<EndpointDef, 'method' | 'path' | 'access' | 'resource'>>;
