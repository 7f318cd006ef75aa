import { describe, expect, it } from 'vitest';
import { ApiError, fieldErrors, normalizeError } from './normalize-error';

describe('normalizeError (spec section 8)', () => {
  it('takes message, status and errors from a response body', () => {
    expect(
      normalizeError({
        message: 'Unprocessable',
        request: { method: 'POST', url: '/api/v1/register' },
        response: {
          status: 422,
          body: {
            type: 'x',
            title: 'Validation failed',
            status: 422,
            message: 'Check the form',
            errors: { email: ['taken'] },
          },
        },
      }),
    ).toEqual({ message: 'Check the form', status: 422, errors: { email: ['taken'] } });
  });

  it('falls back to the title, and to the body status when the response has none', () => {
    expect(
      normalizeError({ message: 'x', response: { status: 0, body: { title: 'Teapot', status: 418 } } }),
    ).toEqual({
      message: 'Teapot',
      status: 418,
      errors: undefined,
    });
  });

  it('reports a request that got no response as 503 with the request', () => {
    const request = { method: 'GET', url: '/api/v1/me' };
    expect(normalizeError({ message: 'Failed to fetch', request })).toEqual({
      message: 'Failed to fetch',
      status: 503,
      request,
    });
  });

  it('otherwise returns only the message', () => {
    expect(normalizeError({ message: 'Boom' })).toEqual({ message: 'Boom' });
    expect(
      normalizeError({
        message: 'Plain',
        request: { method: 'GET', url: '/' },
        response: { status: 500, body: 'oops' },
      }),
    ).toEqual({
      message: 'Plain',
    });
  });

  it('turns field errors into first messages', () => {
    const error = new ApiError({
      message: 'x',
      status: 422,
      errors: { email: ['taken', 'other'], name: [] },
    });
    expect(fieldErrors(error)).toEqual({ email: 'taken' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
