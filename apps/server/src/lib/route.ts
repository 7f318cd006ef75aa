import {
  areaOfPath,
  type EndpointDef,
  type EndpointOutput,
  type EndpointParsed,
  endpointName,
} from '@vahub/shared/api/endpoint';
import { problemSchema } from '@vahub/shared/api/problem';
import { can } from '@vahub/shared/auth/permissions';
import { AREA_ROLES, AREAS, type Area } from '@vahub/shared/auth/roles';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import { forbidden } from './errors';
import type { App, Deps } from './types';
import type { Viewer } from './viewer';

/** What a handler gets beside its validated input. `viewer` is null only on public endpoints. */
export type RouteContext<E extends EndpointDef> = {
  request: FastifyRequest;
  reply: FastifyReply;
  viewer: E['access'] extends 'public' ? Viewer | null : Viewer;
};

export type RouteHandler<E extends EndpointDef> = (
  input: EndpointParsed<E>,
  ctx: RouteContext<E>,
) => Promise<EndpointOutput<E> | FastifyReply>;

export type Route = <E extends EndpointDef>(endpoint: E, handler: RouteHandler<E>) => void;

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

const isArea = (value: string | null): value is Area => AREAS.includes(value as Area);

/**
 * The guard of an endpoint, run when the request arrives (before its body is read or validated, so a
 * caller without a token gets 401, never a 422 that describes the API): signed in, holding a role of the
 * path's area, holding the endpoint's permission. It leaves the request's viewer behind.
 */
export function accessGuard(
  deps: Deps,
  endpoint: Pick<EndpointDef, 'access' | 'path'>,
): onRequestHookHandler {
  const area = areaOfPath(endpoint.path);
  const areaRoles = isArea(area) ? AREA_ROLES[area] : null;
  return async (request) => {
    if (endpoint.access === 'public') return;
    const auth = await deps.authenticate(request);
    if (areaRoles && !auth.roles.some((r) => areaRoles.includes(r))) throw forbidden();
    if (endpoint.access !== 'signed_in' && !can(auth, endpoint.access)) throw forbidden();
    request.viewer = deps.viewers({ ...auth, timezone: auth.user.timezone }, isArea(area) ? area : null);
  };
}

/** The OpenAPI responses of an endpoint: its success, and the problems its access and input imply. */
function responses(e: EndpointDef) {
  const out: Record<number, z.ZodType> = { [e.status ?? 200]: e.response };
  const problems = new Set<number>(e.errors ?? []);
  if (e.access !== 'public') {
    problems.add(401);
    problems.add(403);
  }
  if (e.params) problems.add(404);
  if (e.params || e.query || e.body || e.encoding === 'multipart') problems.add(422);
  for (const status of problems) out[status] = problemSchema;
  return out;
}

/** Registers routes from endpoint contracts: the path, the schemas and the guard all come from the contract. */
export function createRoute(app: App, deps: Deps): Route {
  return (endpoint, handler) => {
    const e: EndpointDef = endpoint;
    app.route({
      method: e.method,
      url: e.path,
      onRequest: accessGuard(deps, e),
      schema: {
        tags: [...(e.tags ?? [e.resource])],
        summary: e.summary,
        operationId: endpointName(e),
        ...(e.params ? { params: e.params } : {}),
        ...(e.query ? { querystring: e.query } : {}),
        ...(e.body && e.encoding !== 'multipart' ? { body: e.body } : {}),
        response: responses(e),
      },
      handler: async (request, reply) => {
        const input = { params: request.params, query: request.query, body: request.body };
        const viewer = request.viewer;
        const result = await handler(input as EndpointParsed<typeof endpoint>, {
          request,
          reply,
          viewer: viewer as RouteContext<typeof endpoint>['viewer'],
        });
        if (result === reply) return reply;
        if (e.status && e.status !== 200) return reply.code(e.status).send(result);
        return result;
      },
    });
  };
}
