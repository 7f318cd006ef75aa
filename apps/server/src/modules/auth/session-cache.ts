import type { AuthContext } from './authenticate';

/**
 * How long a tracker's checked token is taken on trust: a session revoked by another instance (or straight in the
 * database) is refused at most this long after. A revocation made by this process (logout, deactivation, a new
 * password, an admin's sign-out) drops its entries at once.
 */
export const SESSION_CACHE_MS = 5_000;

/** Entries kept at most; beyond it the oldest go (a token is re-checked, nothing else). */
const MAX_ENTRIES = 20_000;

type Entry = { auth: AuthContext; owner: object; until: number };

/**
 * The bearer tokens of tracker sessions checked in the last few seconds (`SESSION_CACHE_MS`), so a tracker's
 * calls in a burst (a replay of batches, a screenshot beside its ping) check their session once. Only tracker
 * sessions: they reach the tracker protocol alone, where a profile change seconds late changes nothing, while the
 * web app reads its own profile changes at once (`GET /me` after a save). `owner` is the app's `deps` (tests run
 * several apps in one process); `now` is the app's clock.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  get(owner: object, token: string, now: Date): AuthContext | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.owner !== owner || now.getTime() >= entry.until) {
      this.entries.delete(token);
      return null;
    }
    return entry.auth;
  }

  /** Keeps a checked tracker session until `SESSION_CACHE_MS` from now, never beyond its token's expiry. */
  put(owner: object, token: string, auth: AuthContext, now: Date, tokenExpiresAt: Date) {
    if (!auth.tracker) return;
    const until = Math.min(now.getTime() + SESSION_CACHE_MS, tokenExpiresAt.getTime());
    if (until <= now.getTime()) return;
    this.entries.delete(token);
    this.entries.set(token, { auth, owner, until });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** A session ended here (logout, refresh token reused): its tokens are checked again. */
  dropSession(sessionId: string) {
    for (const [token, entry] of this.entries)
      if (entry.auth.sessionId === sessionId) this.entries.delete(token);
  }

  /** A user's sessions ended here (deactivation, new password, an admin's sign-out): their tokens are checked again. */
  dropUser(userId: number) {
    for (const [token, entry] of this.entries) if (entry.auth.userId === userId) this.entries.delete(token);
  }
}

/** The process's cache: revocations reach it from wherever they are made (people's port, the auth service). */
export const sessionCache = new SessionCache();
