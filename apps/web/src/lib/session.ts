import type { Me, TokenResponse } from '@vahub/shared/auth/schemas';

/** The session user of spec section 3, plus what the header shows. */
export type AuthUser = Pick<
  Me,
  'id' | 'email' | 'first_name' | 'last_name' | 'roles' | 'organization_id' | 'timezone'
>;

export interface Session {
  token: string;
  /** Expiry as Unix seconds: the spec compares token expiry in seconds. */
  tokenExpire: number;
  refreshToken: string;
  authUser: AuthUser | null;
}

export const SESSION_KEY = 'session';

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

function readFrom(storage: Storage): Session | null {
  const raw = storage.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Session;
    return typeof parsed.token === 'string' && typeof parsed.refreshToken === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** The stored session, from the persistent store first ("remember me"), then the tab's own. */
export function loadSession(): Session | null {
  return readFrom(localStorage) ?? readFrom(sessionStorage);
}

const storageHolding = (): Storage | null =>
  readFrom(localStorage) ? localStorage : readFrom(sessionStorage) ? sessionStorage : null;

export function saveSession(session: Session, persistent: boolean): void {
  clearSession();
  (persistent ? localStorage : sessionStorage).setItem(SESSION_KEY, JSON.stringify(session));
}

/** Rewrites the session in whichever store already holds it. */
export function updateSession(patch: Partial<Session>): Session | null {
  const storage = storageHolding();
  const current = loadSession();
  if (!storage || !current) return null;
  const next = { ...current, ...patch };
  storage.setItem(SESSION_KEY, JSON.stringify(next));
  return next;
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  sessionStorage.removeItem(SESSION_KEY);
}

/** Refresh when the expiry is not in the future (seconds). */
export const isTokenExpired = (session: Pick<Session, 'tokenExpire'>, now = nowSeconds()): boolean =>
  session.tokenExpire <= now;

export const tokensToSession = (
  tokens: TokenResponse,
  authUser: AuthUser | null,
  now = nowSeconds(),
): Session => ({
  token: tokens.access_token,
  tokenExpire: now + tokens.expires_in,
  refreshToken: tokens.refresh_token,
  authUser,
});
