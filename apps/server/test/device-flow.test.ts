import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredDeviceCodes } from '../src/modules/auth/device-flow';
import { users } from '../src/modules/people/users.table';
import { CLIENT, createHarness, type Harness, PASSWORD } from './harness';

// The tracker's sign-in through the browser (RFC 8628, issue 32): the agent asks for a code, a VA approves it on
// the web, the agent polls. One app for the file; each test starts its own codes and moves the clock itself.
let h: Harness;
const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const COMPUTER = { device_name: 'ana-laptop', device_system: 'Linux 6.1 x64', agent_version: '0.4.0' };

beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  await h.createUser({ email: 'ana@home.test', roles: ['va'] });
  await h.createUser({ email: 'admin@home.test', roles: ['admin'] });
  const other = await h.createOrg('Elsewhere');
  await h.createUser({ email: 'eve@else.test', roles: ['va'], organizationId: other.id });
});
afterAll(() => h?.close());

const start = async (body: object = { client_id: 'tracker', ...COMPUTER }) => {
  const res = await h.app.inject({ method: 'POST', url: '/oauth/device/code', payload: body });
  return res;
};
const poll = (device_code: string, client_id = 'tracker') =>
  h.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: GRANT, client_id, device_code },
  });
const show = async (email: string, userCode: string) =>
  h.app.inject({
    method: 'GET',
    url: `/api/v1/device?user_code=${encodeURIComponent(userCode)}`,
    headers: await h.bearer(email),
  });
const decide = async (email: string, user_code: string, approve: boolean) =>
  h.app.inject({
    method: 'POST',
    url: '/api/v1/device',
    headers: await h.bearer(email),
    payload: { user_code, approve },
  });
/** Lets the polling interval pass (the test owns its clock). */
const wait = (seconds: number) => h.clock.advance(seconds * 1000);

