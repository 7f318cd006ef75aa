import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { authSessions } from '../src/modules/auth/auth.table';
import { users } from '../src/modules/people/users.table';
import { createHarness, type Harness } from './harness';
import {
  type IssuerPerson,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  startIssuer,
  type TestIssuer,
} from './oidc-issuer';

// Sign-in by OpenID Connect against a real, certified OpenID provider (`oidc-provider`) started here on a free
// port, with its development sign-in pages driven over HTTP: the real `openid-client` adapter of platform/sso does
// the discovery, the code flow with PKCE, state and nonce, the ID token's checks and the userinfo call.
const APP_URL = 'http://app.example.test';
const CLIENT_ID = OIDC_CLIENT_ID;
const CLIENT_SECRET = OIDC_CLIENT_SECRET;

/** The issuer's accounts, by the login typed on its sign-in page. */
const people: Record<string, IssuerPerson> = {
  ada: { email: 'ada@acme.test', email_verified: true, given_name: 'Ada', family_name: 'Admin' },
  vera: { email: 'Vera@Acme.test', email_verified: true, given_name: 'Vera', family_name: 'Va' },
  ursula: { email: 'ursula@acme.test', email_verified: false, given_name: 'Ursula' },
  nina: { email: 'nina@newcomer.test', email_verified: true, given_name: 'Nina', family_name: 'New' },
  noemail: { email: '', email_verified: true },
};

let issuerHandle: TestIssuer;
let issuer: string;
let h: Harness;

beforeAll(async () => {
  issuerHandle = await startIssuer({ appUrl: APP_URL, people });
  issuer = issuerHandle.url;
  h = await createHarness({
    APP_URL,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_NAME: 'Acme ID',
    OIDC_AUTO_CREATE: 'true',
    OIDC_ORGANIZATION_ID: '1',
    OIDC_DEFAULT_ROLE: 'va',
    OIDC_TIMEOUT_MS: '2000',
  });
});
afterAll(async () => {
  await h?.close();
  await issuerHandle?.close();
});

let org: number;
beforeEach(async () => {
  await h.reset();
  org = (await h.createOrg('Acme')).id;
  await h.createUser({ email: 'ada@acme.test', roles: ['admin'], organizationId: org });
  await h.createUser({ email: 'vera@acme.test', roles: ['va'], organizationId: org });
  await h.createUser({ email: 'ursula@acme.test', roles: ['va'], organizationId: org });
});

/** Our start: the issuer's URL and the flow's cookie (name=value). */
async function start(harness = h, remember = false) {
  const res = await harness.app.inject({ url: `/api/v1/oauth/sso/start${remember ? '?remember=1' : ''}` });
  expect(res.statusCode, res.body).toBe(302);
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  return { location: String(res.headers.location), cookie: setCookie.split(';')[0] };
}

/**
 * A browser at the issuer: follows its redirects with its cookies, signs in as `login` on the development
 * sign-in page (or aborts there), consents, and answers the URL it is finally sent to (our callback).
 */
