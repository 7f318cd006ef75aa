import { describe, expect, it } from 'vitest';
import { type FetchLike, fetchCall, fetchTransport, statusOf, TransportError } from './transport';

type Call = { url: string; method: string; headers: Record<string, string>; body?: string };

/** A fetch that answers `status` with `body` and writes down each call. */
function fakeFetch(answer: { status: number; body: string } | Error) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, ...init });
    if (answer instanceof Error) throw answer;
    return { status: answer.status, ok: answer.status < 400, text: async () => answer.body };
  };
  return { calls, fetch };
}

describe('fetchCall', () => {
  it('sends the bearer token and JSON accept header, and answers the parsed body', async () => {
    const { calls, fetch } = fakeFetch({ status: 200, body: '{"ok":true}' });
    const out = await fetchCall(
      { baseUrl: 'http://x', getToken: async () => 'tok', fetch },
      { method: 'POST', path: '/p', contentType: 'application/json', body: '{}' },
    );
    expect(out).toEqual({ ok: true });
    expect(calls).toEqual([
      {
        url: 'http://x/p',
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: 'Bearer tok',
        },
        body: '{}',
      },
    ]);
  });

  it('sends no Authorization without a token and no Content-Type without a body; an empty answer is null', async () => {
    const { calls, fetch } = fakeFetch({ status: 204, body: '' });
    const out = await fetchCall(
      { baseUrl: 'http://x', getToken: () => null, fetch },
      { method: 'GET', path: '/p' },
    );
    expect(out).toBeNull();
    expect(calls[0].headers).toEqual({ Accept: 'application/json' });
  });

  it('nothing answering throws a TransportError without a status', async () => {
    const { fetch } = fakeFetch(new Error('getaddrinfo ENOTFOUND'));
    const error = await fetchCall(
      { baseUrl: 'http://x', getToken: () => 't', fetch },
      { method: 'GET', path: '/' },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({
      name: 'TransportError',
      message: 'getaddrinfo ENOTFOUND',
      status: undefined,
    });
    const thrown = await fetchCall(
      {
        baseUrl: 'http://x',
        getToken: () => 't',
        fetch: async () => {
          throw 'reset';
        },
      },
      { method: 'GET', path: '/' },
    ).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ message: 'reset', status: undefined });
  });

  it('an error answer throws its status, message and message code, or a message of its own', async () => {
    const problem = fakeFetch({
      status: 422,
      body: '{"message":"This ping lies outside the shift","message_code":{"code":"outside_shift"}}',
    });
    await expect(
      fetchCall({ baseUrl: '', getToken: () => 't', fetch: problem.fetch }, { method: 'GET', path: '/' }),
    ).rejects.toMatchObject({
      status: 422,
      message: 'This ping lies outside the shift',
      code: 'outside_shift',
    });
    const bare = fakeFetch({ status: 502, body: '' });
    await expect(
      fetchCall({ baseUrl: '', getToken: () => 't', fetch: bare.fetch }, { method: 'GET', path: '/' }),
    ).rejects.toMatchObject({ status: 502, message: 'Request failed with status 502', code: undefined });
  });

  it('a body that is not JSON throws, unless lenient (then it is the text)', async () => {
    const html = fakeFetch({ status: 200, body: '<html>proxy</html>' });
    await expect(
      fetchCall({ baseUrl: '', getToken: () => 't', fetch: html.fetch }, { method: 'GET', path: '/' }),
    ).rejects.toBeInstanceOf(SyntaxError);
    await expect(
      fetchCall(
        { baseUrl: '', getToken: () => 't', fetch: html.fetch },
        { method: 'GET', path: '/', lenient: true },
      ),
    ).resolves.toBe('<html>proxy</html>');
    const failed = fakeFetch({ status: 500, body: 'Internal error' });
    await expect(
      fetchCall(
        { baseUrl: '', getToken: () => 't', fetch: failed.fetch },
        { method: 'GET', path: '/', lenient: true },
      ),
    ).rejects.toMatchObject({ status: 500, message: 'Request failed with status 500' });
  });
});

describe('fetchTransport', () => {
  it('makes the four tracker calls and the task call on their paths with their bodies', async () => {
    const { calls, fetch } = fakeFetch({ status: 200, body: '{}' });
    const t = fetchTransport({ baseUrl: 'http://x', getToken: () => 'tok', fetch });
    await t.current();
    await t.clockIn(5);
    await t.clockIn();
    await t.clockOut(5);
    await t.sendPings(5, []);
    await t.setCurrentTask?.(5, { kind: 'task', id: 12 });
    const A = 'http://x/api/v1/va-access/attendance';
    expect(calls.map((c) => [c.method, c.url, c.body, c.headers['Content-Type']])).toEqual([
      ['GET', `${A}/current/user`, undefined, undefined],
      ['POST', `${A}/clock-in`, '{"attendance_id":5}', 'application/json'],
      ['POST', `${A}/clock-in`, '{}', 'application/json'],
      ['POST', `${A}/clock-out`, '{"attendance_id":5}', 'application/json'],
      ['POST', `${A}/pings`, '{"attendance_id":5,"pings":[]}', 'application/json'],
      ['PUT', `${A}/current-task`, '{"attendance_id":5,"task":{"kind":"task","id":12}}', 'application/json'],
    ]);
  });
});

describe('statusOf', () => {
  it('reads a numeric status from any error, and nothing else', () => {
    expect(statusOf(new TransportError('x', 404))).toBe(404);
    expect(statusOf({ status: 401 })).toBe(401);
    expect(statusOf({ status: '401' })).toBeUndefined();
    expect(statusOf(null)).toBeUndefined();
    expect(statusOf(new Error('x'))).toBeUndefined();
  });
});