describe('the device authorization grant', () => {
  it('gives a code, waits for the VA, and signs the computer in once approved (once)', async () => {
    const res = await start();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const code = res.json();
    expect(code).toMatchObject({ expires_in: 600, interval: 5 });
    expect(code.user_code).toMatch(/^[B-Z]{4}-[B-Z]{4}$/);
    expect(code.verification_uri).toMatch(/\/device$/);
    expect(code.verification_uri_complete).toBe(`${code.verification_uri}?user_code=${code.user_code}`);

    let r = await poll(code.device_code);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: 'authorization_pending' });
    // Too fast: slow_down, and the interval grows by 5 s (10 s from now on).
    wait(2);
    r = await poll(code.device_code);
    expect(r.json()).toMatchObject({ error: 'slow_down' });
    wait(6);
    expect((await poll(code.device_code)).json().error).toBe('slow_down');
    // Now 15 s.
    wait(15);
    expect((await poll(code.device_code)).json().error).toBe('authorization_pending');

    // The VA sees the computer (the code as typed, in any case and spacing) and approves it.
    const seen = await show('ana@home.test', code.user_code.toLowerCase().replace('-', ' '));
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      user_code: code.user_code,
      device_name: 'ana-laptop',
      device_system: 'Linux 6.1 x64',
      agent_version: '0.4.0',
    });
    expect((await decide('ana@home.test', code.user_code, true)).json()).toEqual({ approved: true });
    // A second decision on the same code is refused.
    expect((await decide('ana@home.test', code.user_code, false)).statusCode).toBe(409);

    wait(15);
    r = await poll(code.device_code);
    expect(r.statusCode).toBe(200);
    const tokens = r.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer' });
    // The code works once.
    wait(15);
    r = await poll(code.device_code);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: 'invalid_grant' });

    // A tracker's token: the tracker protocol yes, anything else no (403 tracker_only).
    const t = { authorization: `Bearer ${tokens.access_token}` };
    const current = await h.app.inject({
      method: 'GET',
      url: '/api/v1/va-access/attendance/current/user',
      headers: t,
    });
    expect(current.statusCode).toBe(200);
    for (const url of ['/api/v1/me', '/api/v1/va-access/computers', '/api/v1/device?user_code=BCDFGHJK']) {
      const denied = await h.app.inject({ method: 'GET', url, headers: t });
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json().message_code).toEqual({ code: 'auth.tracker_only' });
    }

    // The VA's profile lists the computer; another VA cannot disconnect it; Disconnect ends its session.
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/v1/va-access/computers',
      headers: await h.bearer('ana@home.test'),
    });
    expect(list.json().data).toEqual([
      expect.objectContaining({ name: 'ana-laptop', system: 'Linux 6.1 x64', version: '0.4.0' }),
    ]);
    const id = list.json().data[0].id as string;
    const url = `/api/v1/va-access/computers/${id}`;
    expect(
      (await h.app.inject({ method: 'DELETE', url, headers: await h.bearer('eve@else.test') })).statusCode,
    ).toBe(404);
    expect(
      (await h.app.inject({ method: 'DELETE', url, headers: await h.bearer('admin@home.test') })).statusCode,
    ).toBe(403);
    expect(
      (await h.app.inject({ method: 'DELETE', url, headers: await h.bearer('ana@home.test') })).statusCode,
    ).toBe(204);
    const after = await h.app.inject({
      method: 'GET',
      url: '/api/v1/va-access/attendance/current/user',
      headers: t,
    });
    expect(after.statusCode).toBe(401);
    const empty = await h.app.inject({
      method: 'GET',
      url: '/api/v1/va-access/computers',
      headers: await h.bearer('ana@home.test'),
    });
    expect(empty.json().data).toEqual([]);
  });

  it('says access_denied once the VA denies, and expired_token after ten minutes', async () => {
    const denied = (await start()).json();
    expect((await decide('ana@home.test', denied.user_code, false)).json()).toEqual({ approved: false });
    wait(5);
    expect((await poll(denied.device_code)).json()).toMatchObject({ error: 'access_denied' });

    const late = (await start({ client_id: 'tracker' })).json();
    wait(601);
    expect((await poll(late.device_code)).json()).toMatchObject({ error: 'expired_token' });
    const res = await decide('ana@home.test', late.user_code, true);
    expect(res.statusCode).toBe(404);
    expect(res.json().message_code).toEqual({ code: 'device.code_expired' });
    // The hourly purge keeps an expired code a day (its page still says expired), then deletes it.
    expect(await purgeExpiredDeviceCodes(h.deps)).toBe(0);
    wait(24 * 3600);
    expect(await purgeExpiredDeviceCodes(h.deps)).toBeGreaterThanOrEqual(2);
    expect((await poll(late.device_code)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await decide('ana@home.test', late.user_code, true)).statusCode).toBe(404);
  });

  it('is approved by a VA only; a VA of another organization signs the computer in as themselves', async () => {
    const code = (await start()).json();
    for (const attempt of [
      await show('admin@home.test', code.user_code),
      await decide('admin@home.test', code.user_code, true),
    ]) {
      expect(attempt.statusCode).toBe(403);
      expect(attempt.json().message_code).toEqual({ code: 'device.va_only' });
    }
    // The code is bound to nobody until approved: whoever approves is who the computer tracks for.
    expect((await decide('eve@else.test', code.user_code, true)).statusCode).toBe(200);
    expect((await decide('ana@home.test', code.user_code, true)).statusCode).toBe(409);
    wait(5);
    const tokens = (await poll(code.device_code)).json();
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/v1/va-access/computers',
      headers: await h.bearer('eve@else.test'),
    });
    expect(me.json().data.map((c: { name: string }) => c.name)).toEqual(['ana-laptop']);
    expect(tokens.access_token).toBeTruthy();
  });

  it('refuses unknown codes, other clients and bad input (the RFC’s errors, 422 naming the field)', async () => {
    expect((await poll('nope')).json()).toMatchObject({ error: 'invalid_grant' });
    const web = await start({ client_id: 'web-app' });
    expect(web.statusCode).toBe(401);
    expect(web.json()).toMatchObject({ error: 'invalid_client' });
    const code = (await start()).json();
    expect((await poll(code.device_code, 'web-app')).json()).toMatchObject({ error: 'invalid_client' });
    const unknown = await show('ana@home.test', 'BBBB-BBBB');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message_code).toEqual({ code: 'device.code_unknown' });
    const blank = await decide('ana@home.test', '--', true);
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toHaveProperty('user_code');
    const bad = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'magic', client_id: 'tracker' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('grant_type');
    // The password grant still works, for scripted installs; a tracker's records its computer too.
    const pw = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'password',
        client_id: 'tracker',
        username: 'ana@home.test',
        password: PASSWORD,
        ...COMPUTER,
        device_name: 'script-box',
      },
    });
    expect(pw.statusCode).toBe(200);
    const web2 = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', ...CLIENT, username: 'admin@home.test', password: PASSWORD },
    });
    expect(web2.statusCode).toBe(200);
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/v1/va-access/computers',
      headers: await h.bearer('ana@home.test'),
    });
    expect(list.json().data.map((c: { name: string }) => c.name)).toContain('script-box');

    // Ana stops being a VA: her tracker's next refresh ends its session (the web's stays).
    await h.db
      .update(users)
      .set({ roles: ['manager'] })
      .where(eq(users.email, 'ana@home.test'));
    const refresh = await h.app.inject({
      method: 'POST',
      url: '/api/token/refresh-token',
      payload: { RefreshToken: pw.json().refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().message_code).toEqual({ code: 'auth.tracker_va_only' });
  });
});
