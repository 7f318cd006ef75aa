import type { z } from 'zod';

/** The one error type of the API. Rendered as problem+json by the error handler. */
export type ErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'insufficient_scope'
  | 'email_not_verified'
  | 'organization_suspended'
  | 'subscription_inactive'
  | 'billing_not_configured'
  | 'directory_not_configured'
  | 'directory_unavailable'
  | 'sso_not_configured'
  | 'mail_accounts_not_configured'
  | 'bad_signature'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'invalid_client'
  | 'invalid_grant'
  | 'authorization_pending'
  | 'slow_down'
  | 'access_denied'
  | 'expired_token'
  | 'unavailable'
  | 'storage_full'
  | 'internal';

const STATUS: Record<ErrorCode, number> = {
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  insufficient_scope: 403,
  email_not_verified: 403,
  organization_suspended: 403,
  subscription_inactive: 402,
  billing_not_configured: 409,
  directory_not_configured: 409,
  directory_unavailable: 503,
  sso_not_configured: 409,
  mail_accounts_not_configured: 409,
  bad_signature: 400,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_client: 401,
  invalid_grant: 400,
  // RFC 8628 section 3.5: the device grant's answers while the VA has not approved.
  authorization_pending: 400,
  slow_down: 400,
  access_denied: 400,
  expired_token: 400,
  unavailable: 503,
  storage_full: 503,
  internal: 500,
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const titleFor = (status: number) => TITLES[status] ?? 'Error';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found.`);
export const forbidden = (message = 'You do not have access to this area.') =>
  new AppError('forbidden', message);
export const unauthenticated = (message = 'Your session has ended. Please sign in again.') =>
  new AppError('unauthenticated', message);

/**
 * Fields a handler checks itself against their schema (a multipart form's, which the route's schema does not
 * read), or a 422 naming each refused field (its top-level key; `_` for the whole) with all its messages, the
 * first one as the problem's message.
 */
export function parseFields<T>(schema: z.ZodType<T>, fields: unknown): T {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw new AppError('validation', Object.values(errors)[0][0], errors);
}

/** A 422 with one field's message, the way forms show it. */
export const fieldError = (field: string, message: string) =>
  new AppError('validation', message, { [field]: [message] });

/**
 * Whether an error (or one it wraps, as the ORM wraps the driver's) says the disk is full: Node's ENOSPC or
 * EDQUOT, PostgreSQL's `disk_full` (53100), or the embedded database's "No space left on device".
 */
export function isDiskFull(err: unknown): boolean {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    if (typeof message === 'string' && /no space left on device|disk quota exceeded/i.test(message))
      return true;
  }
  return false;
}
