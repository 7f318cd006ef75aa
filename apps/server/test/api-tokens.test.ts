import { WS_CLOSE } from '@vahub/shared/realtime/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiTokens } from '../src/modules/auth/auth.table';
import { users } from '../src/modules/people/users.table';
import { contract, seedHomePeople } from './attendance-fixtures';
import { createHarness, type Harness } from './harness';
import { listen, TestSocket } from './realtime-helpers';

// Personal API tokens (issue 31): made from a session, shown once, stored hashed; a token acts as its owner and
// never more; `read` only reads; revoked, expired and a deactivated owner's tokens are refused; each token has an
// hourly limit (API_TOKEN_RATE_LIMIT, 5 here).

let h: Harness;
let world: Awaited<ReturnType<typeof seedHomePeople>>;

beforeAll(async () => {
  h = await createHarness({ API_TOKEN_RATE_LIMIT: '5' });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  world = await seedHomePeople(h);
  await contract(h, world.ana.id, world.mina.id, 1);
  await contract(h, world.ben.id, world.theo.id, 1);
});

type Injected = Awaited<ReturnType<Harness['app']['inject']>>;
const json = (res: Injected) => (res.body ? res.json() : null);

async function create(email: string, body: Record<string, unknown>) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/v1/tokens',
    headers: await h.bearer(email),
    payload: body,
  });
  return { status: res.statusCode, body: json(res), headers: res.headers };
}

