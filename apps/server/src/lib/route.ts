import {
  areaOfPath,
  type EndpointDef,
  type EndpointOutput,
  type EndpointParsed,
} from '@vahub/shared/api/endpoint';
import { COMMON_MESSAGES } from '@vahub/shared/api/messages';
import { problemSchema } from '@vahub/shared/api/problem';
import { AUTH_MESSAGES } from '@vahub/shared/auth/messages';
import { can } from '@vahub/shared/auth/permissions';
import { AREA_ROLES, AREAS, type Area } from '@vahub/shared/auth/roles';
import { TOKEN_MESSAGES } from '@vahub/shared/tokens/messages';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { fieldError, forbidden } from './errors';
import { operationIdOf } from './operation-ids';
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
 * caller without a token gets 401, never a 422 that describes the API): signed in, through a session that may
 * call it (a tracker's only what is marked `tracker`), holding a role of the path's area, holding the
 * endpoint's permission. It leaves the request's viewer behind.
 */
export function accessGuard(
  deps: Deps,
  endpoint: Pick<EndpointDef, 'access' | 'path' | 'tracker' | 'sessionOnly'>,
): onRequestHookHandler {
  const area = areaOfPath(endpoint.path);
  const areaRoles = isArea(area) ? AREA_ROLES[area] : null;
  return async (request) => {
    if (endpoint.access === 'public') return;
    const auth = await deps.authenticate(request);
    // A tracker's session (the `tracker` client) reaches only what the contract marks for trackers.
    if (auth.tracker && !endpoint.tracker) throw forbidden(AUTH_MESSAGES.tracker_only);
    // Tokens and calendar links are managed from a session only.
    if (auth.apiToken && endpoint.sessionOnly) throw forbidden(TOKEN_MESSAGES.session_required);
    if (areaRoles && !auth.roles.some((r) => areaRoles.includes(r))) throw forbidden();
    if (endpoint.access !== 'signed_in' && !can(auth, endpoint.access)) throw forbidden();
    request.viewer = deps.viewers({ ...auth, timezone: auth.user.timezone }, isArea(area) ? area : null);
  };
}

type Node = { value: unknown; key: string; parent: Node | null };
const pathOf = (node: Node) => {
  const keys: string[] = [];
  for (let n: Node | null = node; n?.parent; n = n.parent) keys.unshift(n.key);
  return keys.join('.') || '_';
};

/** A lone UTF-16 surrogate: half of a pair, which no text encoding (nor PostgreSQL's jsonb) can store. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text may not be stored (U+0000, a lone surrogate), or null. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return COMMON_MESSAGES.invalid_character;
  if (LONE_SURROGATE.test(text)) return COMMON_MESSAGES.broken_character;
  return null;
}

/**
 * The field (dotted path) of the first string or key of `value` that cannot be stored, with the message saying
 * why, or null. Walked without recursion, so a body nested thousands of levels deep costs a loop, not the stack.
 */
export function badTextField(value: unknown): { field: string; message: string } | null {
  const stack: Node[] = [{ value, key: '', parent: null }];
  while (stack.length) {
    const node = stack.pop() as Node;
    if (typeof node.value === 'string') {
      const message = textProblem(node.value);
      if (message) return { field: pathOf(node), message };
    } else if (node.value && typeof node.value === 'object') {
      for (const [key, child] of Object.entries(node.value)) {
        const next = { value: child, key: key.replaceAll('\u0000', ''), parent: node };
        const message = textProblem(key);
        if (message) return { field: pathOf(next), message };
        stack.push(next);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL stores no U+0000 in text and no lone surrogate in jsonb, so such a character anywhere in a
 * request's path, query or body is refused here, once for every endpoint (422 naming the field), before a
 * query could fail with a 500.
 */
export const refuseBadText: preValidationHookHandler = async (request) => {
  for (const part of [request.params, request.query, request.body]) {
    const bad = badTextField(part);
    if (bad) throw fieldError(bad.field, bad.message);
  }
};

const binary = z.string().meta({ format: 'binary' });

/** The OpenAPI responses of an endpoint: its success, and the problems its access and input imply. */
function responses(e: EndpointDef) {
  // A file (a download, an image) is sent by the handler as bytes: the document names its media types, and the
  // serializer these schemas compile is never reached for a stream or a buffer.
  const file = e.mediaTypes && {
    description: 'The file',
    content: Object.fromEntries(e.mediaTypes.map((type) => [type, { schema: binary }])),
  };
  const out: Record<number, z.ZodType | typeof file> = { [e.status ?? 200]: file ?? e.response };
  const problems = new Set<number>(e.errors ?? []);
  if (e.access !== 'public') {
    problems.add(401);
    problems.add(403);
  }
  if (e.params) problems.add(404);
  if (e.params || e.query || e.body || e.encoding === 'multipart') problems.add(422);
  for (const status of Object.keys(e.problems ?? {})) problems.add(Number(status));
  // The response schema also serializes the body: a richer problem must be declared or its fields are dropped.
  for (const status of problems) out[status] = e.problems?.[status] ?? problemSchema;
  return out;
}

/** Registers routes from endpoint contracts: the path, the schemas and the guard all come from the contract. */
export function createRoute(app: App, deps: Deps): Route {
  return (endpoint, handler) => {
    const e: EndpointDef = endpoint;
    if (e.download && !e.mediaTypes)
      throw new Error(`${e.method} ${e.path}: a download names its mediaTypes`);
    app.route({
      method: e.method,
      url: e.path,
      onRequest: accessGuard(deps, e),
      preValidation: refuseBadText,
      schema: {
        // Public endpoints need no token: the document's global bearer requirement does not apply to them.
        ...(e.access === 'public' ? { security: [] } : {}),
        // A personal API token cannot call it: only the session's scheme applies.
        ...(e.sessionOnly ? { security: [{ bearer: [] }] } : {}),
        tags: [...(e.tags ?? [e.resource])],
        summary: e.summary,
        operationId: operationIdOf(e),
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
        // A handler that answered itself (a redirect) returns the reply, a thenable: awaiting it waits for the
        // answer to end, so `result` is undefined and the reply is sent.
        if (result === reply || reply.sent) return reply;
        if (e.status && e.status !== 200) return reply.code(e.status).send(result);
        return result;
      },
    });
  };
}
