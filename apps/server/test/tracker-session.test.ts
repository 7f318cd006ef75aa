import * as attendanceEndpoints from '@vahub/shared/attendance/endpoints';
import * as auditEndpoints from '@vahub/shared/audit/endpoints';
import * as authEndpoints from '@vahub/shared/auth/endpoints';
import * as contractEndpoints from '@vahub/shared/contracts/endpoints';
import * as notificationEndpoints from '@vahub/shared/notifications/endpoints';
import * as organizationEndpoints from '@vahub/shared/organization/endpoints';
import * as projectEndpoints from '@vahub/shared/projects/endpoints';
import * as requestEndpoints from '@vahub/shared/requests/endpoints';
import * as screenshotEndpoints from '@vahub/shared/screenshots/endpoints';
import * as systemEndpoints from '@vahub/shared/system/endpoints';
import * as teamEndpoints from '@vahub/shared/teams/endpoints';
import * as timesheetEndpoints from '@vahub/shared/timesheets/endpoints';
import * as userEndpoints from '@vahub/shared/users/endpoints';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT, createHarness, type Harness, PASSWORD } from './harness';
import { listen, TestSocket } from './realtime-helpers';

// A session started through the trackers' public client (`tracker`, no secret) belongs to a VA and reaches only
// the tracker protocol and the reads a tracker needs (DOMAIN.md "Trackers"): the client secret of the web app
// then protects what it is meant to.
let h: Harness;
let url: string;
beforeAll(async () => {
  h = await createHarness();
  url = await listen(h.app);
});
afterAll(() => h?.close());
beforeEach(async () => {
  await h.reset();
  await h.createUser({ email: 'admin@home.test', roles: ['admin'] });
  await h.createUser({ email: 'mgr@home.test', roles: ['manager'] });
  await h.createUser({ email: 'ana@home.test', roles: ['va'] });
});

const grant = (username: string, client: object = { client_id: 'tracker' }) =>
  h.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', ...client, username, password: PASSWORD },
  });
const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  payload?: object,
) => h.app.inject({ method, url: path, headers: { authorization: `Bearer ${token}` }, payload });

/** Every endpoint contract of packages/shared, as `METHOD path`, with its tracker mark. */
function contracts(): Array<{ name: string; tracker: boolean }> {
  const out: Array<{ name: string; tracker: boolean }> = [];
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const e = value as { method?: unknown; path?: unknown; tracker?: unknown };
    if (typeof e.method === 'string' && typeof e.path === 'string') {
      out.push({ name: `${e.method} ${e.path}`, tracker: e.tracker === true });
      return;
    }
    for (const child of Object.values(value)) walk(child);
  };
  for (const m of [
    attendanceEndpoints,
    auditEndpoints,
    authEndpoints,
    contractEndpoints,
    notificationEndpoints,
    organizationEndpoints,
    projectEndpoints,
    requestEndpoints,
    screenshotEndpoints,
    systemEndpoints,
    teamEndpoints,
    timesheetEndpoints,
    userEndpoints,
  ])
    walk(m);
  return out;
}