async function atIssuer(authUrl: string, login: string, opts: { abort?: boolean } = {}): Promise<string> {
  const jar = new Map<string, string>();
  let url = authUrl;
  let init: { method: string; body?: string } = { method: 'GET' };
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(APP_URL)) return url;
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair.split('=');
      if (v.join('=')) jar.set(k, v.join('='));
      else jar.delete(k);
    }
    if (res.status >= 300 && res.status < 400) {
      url = new URL(String(res.headers.get('location')), url).href;
      init = { method: 'GET' };
      continue;
    }
    const html = await res.text();
    expect(res.status, html).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no form at the issuer: ${html.slice(0, 500)}`);
    if (opts.abort) {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error('no abort link');
      url = new URL(abort, url).href;
      init = { method: 'GET' };
      continue;
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    const fields: Record<string, string> =
      prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
    init = { method: 'POST', body: new URLSearchParams(fields).toString() };
  }
  throw new Error('too many steps at the issuer');
}

/** Our callback, as the browser opens it with the flow's cookie. */
async function callback(url: string, cookie: string | null, harness = h) {
  const u = new URL(url);
  return harness.app.inject({
    url: `${u.pathname}${u.search}`,
    headers: cookie ? { cookie } : {},
  });
}

/** The whole sign-in as `login`: answers where our callback sends the browser. */
async function signIn(login: string, harness = h, remember = false) {
  const flow = await start(harness, remember);
  const back = await atIssuer(flow.location, login);
  const res = await callback(back, flow.cookie, harness);
  expect(res.statusCode, res.body).toBe(302);
  return String(res.headers.location);
}

const codeOf = (location: string) => new URLSearchParams(location.split('#')[1]).get('code') ?? '';

describe('sign-in by OpenID Connect', () => {
  it('sends the browser to the issuer with PKCE (S256), state and nonce, and keeps them in a signed cookie', async () => {
    const { location, cookie } = await start();
    const url = new URL(location);
    expect(`${url.origin}`).toBe(issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/v1/oauth/sso/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    // The verifier stays with us: the cookie is ours, not in the URL.
    expect(location).not.toContain(cookie.split('=')[1]);
  });

  it('signs an existing user in by their verified email (any case): the code trades once for tokens that work on /me', async () => {
    const location = await signIn('vera');
    expect(location).toMatch(/^\/auth\/sso#code=[\w-]+&remember=0$/);
    const code = codeOf(location);

    const exchange = await h.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/sso/exchange',
      payload: { code },
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    expect(exchange.headers['cache-control']).toBe('no-store');
    const tokens = exchange.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer' });
    expect(tokens.refresh_token).not.toBe(code);

    const me = await h.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email: 'vera@acme.test' });

    // The refresh token is a password sign-in's: it rotates.
    const refreshed = await h.app.inject({
      method: 'POST',
      url: '/api/token/refresh-token',
      payload: { RefreshToken: tokens.refresh_token },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);

    // Single use: the code again is refused (and ends that session, as a reused refresh token does).
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/sso/exchange',
      payload: { code },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('This sign-in has expired or was already used. Please sign in again.');

    const [vera] = await h.db.select().from(users).where(eq(users.email, 'vera@acme.test'));
    expect(vera.lastLoginAt).not.toBeNull();
    const sessions = await h.db.select().from(authSessions).where(eq(authSessions.userId, vera.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0].clientId).toBe('web-app');
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, org), eq(auditLog.action, 'user.signed_in_sso')));
    expect(entry).toMatchObject({ actorId: vera.id, entityId: vera.id });
    expect(entry.after).toMatchObject({ issuer, subject: 'vera' });
  });

  it('refuses a code older than a minute', async () => {
    const code = codeOf(await signIn('ada'));
    h.clock.advance(61_000);
    const res = await h.app.inject({ method: 'POST', url: '/api/v1/oauth/sso/exchange', payload: { code } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a callback whose state is not the one of its cookie (another flow, or no cookie)', async () => {
    const first = await start();
    const second = await start();
    const back = await atIssuer(first.location, 'vera');
    const crossed = await callback(back, second.cookie);
    expect(crossed.statusCode).toBe(302);
    expect(crossed.headers.location).toBe('/auth/login?sso_error=state_mismatch');
    // The callback always clears the flow's cookie.
    expect(String(crossed.headers['set-cookie'])).toMatch(/vahub_sso=; .*Max-Age=0/);
    const without = await callback(back, null);
    expect(without.headers.location).toBe('/auth/login?sso_error=state_mismatch');
    const forged = await callback(back, `${first.cookie}x`);
    expect(forged.headers.location).toBe('/auth/login?sso_error=state_mismatch');
    const [vera] = await h.db.select().from(users).where(eq(users.email, 'vera@acme.test'));
    expect(await h.db.select().from(authSessions).where(eq(authSessions.userId, vera.id))).toEqual([]);
  });

  it('refuses an email the issuer has not verified, with a clear message, even when a user has it', async () => {
    expect(await signIn('ursula')).toBe('/auth/login?sso_error=email_unverified');
    expect(await h.db.select().from(authSessions)).toEqual([]);
  });

  it('refuses an identity without an email', async () => {
    expect(await signIn('noemail')).toBe('/auth/login?sso_error=email_missing');
  });

  it('sends a refusal at the issuer back to the sign-in page', async () => {
    const flow = await start();
    const back = await atIssuer(flow.location, 'vera', { abort: true });
    expect(new URL(back).searchParams.get('error')).toBe('access_denied');
    const res = await callback(back, flow.cookie);
    expect(res.headers.location).toBe('/auth/login?sso_error=refused');
  });

  it('refuses an inactive user', async () => {
    await h.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'vera@acme.test'));
    expect(await signIn('vera')).toBe('/auth/login?sso_error=inactive');
  });

  it('creates a new user with the default role in the configured organization (auto-create), audited', async () => {
    // "Remember me" travels through the flow's cookie to the page that stores the tokens.
    const location = await signIn('nina', h, true);
    expect(location).toMatch(/^\/auth\/sso#code=[\w-]+&remember=1$/);
    const [nina] = await h.db.select().from(users).where(eq(users.email, 'nina@newcomer.test'));
    expect(nina).toMatchObject({
      organizationId: 1,
      roles: ['va'],
      status: 'active',
      firstName: 'Nina',
      lastName: 'New',
      passwordHash: null,
    });
    expect(nina.emailVerifiedAt).not.toBeNull();
    const [created] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, 1), eq(auditLog.action, 'user.created')));
    expect(created).toMatchObject({ entityId: nina.id });
    const tokens = (
      await h.app.inject({
        method: 'POST',
        url: '/api/v1/oauth/sso/exchange',
        payload: { code: codeOf(location) },
      })
    ).json();
    const me = await h.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'nina@newcomer.test' });
  });

  it('says SSO is on, with its name, in the realm', async () => {
    const realm = (await h.app.inject({ url: '/api/v1/realm' })).json();
    expect(realm).toMatchObject({ sso_enabled: true, sso_name: 'Acme ID' });
  });
});

describe('without auto-create, SSO off, the issuer down', () => {
  it('refuses a verified email that no user has when auto-create is off', async () => {
    const strict = await createHarness({
      APP_URL,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
    });
    try {
      await strict.reset();
      expect(await signIn('nina', strict)).toBe('/auth/login?sso_error=no_account');
      expect(await strict.db.select().from(users).where(eq(users.email, 'nina@newcomer.test'))).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('answers 409 sso_not_configured without OIDC_ISSUER, and the realm says it is off', async () => {
    const off = await createHarness();
    try {
      await off.reset();
      for (const [method, url, payload] of [
        ['GET', '/api/v1/oauth/sso/start', undefined],
        ['GET', '/api/v1/oauth/sso/callback?code=x&state=y', undefined],
        ['POST', '/api/v1/oauth/sso/exchange', { code: 'x' }],
      ] as const) {
        const res = await off.app.inject({ method, url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, url).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'sso_not_configured',
          message_code: { code: 'sso.not_configured' },
        });
      }
      expect((await off.app.inject({ url: '/api/v1/realm' })).json()).toMatchObject({
        sso_enabled: false,
        sso_name: null,
      });
    } finally {
      await off.close();
    }
  });

  it('sends the browser back to the sign-in page saying the provider is down when the code cannot be exchanged', async () => {
    const second = await startIssuer({ appUrl: APP_URL, people });
    const harness = await createHarness({
      APP_URL,
      OIDC_ISSUER: second.url,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_TIMEOUT_MS: '1000',
    });
    try {
      await harness.reset();
      await harness.createUser({ email: 'vera@acme.test', roles: ['va'] });
      const flow = await start(harness);
      const back = await atIssuer(flow.location, 'vera');
      await second.close();
      const res = await callback(back, flow.cookie, harness);
      expect(res.headers.location).toBe('/auth/login?sso_error=unavailable');
      expect(await harness.db.select().from(authSessions)).toEqual([]);
    } finally {
      await harness.close();
    }
  });

  it('answers a clear 503 at the start when the issuer cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadIssuer = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await createHarness({
      APP_URL,
      OIDC_ISSUER: deadIssuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_TIMEOUT_MS: '1000',
    });
    try {
      await down.reset();
      const res = await down.app.inject({ url: '/api/v1/oauth/sso/start' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'The sign-in provider cannot be reached right now. Please try again later.',
      );
    } finally {
      await down.close();
    }
  });
});
