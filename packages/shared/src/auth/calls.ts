import type { EndpointDef } from '../api/endpoint';

/**
 * How a client calls the session endpoints, without their schemas. The sign-in page, the API client (in
 * every page's first script) and the dashboards' user menu send these; importing a contract there would
 * bring zod along and double the sign-in page's script. `endpoints.ts` builds the full contracts on them,
 * so each path is written once; the web types them as those contracts (`contractOf`, `lib/api-client.ts`).
 */
export const SESSION_CALLS = {
  token: { method: 'POST', path: '/oauth/token', access: 'public', resource: 'session' },
  refresh: { method: 'POST', path: '/api/token/refresh-token', access: 'public', resource: 'session' },
  logout: { method: 'POST', path: '/api/v1/logout', access: 'signed_in', resource: 'session' },
  /** The SSO callback page trades its one-time code for the session's tokens. */
  ssoExchange: { method: 'POST', path: '/api/v1/oauth/sso/exchange', access: 'public', resource: 'session' },
} as const satisfies Record<string, Pick<EndpointDef, 'method' | 'path' | 'access' | 'resource'>>;
