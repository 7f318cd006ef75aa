import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { readSession, type Session, TokenKeeper, writeSession } from './session';

let dir: string;
let now: number;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agent-session-'));
  now = 1_000_000;
});

const session = (over: Partial<Session> = {}): Session => ({
  server: 'http://server',
  email: 'va@example.com',
  access_token: 'a1',
  access_expires_at: now + 15 * 60_000,
  refresh_token: 'r1',
  ...over,
});

/** A token endpoint that rotates: each refresh token works once. */
function tokenServer() {
  const calls: string[] = [];
  let n = 1;
  const fetchFn = (async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { RefreshToken: string };
    calls.push(body.RefreshToken);
    if (body.RefreshToken !== `r${n}`)
      return new Response(JSON.stringify({ message: 'This session was signed out' }), { status: 401 });
    n++;
    return new Response(
      JSON.stringify({
        token_type: 'Bearer',
        expires_in: 900,
        access_token: `a${n}`,
        refresh_token: `r${n}`,
      }),
    );
  }) as typeof fetch;
  return { calls, fetchFn };
}

const keeper = (fetchFn: typeof fetch, onSignedOut?: (r: string) => void) =>
  new TokenKeeper({
    path: join(dir, 'session.json'),
    lockPath: join(dir, 'session.lock'),
    fetch: fetchFn,
    now: () => now,
    onSignedOut,
  });

describe('session store', () => {
  it('keeps the tokens in a file only its owner can read (0600)', async () => {
    const path = join(dir, 'session.json');
    await writeSession(path, session());
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readSession(path)).toEqual(session());
  });

  it('hands out the stored token while it is valid, and refreshes a minute before it expires', async () => {
    await writeSession(join(dir, 'session.json'), session());
    const server = tokenServer();
    const k = keeper(server.fetchFn);
    expect(await k.getToken()).toBe('a1');
    now += 14 * 60_000 + 1;
    expect(await k.getToken()).toBe('a2');
    expect(server.calls).toEqual(['r1']);
    // The rotated tokens are on disk, still 0600, for the next command.
    expect((await readSession(join(dir, 'session.json')))?.refresh_token).toBe('r2');
  });

  it('refreshes once for concurrent 401s, and takes tokens another process refreshed meanwhile', async () => {
    await writeSession(join(dir, 'session.json'), session());
    const server = tokenServer();
    const k = keeper(server.fetchFn);
    const [a, b] = await Promise.all([k.refresh('a1'), k.refresh('a1')]);
    expect(a.access_token).toBe('a2');
    expect(b.access_token).toBe('a2');
    expect(server.calls).toEqual(['r1']);
    // A second keeper (another process) holding the old token: the disk has fresher tokens, no reuse of r1.
    const other = keeper(server.fetchFn);
    expect((await other.refresh('a1')).access_token).toBe('a2');
    expect(server.calls).toEqual(['r1']);
  });

  it('reports a session the server ended (refresh refused)', async () => {
    await writeSession(
      join(dir, 'session.json'),
      session({ refresh_token: 'revoked', access_expires_at: now }),
    );
    const reasons: string[] = [];
    const k = keeper(tokenServer().fetchFn, (r) => reasons.push(r));
    await expect(k.getToken()).rejects.toThrow(/sign in again/);
    expect(reasons).toEqual(['This session was signed out']);
  });
});

describe('signing out', () => {
  it('tells the running agent when `logout` deleted the session', async () => {
    const reasons: string[] = [];
    const k = keeper(tokenServer().fetchFn, (r) => reasons.push(r));
    await writeSession(join(dir, 'session.json'), session());
    expect(await k.getToken()).toBe('a1');
    await rm(join(dir, 'session.json'));
    await expect(k.refresh('a1')).rejects.toThrow(/Not signed in/);
    expect(reasons[0]).toMatch(/signed out/);
  });
});
