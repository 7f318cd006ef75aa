import type { EndpointDef } from '../api/endpoint';

/**
 * How a client reads its organization and the plans, without their schemas: the route gate (every page's
 * first script) reads the organization, the plan chooser the plans (see `auth/calls.ts`).
 */
export const ORGANIZATION_CALLS = {
  get: {
    method: 'GET',
    path: '/api/v1/organization',
    access: 'organization.read',
    resource: 'organizations',
  },
  plans: { method: 'GET', path: '/api/v1/plans', access: 'public', resource: 'plans' },
} as const satisfies Record<string, Pick<EndpointDef, 'method' | 'path' | 'access' | 'resource'>>;
