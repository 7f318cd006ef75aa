import type { CodedMessage } from '@vahub/shared/api/messages';

/** The normalised error of spec section 8: message, status, errors (and the request when nothing answered). */
export type FieldErrors = Record<string, string[]>;
/** The same fields' messages as codes with parameters, for saying them in the user's language. */
export type FieldCodes = Record<string, CodedMessage[]>;

export interface RequestInfo {
  method: string;
  url: string;
}

export interface NormalizedError {
  message: string;
  status?: number;
  errors?: FieldErrors;
  codes?: FieldCodes;
  messageCode?: CodedMessage;
  request?: RequestInfo;
}

/** What the HTTP client hands over when a call fails. */
export interface HttpFailure {
  message: string;
  request?: RequestInfo;
  response?: { status: number; body: unknown };
}

type Body = {
  message?: unknown;
  title?: unknown;
  status?: unknown;
  errors?: unknown;
  codes?: unknown;
  message_code?: unknown;
};

const isObject = (v: unknown): v is object => Boolean(v) && typeof v === 'object';

const asBody = (value: unknown): Body | null =>
  value !== null && typeof value === 'object' ? (value as Body) : null;

export function normalizeError(failure: HttpFailure): NormalizedError {
  const body = failure.response ? asBody(failure.response.body) : null;
  if (failure.response && body) {
    const message =
      (typeof body.message === 'string' && body.message) ||
      (typeof body.title === 'string' && body.title) ||
      failure.message;
    const status = failure.response.status || (typeof body.status === 'number' ? body.status : undefined);
    const errors = isObject(body.errors) ? (body.errors as FieldErrors) : undefined;
    const normalized: NormalizedError = { message, status, errors };
    if (isObject(body.codes)) normalized.codes = body.codes as FieldCodes;
    if (isObject(body.message_code)) normalized.messageCode = body.message_code as CodedMessage;
    return normalized;
  }
  if (failure.request && !failure.response) {
    return { message: failure.message, status: 503, request: failure.request };
  }
  return { message: failure.message };
}

export class ApiError extends Error implements NormalizedError {
  status?: number;
  errors?: FieldErrors;
  codes?: FieldCodes;
  messageCode?: CodedMessage;
  request?: RequestInfo;

  constructor(normalized: NormalizedError) {
    super(normalized.message);
    this.name = 'ApiError';
    this.status = normalized.status;
    this.errors = normalized.errors;
    this.codes = normalized.codes;
    this.messageCode = normalized.messageCode;
    this.request = normalized.request;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;

/** First message of each field, the shape Mantine's form.setErrors takes. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || !error.errors) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    if (messages[0]) out[field] = messages[0];
  }
  return out;
}