describe('the tracker client', () => {
  it('signs in VAs only: another role hears that the tracker is for VAs', async () => {
    for (const email of ['admin@home.test', 'mgr@home.test']) {
      const res = await grant(email);
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        message: 'The tracker signs in VAs only. Sign in to the web app instead.',
        message_code: { code: 'auth.tracker_va_only' },
      });
      expect(res.json().access_token).toBeUndefined();
      // The web app's client still signs them in.
      expect((await grant(email, CLIENT)).statusCode).toBe(200);
    }
    expect((await grant('ana@home.test')).statusCode).toBe(200);
  });

  it('gives a session that reaches the tracker protocol and its reads, and nothing else (403)', async () => {
    const tokens = (await grant('ana@home.test')).json();
    const t = tokens.access_token as string;
    // What the desktop agent calls (apps/agent, packages/tracker-core).
    for (const [method, path] of [
      ['GET', '/api/v1/va-access/attendance/current/user'],
      ['GET', '/api/v1/va-access/attendances?per_page=100'],
      ['GET', '/api/v1/general-tasks'],
      ['GET', '/api/v1/config/app-download-links'],
    ] as const)
      expect((await call(t, method, path)).statusCode, path).toBe(200);
    // The protocol's writes reach their handlers (no shift here: 404/422, never 403).
    for (const [method, path, body] of [
      ['POST', '/api/v1/va-access/attendance/clock-in', {}],
      ['POST', '/api/v1/va-access/attendance/clock-out', { attendance_id: 1 }],
      ['POST', '/api/v1/va-access/attendance/pings', { attendance_id: 1, pings: [{}] }],
      ['PUT', '/api/v1/va-access/attendance/current-task', { attendance_id: 1, task: null }],
      ['GET', '/api/v1/va-access/client-tasks/contract/1', undefined],
      [
        'POST',
        '/api/v1/va-access/screenshot-requests/7c9e6679-7425-40de-944b-e07fc1f90ae7/decline',
        { reason: 'cannot_capture' },
      ],
    ] as const)
      expect([404, 422], `${method} ${path}`).toContain((await call(t, method, path, body)).statusCode);
    const upload = await h.app.inject({
      method: 'POST',
      url: '/api/v1/va-access/screenshots',
      headers: { authorization: `Bearer ${t}`, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(upload.statusCode).not.toBe(403);
    // Everything else: the VA's own pages, account and password, other areas.
    for (const [method, path, body] of [
      ['GET', '/api/v1/me', undefined],
      [
        'PATCH',
        '/api/v1/me/password',
        { old_password: PASSWORD, password: 'x-new-pass-1', password_confirmation: 'x-new-pass-1' },
      ],
      ['GET', '/api/v1/va-access/attendance/upcoming/user', undefined],
      ['GET', '/api/v1/va-access/screenshots', undefined],
      ['GET', '/api/v1/va-access/timesheets', undefined],
      ['GET', '/api/v1/notifications/preferences', undefined],
    ] as const) {
      const res = await call(t, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().message_code).toEqual({ code: 'auth.tracker_only' });
    }
    // A refreshed token is the same session: still a tracker's. Sign-out works.
    const refreshed = await h.app.inject({
      method: 'POST',
      url: '/api/token/refresh-token',
      payload: { RefreshToken: tokens.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    const t2 = refreshed.json().access_token as string;
    expect((await call(t2, 'GET', '/api/v1/me')).statusCode).toBe(403);
    expect((await call(t2, 'GET', '/api/v1/va-access/attendance/current/user')).statusCode).toBe(200);
    // The socket opens for it (on-demand screenshots, forced logout, task changes).
    const { socket, ready } = await TestSocket.signedIn(url, t2, { kind: 'desktop', capture: true });
    expect(ready.user_id).toBeGreaterThan(0);
    socket.close();
    expect((await call(t2, 'POST', '/api/v1/logout')).statusCode).toBe(204);
  });

  it('a session of the web app is not limited', async () => {
    const t = (await grant('ana@home.test', CLIENT)).json().access_token as string;
    expect((await call(t, 'GET', '/api/v1/me')).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/v1/va-access/attendance/upcoming/user')).statusCode).toBe(200);
  });

  it('the endpoints marked for trackers are exactly what the trackers call', () => {
    const marked = [
      ...new Set(
        contracts()
          .filter((c) => c.tracker)
          .map((c) => c.name),
      ),
    ].sort();
    expect(marked).toEqual(
      [
        'GET /api/v1/general-tasks',
        'GET /api/v1/va-access/attendance/current/user',
        'GET /api/v1/va-access/attendances',
        'GET /api/v1/va-access/client-tasks/contract/:id',
        'POST /api/v1/logout',
        'POST /api/v1/va-access/attendance/clock-in',
        'POST /api/v1/va-access/attendance/clock-out',
        'POST /api/v1/va-access/attendance/pings',
        'POST /api/v1/va-access/screenshot-requests/:id/decline',
        'POST /api/v1/va-access/screenshots',
        'PUT /api/v1/va-access/attendance/current-task',
      ].sort(),
    );
  });
});
