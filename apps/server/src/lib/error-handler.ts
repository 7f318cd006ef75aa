import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type CodedMessage, codeOf, codeOfIssue, codesOf, HTTP_MESSAGES } from '@vahub/shared/api/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, isDiskFull, titleFor } from './errors';
import { redactUrl } from './log-safety';

const OAUTH_CODES = new Set([
  'invalid_client',
  'invalid_grant',
  'authorization_pending',
  'slow_down',
  'access_denied',
  'expired_token',
]);
/** RFC 6749's `error` of the token endpoint's other refusals (its clients read that field). */
const OAUTH_FALLBACK: Record<number, string> = { 400: 'invalid_request', 401: 'invalid_client' };

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  message: string,
  extra: { errors?: Record<string, string[]>; codes?: Record<string, CodedMessage[]>; code?: string } = {},
) {
  const body: Record<string, unknown> = {
    type: extra.code ? `urn:vahub:problem:${extra.code}` : 'about:blank',
    title: titleFor(status),
    status,
    message,
    request_id: request.id,
  };
  if (extra.code) body.code = extra.code;
  const messageCode = codeOf(message);
  if (messageCode) body.message_code = messageCode;
  if (extra.errors) {
    body.errors = extra.errors;
    body.codes = extra.codes ?? codesOf(extra.errors);
  }
  if (extra.code && OAUTH_CODES.has(extra.code)) {
    body.error = extra.code;
    body.error_description = message;
  } else if (OAUTH_FALLBACK[status] && request.url.startsWith('/oauth/')) {
    body.error = OAUTH_FALLBACK[status];
    body.error_description = message;
  }
  return reply.code(status).type('application/problem+json').send(body);
}

/** Turns a validation error's issues into `{ field: [messages] }` and the same fields' codes. */
function fieldErrors(error: FastifyError) {
  const errors: Record<string, string[]> = {};
  const codes: Record<string, CodedMessage[]> = {};
  for (const v of error.validation ?? []) {
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    errors[path] = [...(errors[path] ?? []), v.message ?? 'Invalid value'];
    const issue = { ...v.params, code: v.keyword, message: v.message };
    codes[path] = [...(codes[path] ?? []), codeOfIssue(issue)];
  }
  return { errors, codes };
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return sendProblem(reply, request, error.status, error.message, {
      errors: error.errors,
      code: error.code,
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const { errors, codes } = fieldErrors(error);
    const first = Object.values(errors)[0]?.[0];
    return sendProblem(reply, request, 422, first ?? 'The data you sent is not valid.', {
      errors,
      codes,
      code: 'validation',
    });
  }
  if (isResponseSerializationError(error)) {
    request.log.error(
      { err: error, issues: error.cause?.issues, url: redactUrl(request.url) },
      'response does not match its schema',
    );
    return sendProblem(reply, request, 500, 'Something went wrong on our side. Please try again.', {
      code: 'internal',
    });
  }
  // A full disk (the database's or the store's) is said as such, on every write: 503 `storage_full`.
  if (isDiskFull(error)) {
    request.log.error(
      { err: error, url: redactUrl(request.url), method: request.method },
      'the disk is full',
    );
    return sendProblem(reply, request, 503, HTTP_MESSAGES.disk_full, { code: 'storage_full' });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error(
      { err: error, url: redactUrl(request.url), method: request.method },
      'unexpected error',
    );
    return sendProblem(reply, request, status, 'Something went wrong on our side. Please try again.', {
      code: 'internal',
    });
  }
  // Fastify's own 4xx (bad JSON, body too large, unsupported media type, …): said by the catalog's words.
  const known: Record<number, string> = {
    413: HTTP_MESSAGES.payload_too_large,
    414: HTTP_MESSAGES.uri_too_long,
    415: HTTP_MESSAGES.unsupported_media_type,
  };
  const unreadable = status === 400 && /JSON/i.test(`${error.code} ${error.message}`);
  const message = known[status] ?? (unreadable ? HTTP_MESSAGES.invalid_json : HTTP_MESSAGES.bad_request);
  const codes: Record<number, string> = {
    400: 'bad_request',
    413: 'payload_too_large',
    414: 'uri_too_long',
    415: 'unsupported_media_type',
  };
  return sendProblem(reply, request, status, message, { code: codes[status] ?? 'bad_request' });
}

/** Longest request target (path and query) the API reads; longer ones answer 414 before any work. */
export const MAX_URL_LENGTH = 8192;
/** find-my-way's limit on one path parameter: a longer one matches no route, and answers 414. */
export const MAX_PARAM_LENGTH = 200;

type KnownRoute = { method: string; pattern: RegExp };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route's method and path pattern, so an unknown method on a known path answers 405. */
    knownRoutes: KnownRoute[];
  }
}

const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .split('/')
      .map((part) =>
        part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}/?$`,
  );

/**
 * The HTTP layer's refusals as problem+json: 405 with Allow, 414 for long targets. Call right after the
 * app is created (the route list fills as routes register).
 */
export function installFrameworkErrors(app: FastifyInstance) {
  app.decorate('knownRoutes', []);
  app.addHook('onRoute', (opts) => {
    for (const method of [opts.method].flat()) {
      app.knownRoutes.push({ method: String(method), pattern: patternOf(opts.url ?? opts.path) });
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH) {
      return sendProblem(reply, request, 414, HTTP_MESSAGES.uri_too_long, { code: 'uri_too_long' });
    }
  });
}

/** The answer for a request no route took: 405 with Allow when the path takes other methods, else 404. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  const allowed = new Set(
    request.server.knownRoutes.filter((r) => r.pattern.test(path)).map((r) => r.method),
  );
  if (allowed.size && !allowed.has(request.method)) {
    reply.header('allow', [...allowed].sort().join(', '));
    return sendProblem(reply, request, 405, HTTP_MESSAGES.method_not_allowed, { code: 'method_not_allowed' });
  }
  return sendProblem(reply, request, 404, HTTP_MESSAGES.not_found, { code: 'not_found' });
}

/** Fastify's own refusals before routing (a malformed URL, a too long parameter): problem+json like the rest. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendProblem(reply, request, 414, HTTP_MESSAGES.uri_too_long, { code: 'uri_too_long' });
  }
  return sendProblem(reply, request, 400, HTTP_MESSAGES.bad_request, { code: 'bad_request' });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, a garbled request line):
 * answered as problem+json on the raw socket, then closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy(error);
    return;
  }
  const headers = error.code === 'HPE_HEADER_OVERFLOW';
  const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = headers ? 431 : timeout ? 408 : 400;
  const message = headers ? HTTP_MESSAGES.headers_too_large : HTTP_MESSAGES.bad_request;
  const code = headers ? 'headers_too_large' : timeout ? 'request_timeout' : 'bad_request';
  const body = JSON.stringify({
    type: `urn:vahub:problem:${code}`,
    title: STATUS_CODES[status],
    status,
    message,
    code,
    message_code: codeOf(message),
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
