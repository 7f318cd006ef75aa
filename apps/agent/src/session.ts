import { chmod, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TokenResponse } from '@vahub/shared/auth/schemas';
import { type FetchFn, HttpError, requestJson } from './http';

/** What `login` keeps: the server and the tokens. Written with file mode 0600 (the refresh token is a key). */
export interface Session {
  server: string;
  email: string;
  access_token: string;
  /** Milliseconds since the epoch. */
  access_expires_at: number;
  refresh_token: string;
}

/** Refreshes this long before the access token expires. */
export const REFRESH_MARGIN_MS = 60_000;

export async function readSession(path: string): Promise<Session | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Session;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes the session atomically (temporary file, fsync, rename) with mode 0600. */
export async function writeSession(path: string, session: Session): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(session, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  // The mode of `open` is masked by the umask: say it again.
  await chmod(tmp, 0o600);
  await rename(tmp, path);
}

export async function deleteSession(path: string): Promise<void> {
  await rm(path, { force: true });
}

export function sessionFrom(server: string, email: string, tokens: TokenResponse, now: number): Session {
  return {
    server,
    email,
    access_token: tokens.access_token,
    access_expires_at: now + tokens.expires_in * 1000,
    refresh_token: tokens.refresh_token,
  };
}

/** The password grant of a tracker (client id `tracker`). */
export async function passwordGrant(
  fetchFn: FetchFn,
  server: string,
  email: string,
  password: string,
): Promise<TokenResponse> {
  return requestJson<TokenResponse>(fetchFn, `${server}/oauth/token`, {
    method: 'POST',
    body: { grant_type: 'password', client_id: 'tracker', username: email, password },
  });
}

export interface TokenKeeperOptions {
  path: string;
  lockPath: string;
  fetch: FetchFn;
  now?: () => number;
  /** Called when the session is gone for good (refresh refused): the user must sign in again. */
  onSignedOut?: (reason: string) => void;
}

/**
 * Hands out a valid access token: refreshes it before it expires and after a 401, one refresh at a time.
 * Several processes share `session.json` (the running agent, `clock-in`…), and a refresh token used twice
 * signs the session out, so a refresh takes a lock file and first reads the session again: another process
 * may have refreshed already.
 */
export class TokenKeeper {
  private session: Session | null = null;
  private refreshing: Promise<Session> | null = null;
  private readonly now: () => number;

  constructor(private readonly o: TokenKeeperOptions) {
    this.now = o.now ?? Date.now;
  }

  async load(): Promise<Session | null> {
    this.session = await readSession(this.o.path);
    return this.session;
  }

  get server(): string | null {
    return this.session?.server ?? null;
  }

  /** A token valid for at least the margin, refreshing when needed; null when not signed in. */
  async getToken(): Promise<string | null> {
    const session = this.session ?? (await this.load());
    if (!session) return null;
    if (session.access_expires_at - this.now() > REFRESH_MARGIN_MS) return session.access_token;
    return (await this.refresh(session.access_token)).access_token;
  }

  /** The server refused `staleToken` (401): refresh unless someone already did. */
  async refresh(staleToken?: string): Promise<Session> {
    this.refreshing ??= this.doRefresh(staleToken).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async doRefresh(staleToken?: string): Promise<Session> {
    const release = await acquireLock(this.o.lockPath, this.now);
    try {
      const onDisk = await readSession(this.o.path);
      if (!onDisk) {
        this.o.onSignedOut?.('signed out (`vahub-agent logout`)');
        throw new HttpError('Not signed in: run `vahub-agent login` first', 401);
      }
      // Another process refreshed since this token was handed out: take its tokens.
      if (onDisk.access_token !== staleToken && onDisk.access_expires_at - this.now() > REFRESH_MARGIN_MS) {
        this.session = onDisk;
        return onDisk;
      }
      let tokens: TokenResponse;
      try {
        tokens = await requestJson<TokenResponse>(this.o.fetch, `${onDisk.server}/api/token/refresh-token`, {
          method: 'POST',
          body: { RefreshToken: onDisk.refresh_token },
        });
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) {
          this.o.onSignedOut?.(error.message);
          throw new HttpError(`The session ended (${error.message}): sign in again`, 401);
        }
        throw error;
      }
      const next = sessionFrom(onDisk.server, onDisk.email, tokens, this.now());
      await writeSession(this.o.path, next);
      this.session = next;
      return next;
    } finally {
      await release();
    }
  }
}

/** A lock file made with O_EXCL; a lock older than 15 s is a crashed holder's and is taken over. */
export async function acquireLock(path: string, now: () => number = Date.now): Promise<() => Promise<void>> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  for (let i = 0; ; i++) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const info = await stat(path).catch(() => null);
      if (info && now() - info.mtimeMs > 15_000) await rm(path, { force: true });
      else if (i > 200) throw new Error(`Another process holds ${path}`);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