async function tokenOf(email: string, scopes: string[] = ['read', 'write'], extra: object = {}) {
  const res = await create(email, { name: 'script', scopes, ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: number; token: string; prefix: string };
}

const withToken = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => h.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

describe('creating and listing tokens', () => {
  it('answers the token once, lists it without the token, and keeps only its hash', async () => {
    const created = await create('ana@home.test', { name: 'Payroll script', scopes: ['read'] });
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const token: string = created.body.token;
    expect(token).toMatch(/^vah_[A-Za-z0-9_-]{43}$/);
    expect(created.body).toMatchObject({ name: 'Payroll script', scopes: ['read'], expires_at: null });
    expect(token.startsWith(created.body.prefix)).toBe(true);

    const list = await h.app.inject({
      method: 'GET',
      url: '/api/v1/tokens',
      headers: await h.bearer('ana@home.test'),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.body).not.toContain(token);
    expect(list.json().data[0]).toMatchObject({
      name: 'Payroll script',
      prefix: created.body.prefix,
      last_used_at: null,
    });

    // At rest: no column of any row holds the token itself.
    const dump = await h.db.execute(sql`select row_to_json(t)::text as r from api_tokens t`);
    const text = JSON.stringify(dump);
    expect(text).not.toContain(token.slice(4));
    const [row] = await h.db.select().from(apiTokens);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // Every creation is audited.
    const audit = await h.db.execute(sql`select action from audit_log where entity_type = 'api_token'`);
    expect(JSON.stringify(audit)).toContain('api_token.created');
  });

  it('refuses a token without a name, without scopes, or expiring in the past (422)', async () => {
    expect((await create('ana@home.test', { name: ' ', scopes: ['read'] })).status).toBe(422);
    expect((await create('ana@home.test', { name: 'x', scopes: [] })).status).toBe(422);
    expect((await create('ana@home.test', { name: 'x', scopes: ['admin'] })).status).toBe(422);
    const past = await create('ana@home.test', {
      name: 'x',
      scopes: ['read'],
      expires_at: '2026-03-01T00:00:00Z',
    });
    expect(past.status).toBe(422);
    expect(past.body.errors.expires_at).toBeDefined();
  });

  it('a token cannot make, list or revoke tokens (only a session does)', async () => {
    const { token, id } = await tokenOf('ana@home.test');
    const made = await withToken(token, 'POST', '/api/v1/tokens', { name: 'child', scopes: ['write'] });
    expect(made.statusCode).toBe(403);
    expect((await withToken(token, 'GET', '/api/v1/tokens')).statusCode).toBe(403);
    expect((await withToken(token, 'DELETE', `/api/v1/tokens/${id}`)).statusCode).toBe(403);
    expect(await h.db.select().from(apiTokens)).toHaveLength(1);
  });
});

describe('a token acts as its owner', () => {
  it('reads /me as the owner and records the last use at most once a minute', async () => {
    const { token, id } = await tokenOf('ana@home.test', ['read']);
    const me = await withToken(token, 'GET', '/api/v1/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().email ?? me.json().data?.email).toBe('ana@home.test');
    const first = (await h.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0].lastUsedAt;
    expect(first?.toISOString()).toBe(h.clock.now().toISOString());

    h.clock.advance(30_000);
    await withToken(token, 'GET', '/api/v1/me');
    const second = (await h.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0].lastUsedAt;
    expect(second?.toISOString()).toBe(first?.toISOString());

    h.clock.advance(31_000);
    await withToken(token, 'GET', '/api/v1/me');
    const third = (await h.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0].lastUsedAt;
    expect(third?.toISOString()).toBe(h.clock.now().toISOString());
  });

  it("keeps the owner's scope: a client's token sees only their VAs", async () => {
    const { token } = await tokenOf('mina@home.test', ['read']);
    const res = await withToken(token, 'GET', '/api/v1/client-access/va-list');
    expect(res.statusCode).toBe(200);
    const text = res.body;
    expect(text).toContain('ana@home.test');
    expect(text).not.toContain('ben@home.test');
  });

  it("a VA's token cannot reach admin-access; an admin's can", async () => {
    const va = await tokenOf('ana@home.test');
    expect((await withToken(va.token, 'GET', '/api/v1/admin-access/tokens')).statusCode).toBe(403);
    expect((await withToken(va.token, 'GET', '/api/v1/admin-access/users')).statusCode).toBe(403);
    const admin = await tokenOf('admin@home.test', ['read']);
    expect((await withToken(admin.token, 'GET', '/api/v1/admin-access/users')).statusCode).toBe(200);
  });

  it("a read token's write is 403 insufficient_scope; a write token writes", async () => {
    const read = await tokenOf('ana@home.test', ['read']);
    const refused = await withToken(read.token, 'PATCH', '/api/v1/me', { first_name: 'Anna' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('insufficient_scope');
    const [before] = await h.db.select().from(users).where(eq(users.id, world.ana.id));
    expect(before.firstName).toBe('Ana');

    const write = await tokenOf('ana@home.test', ['write']);
    const done = await withToken(write.token, 'PATCH', '/api/v1/me', { first_name: 'Anna' });
    expect(done.statusCode).toBe(200);
    const [after] = await h.db.select().from(users).where(eq(users.id, world.ana.id));
    expect(after.firstName).toBe('Anna');
  });
});

describe('refused tokens', () => {
  it('a revoked token is 401 at once', async () => {
    const { token, id } = await tokenOf('ana@home.test');
    expect((await withToken(token, 'GET', '/api/v1/me')).statusCode).toBe(200);
    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/tokens/${id}`,
      headers: await h.bearer('ana@home.test'),
    });
    expect(del.statusCode).toBe(204);
    const res = await withToken(token, 'GET', '/api/v1/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/revoked/);
  });

  it('an expired token is 401', async () => {
    const { token } = await tokenOf('ana@home.test', ['read'], { expires_at: '2026-03-03T09:00:00Z' });
    expect((await withToken(token, 'GET', '/api/v1/me')).statusCode).toBe(200);
    h.clock.set('2026-03-03T09:00:01Z');
    const res = await withToken(token, 'GET', '/api/v1/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/);
  });

  it("a deactivated owner's token is 401", async () => {
    const { token } = await tokenOf('ana@home.test');
    await h.db.update(users).set({ status: 'inactive' }).where(eq(users.id, world.ana.id));
    expect((await withToken(token, 'GET', '/api/v1/me')).statusCode).toBe(401);
  });

  it('an unknown vah_ token is 401', async () => {
    const res = await withToken(`vah_${'A'.repeat(43)}`, 'GET', '/api/v1/me');
    expect(res.statusCode).toBe(401);
  });

  it("another user's token id is 404 on delete, and stays live", async () => {
    const { token, id } = await tokenOf('ben@home.test');
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/tokens/${id}`,
      headers: await h.bearer('ana@home.test'),
    });
    expect(res.statusCode).toBe(404);
    expect((await withToken(token, 'GET', '/api/v1/me')).statusCode).toBe(200);
  });
});

describe("admins and the organization's tokens", () => {
  it('an admin lists and revokes the tokens of their organization only', async () => {
    const ana = await tokenOf('ana@home.test');
    const gus = await tokenOf('va@else.test');
    const list = await h.app.inject({
      method: 'GET',
      url: '/api/v1/admin-access/tokens',
      headers: await h.bearer('admin@home.test'),
    });
    expect(list.statusCode).toBe(200);
    const data = list.json().data as Array<{ id: number; user: { email: string } }>;
    expect(data.map((t) => t.user.email)).toEqual(['ana@home.test']);

    const other = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin-access/tokens/${gus.id}`,
      headers: await h.bearer('admin@home.test'),
    });
    expect(other.statusCode).toBe(404);
    expect((await withToken(gus.token, 'GET', '/api/v1/me')).statusCode).toBe(200);

    const revoke = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin-access/tokens/${ana.id}`,
      headers: await h.bearer('admin@home.test'),
    });
    expect(revoke.statusCode).toBe(204);
    expect((await withToken(ana.token, 'GET', '/api/v1/me')).statusCode).toBe(401);
  });

  it("a manager may not list the organization's tokens", async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/v1/admin-access/tokens',
      headers: await h.bearer('manager@home.test'),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the rate limit', () => {
  it('answers RateLimit-* headers, then 429 with Retry-After past the hourly limit; a new hour starts over', async () => {
    h.clock.set('2026-03-02T09:59:00Z');
    const { token } = await tokenOf('ana@home.test', ['read']);
    const other = await tokenOf('ana@home.test', ['read']);
    for (let i = 1; i <= 5; i++) {
      const res = await withToken(token, 'GET', '/api/v1/me');
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('5');
      expect(res.headers['ratelimit-remaining']).toBe(String(5 - i));
      expect(res.headers['ratelimit-reset']).toBe('60');
    }
    const refused = await withToken(token, 'GET', '/api/v1/me');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // Per token: another token of the same person is not held back.
    expect((await withToken(other.token, 'GET', '/api/v1/me')).statusCode).toBe(200);
    // A session is never counted.
    const session = await h.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: await h.bearer('ana@home.test'),
    });
    expect(session.statusCode).toBe(200);
    expect(session.headers['ratelimit-limit']).toBeUndefined();

    h.clock.set('2026-03-02T10:00:00Z');
    const next = await withToken(token, 'GET', '/api/v1/me');
    expect(next.statusCode).toBe(200);
    expect(next.headers['ratelimit-remaining']).toBe('4');
  });
});

describe('the API document', () => {
  it('declares the token as a second security scheme', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['bearer', 'apiToken']);
    expect(doc.security).toEqual([{ bearer: [] }, { apiToken: [] }]);
    // Managing tokens is for sessions only: the token scheme does not apply there.
    expect(doc.paths['/api/v1/tokens'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/me'].get.security).toBeUndefined();
  });
});

describe('the realtime socket', () => {
  it('is for sessions: a personal API token is refused (4401), a session of the same person is not', async () => {
    const url = await listen(h.app);
    const { token } = await tokenOf('ana@home.test');
    const refused = await TestSocket.open(url);
    refused.send({ type: 'auth', token });
    expect(await refused.closed).toMatchObject({ code: WS_CLOSE.unauthenticated });
    const session = (await h.login('ana@home.test')).access_token;
    const { socket, ready } = await TestSocket.signedIn(url, session);
    expect(ready.user_id).toBe(world.ana.id);
    socket.close();
    await socket.closed;
  });
});
