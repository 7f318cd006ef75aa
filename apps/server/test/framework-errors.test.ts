import { connect } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => h?.close());
beforeEach(async () => {
  await h.reset();
  await h.createUser({ email: 'amy@example.com', roles: ['admin'] });
});

const isProblem = (res: { headers: Record<string, unknown>; json: () => unknown }, status: number) => {
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json()).toMatchObject({ status, request_id: expect.any(String) });
};

describe('framework errors answer problem+json', () => {
  it('a truncated JSON body is 400, on /oauth/token and elsewhere', async () => {
    for (const url of ['/oauth/token', '/api/v1/register', '/api/token/refresh-token']) {
      const res = await h.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"grant_type":"password","username":"a',
      });
      expect(res.statusCode, url).toBe(400);
      isProblem(res, 400);
      expect(res.json()).toMatchObject({ code: 'bad_request', message_code: { code: 'http.invalid_json' } });
    }
    // The token endpoint keeps RFC 6749's field for its clients.
    const token = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(token.json().error).toBe('invalid_request');
  });

  it('a form-urlencoded body with a broken escape or no fields is 422, never 500', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=%E0%A4%A',
    });
    expect(bad.statusCode).toBe(422);
    isProblem(bad, 422);
    const empty = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(empty.statusCode).toBe(422);
    isProblem(empty, 422);
  });

  it('an unknown route is 404 and a known path with another method is 405 with Allow', async () => {
    const unknown = await h.app.inject({ url: '/api/v1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    isProblem(unknown, 404);
    const wrong = await h.app.inject({ method: 'DELETE', url: '/oauth/token' });
    expect(wrong.statusCode).toBe(405);
    isProblem(wrong, 405);
    expect(wrong.headers.allow).toBe('POST');
    const param = await h.app.inject({ method: 'PUT', url: '/api/v1/files/avatars/abc.webp' });
    expect(param.statusCode).toBe(405);
    expect(String(param.headers.allow)).toContain('GET');
  });

  it('a body over the limit is 413 and an unknown content type is 415', async () => {
    const big = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(5000) }),
    });
    expect(big.statusCode).toBe(413);
    isProblem(big, 413);
    const type = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    expect(type.statusCode).toBe(415);
    isProblem(type, 415);
  });

  it('a long URL or a long path parameter is 414', async () => {
    const longQuery = await h.app.inject({ url: `/api/v1/realm?q=${'a'.repeat(9000)}` });
    expect(longQuery.statusCode, longQuery.body).toBe(414);
    isProblem(longQuery, 414);
    const longParam = await h.app.inject({ url: `/api/v1/files/avatars/${'a'.repeat(300)}.webp` });
    expect(longParam.statusCode, longParam.body).toBe(414);
    isProblem(longParam, 414);
  });

  it('a malformed URL is 400', async () => {
    const res = await h.app.inject({ url: '/api/v1/files/avatars/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    isProblem(res, 400);
  });

  it('oversized headers are 431 problem+json, written by the HTTP server', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /api/v1/realm HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      socket.on('end', () => resolve(data));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    expect(answer).toContain('application/problem+json');
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ status: 431, code: 'headers_too_large' });
  });
});

describe('bearer tokens', () => {
  it('the scheme is case-insensitive', async () => {
    const { access_token } = await h.login('amy@example.com');
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const res = await h.app.inject({
        url: '/api/v1/me',
        headers: { authorization: `${scheme} ${access_token}` },
      });
      expect(res.statusCode, scheme).toBe(200);
    }
  });

  it('refuses a token without exp, sid, sub or org with 401', async () => {
    const secret = new TextEncoder().encode('x'.repeat(48));
    const { access_token } = await h.login('amy@example.com');
    const [, payload] = access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const variants: Array<Record<string, unknown>> = [
      { ...claims, exp: undefined },
      { ...claims, sid: undefined },
      { ...claims, sub: undefined },
      { ...claims, org: undefined },
      { ...claims, org: 'one' },
    ];
    // The unchanged claims, signed the same way, are accepted: the variants fail for what they lack.
    for (const [i, c] of [claims, ...variants].entries()) {
      const body = Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined));
      const token = await new SignJWT(body).setProtectedHeader({ alg: 'HS256' }).sign(secret);
      const res = await h.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, JSON.stringify(body)).toBe(i === 0 ? 200 : 401);
    }
  });
});
