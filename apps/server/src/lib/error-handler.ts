import { type CodedMessage, codeOf, codeOfIssue, codesOf } from '@vahub/shared/api/messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, titleFor } from './errors';

const OAUTH_CODES = new Set(['invalid_client', 'invalid_grant']);

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
