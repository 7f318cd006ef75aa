import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiFetch,
  fileNameOf,
  getValidToken,
  setRestrictedHandler,
  setUnauthorizedHandler,
} from './api-client';
import { ApiError } from './normalize-error';
import {
  isTokenExpired,
  loadSession,
  nowSeconds,
  type Session,
  saveSession,
  tokensToSession,
} from './session';

const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const session = (tokenExpire: number): Session => ({
  token: 'old-access',
  tokenExpire,
  refreshToken: 'old-refresh',
  authUser: null,
});

const fetchMock = vi.fn<typeof fetch>();
const onUnauthorized = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setUnauthorizedHandler(onUnauthorized);
});
afterEach(() => {
  fetchMock.mockReset();
  onUnauthorized.mockReset();
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads this cookie; the test must plant it.
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('session storage', () => {
  it('keeps a remembered session in localStorage and a tab session in sessionStorage', () => {
    saveSession(session(10), true);
    expect(localStorage.getItem('session')).not.toBeNull();
    expect(sessionStorage.getItem('session')).toBeNull();
    saveSession(session(10), false);
    expect(localStorage.getItem('session')).toBeNull();
    expect(sessionStorage.getItem('session')).not.toBeNull();
    expect(loadSession()?.token).toBe('old-access');
  });

  it('computes expiry in seconds and treats "now" as expired', () => {
    const s = tokensToSession(
      { token_type: 'Bearer', access_token: 'a', refresh_token: 'r', expires_in: 900 },
      null,
      1000,
    );
    expect(s.tokenExpire).toBe(1900);
    expect(isTokenExpired(s, 1899)).toBe(false);
    expect(isTokenExpired(s, 1900)).toBe(true);
    expect(isTokenExpired(s, 2000)).toBe(true);
  });
});

describe('token refresh', () => {
  it('uses the stored token while it is in the future', async () => {
    saveSession(session(nowSeconds() + 60), true);
    expect(await getValidToken()).toBe('old-access');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes once for concurrent callers when expired (single flight)', async () => {
    saveSession(session(nowSeconds() - 1), false);
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/token/refresh-token') {
        await new Promise((r) => setTimeout(r, 10));
        return json(200, {
          token_type: 'Bearer',
          access_token: 'new-access',
          refresh_token: 'new-refresh',
          expires_in: 900,
        });
      }
      return json(200, { ok: true });
    });
    const tokens = await Promise.all([getValidToken(), getValidToken(), getValidToken()]);
    expect(tokens).toEqual(['new-access', 'new-access', 'new-access']);
    const refreshCalls = fetchMock.mock.calls.filter(([u]) => String(u) === '/api/token/refresh-token');
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(String(refreshCalls[0][1]?.body))).toEqual({ RefreshToken: 'old-refresh' });
    const stored = loadSession();
    expect(stored?.refreshToken).toBe('new-refresh');
    expect(stored?.tokenExpire).toBeGreaterThan(nowSeconds() + 800);
    // Still in the tab's own store: the "remember me" choice survives a refresh.
    expect(sessionStorage.getItem('session')).toContain('new-access');
  });

  it('logs out when the refresh fails', async () => {
    saveSession(session(nowSeconds() - 5), true);
    fetchMock.mockResolvedValue(json(401, { title: 'Unauthorized', status: 401, message: 'reused' }));
    await expect(apiFetch('/api/v1/me')).rejects.toMatchObject({ status: 401 });
    expect(loadSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('apiFetch', () => {
  it('sends JSON, the bearer token and the XSRF cookie as a header', async () => {
    saveSession(session(nowSeconds() + 60), true);
    // biome-ignore lint/suspicious/noDocumentCookie: the client reads this cookie; the test must plant it.
    document.cookie = 'XSRF-TOKEN=abc%3D%3D';
    fetchMock.mockResolvedValue(json(200, { id: 1 }));
    expect(
      await apiFetch('/api/v1/me', { method: 'PATCH', body: { a: 1 }, query: { page: 2, x: undefined } }),
    ).toEqual({
      id: 1,
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/me?page=2');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer old-access');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['X-XSRF-TOKEN']).toBe('abc==');
    expect(init?.body).toBe('{"a":1}');
  });

  it('logs out on any 401 and throws the normalised error', async () => {
    saveSession(session(nowSeconds() + 60), true);
    fetchMock.mockResolvedValue(json(401, { title: 'Unauthorized', status: 401, message: 'Token expired' }));
    const error = await apiFetch('/api/v1/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Token expired', status: 401 });
    expect(loadSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not log out on a 401 of an anonymous call (bad credentials)', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Bad credentials' }));
    await expect(apiFetch('/oauth/token', { method: 'POST', auth: false, body: {} })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('on a 403 for an email to verify or a suspended organization, asks the app to re-run its gate', async () => {
    const onRestricted = vi.fn();
    setRestrictedHandler(onRestricted);
    saveSession(session(nowSeconds() + 60), true);
    const problem = (code: string) =>
      json(403, { status: 403, message: 'No', code: code.split('.')[1], message_code: { code } });
    fetchMock.mockResolvedValueOnce(problem('auth.email_not_verified'));
    await expect(apiFetch('/api/v1/admin-access/users')).rejects.toMatchObject({ status: 403 });
    fetchMock.mockResolvedValueOnce(problem('auth.organization_suspended'));
    await expect(apiFetch('/api/v1/admin-access/users')).rejects.toMatchObject({ status: 403 });
    expect(onRestricted).toHaveBeenCalledTimes(2);
    // An inactive subscription's 402 (issue 27) leads to the plans or the contact-admin page the same way.
    fetchMock.mockResolvedValueOnce(
      json(402, {
        status: 402,
        message: 'Inactive',
        code: 'subscription_inactive',
        message_code: { code: 'billing.subscription_inactive' },
      }),
    );
    await expect(
      apiFetch('/api/v1/admin-access/settings', { method: 'PATCH', body: {} }),
    ).rejects.toMatchObject({
      status: 402,
    });
    expect(onRestricted).toHaveBeenCalledTimes(3);
    // An ordinary 403 (a role outside the area) is just an error; the session stays.
    fetchMock.mockResolvedValueOnce(
      json(403, { status: 403, message: 'You do not have access to this area.' }),
    );
    await expect(apiFetch('/api/v1/admin-access/users')).rejects.toMatchObject({ status: 403 });
    expect(onRestricted).toHaveBeenCalledTimes(3);
    expect(loadSession()).not.toBeNull();
    setRestrictedHandler(() => {});
  });

  it('reports 422 field errors and network failures as 503', async () => {
    fetchMock.mockResolvedValueOnce(
      json(422, { title: 'Invalid', status: 422, message: 'Invalid', errors: { email: ['taken'] } }),
    );
    await expect(
      apiFetch('/api/v1/register', { method: 'POST', auth: false, body: {} }),
    ).rejects.toMatchObject({
      status: 422,
      errors: { email: ['taken'] },
    });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiFetch('/api/health', { auth: false })).rejects.toMatchObject({
      status: 503,
      message: 'Failed to fetch',
      request: { method: 'GET', url: '/api/health' },
    });
  });

  it('returns undefined for 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    expect(await apiFetch('/api/v1/logout', { method: 'POST', auth: false })).toBeUndefined();
  });

  it('sends FormData without a JSON content type', async () => {
    fetchMock.mockResolvedValue(json(200, { avatar_url: '/a.png' }));
    const form = new FormData();
    form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiFetch('/api/v1/upload/user/1/avatar', { method: 'POST', body: form, auth: false });
    const init = fetchMock.mock.calls[0][1];
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(init?.body).toBe(form);
  });
});

describe('fileNameOf', () => {
  it("reads an export's name from Content-Disposition, the UTF-8 form first", () => {
    expect(fileNameOf('attachment; filename="timesheets_2026-11-01_2026-11-30.xlsx"')).toBe(
      'timesheets_2026-11-01_2026-11-30.xlsx',
    );
    expect(fileNameOf(`attachment; filename="x.pdf"; filename*=UTF-8''Ana%20L%C3%B3pez.pdf`)).toBe(
      'Ana López.pdf',
    );
    expect(fileNameOf(null, 'export.csv')).toBe('export.csv');
  });
});
