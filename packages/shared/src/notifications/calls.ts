import type { EndpointDef } from '../api/endpoint';

/**
 * How a client reads its own feed, without the schemas: the bell in every dashboard's header asks for the unread
 * count, and the notification schemas (with the attendance and contract ones they build on) would weigh on the
 * dashboards' first script (see `auth/calls.ts`). `endpoints.ts` builds the contract on it.
 */
export const NOTIFICATION_CALLS = {
  list: { method: 'GET', path: '/api/v1/notifications', access: 'signed_in', resource: 'notifications' },
} as const satisfies Record<string, Pick<EndpointDef, 'method' | 'path' | 'access' | 'resource'>>;
