import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, titleFor } from './errors';

const OAUTH_CODES = new Set(['invalid_client', 'invalid_grant']);

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  message: string,
  extra: { errors?: Record<string, string[]>; code?: string } = {},
) {
  const body: Record<string, unknown> = {
    type: extra.code ? `urn:vahub:problem:${extra.code}` : 'about:blank',
    title: titleFor(status),
    status,
    message,
    request_id: request.id,
  };
  if (extra.code) body.code = extra.code;
  if (extra.errors) body.errors = extra.errors;
  if (extra.code && OAUTH_CODES.has(extra.code)) {
    body.error = extra.code;
    body.error_description = message;
  }
  return reply.code(status).type('application/problem+json').send(body);
}

/** Turns a validation error's issues into `{ field: [messages] }`. */
function fieldErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const v of error.validation ?? []) {
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    errors[path] = [...(errors[path] ?? []), v.message ?? 'Invalid value'];
  }
  return errors;
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
    const errors = fieldErrors(error);
    const first = Object.values(errors)[0]?.[0];
    return sendProblem(reply, request, 422, first ?? 'The data you sent is not valid.', {
      errors,
      code: 'validation',
    });
  }
  if (isResponseSerializationError(error)) {
    request.log.error(
      { err: error, issues: error.cause?.issues, url: request.url },
      'response does not match its schema',
    );
    return sendProblem(reply, request, 500, 'Something went wrong on our side. Please try again.', {
      code: 'internal',
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error, url: request.url, method: request.method }, 'unexpected error');
    return sendProblem(reply, request, status, 'Something went wrong on our side. Please try again.', {
      code: 'internal',
    });
  }
  // Fastify's own 4xx (bad JSON, body too large, unsupported media type, …): its message is safe to show.
  const messages: Record<number, string> = {
    413: 'The request is too large.',
    415: 'This content type is not supported here.',
  };
  return sendProblem(reply, request, status, messages[status] ?? error.message, {
    code: error.code?.toLowerCase(),
  });
}
