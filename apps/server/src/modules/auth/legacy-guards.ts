import { AUTH_MESSAGES } from '@vahub/shared/auth/messages';
import { AREA_ROLES, type Area } from '@vahub/shared/auth/roles';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import { type AuthContext, authenticate } from './authenticate';

/*
 * Guards of the routes not yet on endpoint contracts (`route()` guards those itself). Delete this file once
 * every route is registered with `route()`.
 */

/** The auth context of a route whose guard ran. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export function legacyGuards(deps: Deps) {
  return {
    /** preHandler for any signed-in route. */
    requireAuth: async (request: FastifyRequest) => {
      await authenticate(deps, request);
    },
    /** preHandler for `/api/v1/{area}-access/*`: signed in, and holding a role of that area. */
    requireArea: (area: Area) => async (request: FastifyRequest) => {
      const auth = await authenticate(deps, request);
      const allowed = AREA_ROLES[area];
      if (!auth.roles.some((r) => allowed.includes(r))) throw forbidden(AUTH_MESSAGES.no_access);
    },
  };
}

export type Guards = ReturnType<typeof legacyGuards>;
