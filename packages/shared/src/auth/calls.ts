import type { EndpointDef } from '../api/endpoint';

/**
 * How a client calls the session endpoints, without their schemas. The sign-in page and the API client
 * (part of every page's first script) send these, and importing a contract there would bring zod along and
 * double that script; `endpoints.ts` builds the full contracts on them, so each path is written once. The
 * web types them as their contracts (`contractOf` in `lib/api-client.ts`).
 */
export const SESSION_CALLS = {
  token: { method: 'POST', path: '/oauth/token', access: 'public', resource: 'session' },
  refresh: { method: 'POST', path: '/api/token/refresh-token', access: 'public', resource: 'session' },
} as const satisfies Record<string, Pick<EndpointDef, 'method' | 'path' | 'access' | 'resource'>>;
