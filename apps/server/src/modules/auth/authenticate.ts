import { AUTH_MESSAGES } from '@vahub/shared/auth/messages';
import { isRole, type Role } from '@vahub/shared/auth/roles';
import { TRACKER_CLIENT_ID } from '@vahub/shared/auth/schemas';
import type { FastifyRequest } from 'fastify';
import { AppError, unauthenticated } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import { type Account, findAccount } from '../people/public';
import { authenticateApiToken, checkTokenCall, isApiToken, type TokenRate } from './api-tokens';
import { assertCallAllowed } from './restrictions';
import { sessionCache } from './session-cache';
import { liveSession, liveSessionsAmong } from './sessions.repository';
import { verifyAccessToken } from './tokens';

/**
 * Who a request's bearer token names: a live session of an active user. It is the `RequestAuth` (`lib/ports.ts`)
 * `deps.authenticate` gives the route guard, and more.
 */
export type AuthContext = {
  userId: number;
  organizationId: number;
  roles: Role[];
  sessionId: string;
  /**
   * The session was started through the `tracker` client: it reaches only the endpoints marked `tracker`
   * (the tracker protocol and the reads a tracker needs), and the realtime socket.
   */
  tracker: boolean;
  /** The user as `GET /api/v1/me` shows them. */
  user: Account;
  /** The organization's subscription is active (else only choosing a plan is open: `restrictions.ts`). */
  organizationActive: boolean;
  /** Set when the caller is a personal API token (`vah_…`) rather than a session: its id and scopes. */
  apiToken?: { id: number; scopes: ReadonlyArray<'read' | 'write'> };
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once a guard authenticated the request; later guards reuse it. */
    auth: AuthContext | null;
    /** A personal API token's rate-limit figures, sent back as `RateLimit-*` headers. */
    tokenRate: TokenRate | null;
  }
}

/** Resolves the bearer token to a live session of an active user, or throws 401. */
export async function authenticate(deps: Deps, request: FastifyRequest): Promise<AuthContext> {
  if (request.auth) return request.auth;
  const header = request.headers.authorization;
  // The scheme is case-insensitive (RFC 9110 section 11.1): `bearer x` is as good as `Bearer x`.
  const token = header?.match(/^bearer[ \t]+(\S+)[ \t]*$/i)?.[1] ?? null;
  if (!token) throw unauthenticated(AUTH_MESSAGES.sign_in_required);
  const auth = await authenticateToken(deps, token);
  // An unverified email (with a mail server) or a suspended organization leaves only a few calls open.
  assertCallAllowed(
    {
      roles: auth.roles,
      emailVerified: Boolean(auth.user.emailVerifiedAt),
      organizationActive: auth.organizationActive,
    },
    { method: request.method, path: request.routeOptions.url ?? '' },
    Boolean(deps.config.SMTP_URL),
  );
  // A token's scope and hourly limit (a session has neither).
  if (auth.apiToken) request.tokenRate = await checkTokenCall(deps, auth, request.method);
  request.auth = auth;
  return auth;
}

/**
 * Resolves an access token (from a header or a socket's auth message) to a live session, or throws 401.
 * The token names both the session and the user, so both are read at once. A tracker session's token checked in
 * the last few seconds is taken from `sessionCache` (`session-cache.ts`: what it trusts, and for how long).
 */
export async function authenticateToken(deps: Deps, token: string): Promise<AuthContext> {
  const now = deps.clock.now();
  // A personal API token acts as its owner, as a session of theirs would (`api-tokens.ts`).
  if (isApiToken(token)) return authenticateApiToken(deps, token, now);
  const cached = sessionCache.get(deps, token, now);
  if (cached) return cached;
  const result = await verifyAccessToken(deps.secret, token, now);
  if (!result.ok) {
    throw new AppError(
      'unauthenticated',
      result.reason === 'expired' ? AUTH_MESSAGES.session_expired : AUTH_MESSAGES.session_invalid,
      undefined,
      { 'WWW-Authenticate': `Bearer error="invalid_token"` },
    );
  }
  const userId = Number(result.claims.sub);
  // The session carries the organization's status (one query), read beside the user.
  const [session, user] = await Promise.all([
    liveSession(deps.db, result.claims.sid, userId, now, result.claims.org),
    findAccount(deps.db, userId),
  ]);
  if (!session || !user || user.organizationId !== result.claims.org) {
    throw unauthenticated(AUTH_MESSAGES.session_ended);
  }
  if (user.status !== 'active') throw unauthenticated(AUTH_MESSAGES.not_active);
  const auth: AuthContext = {
    userId: user.id,
    organizationId: user.organizationId,
    roles: user.roles.filter(isRole),
    sessionId: session.id,
    tracker: session.clientId === TRACKER_CLIENT_ID,
    user,
    organizationActive: session.organizationActive,
  };
  sessionCache.put(deps, token, auth, now, result.expiresAt);
  return auth;
}

/**
 * The realtime socket's check: a session's token only. A personal API token is for HTTP calls (its scope and hourly
 * limit are counted per request), and the socket's heartbeat re-checks sessions, which a token has not.
 */
export async function authenticateSocketToken(deps: Deps, token: string): Promise<AuthContext> {
  if (isApiToken(token)) throw unauthenticated(AUTH_MESSAGES.session_invalid);
  return authenticateToken(deps, token);
}

/**
 * Of these sessions, the ones still live for an active user, with the user's current roles: the same rule
 * as `authenticateToken`, checked in one query for every open socket at each realtime heartbeat.
 */
export async function liveSessions(
  deps: Pick<Deps, 'db' | 'clock'>,
  sessionIds: string[],
): Promise<Map<string, { roles: Role[] }>> {
  const rows = await liveSessionsAmong(deps.db, sessionIds, deps.clock.now());
  return new Map(rows.map((r) => [r.id, { roles: r.roles.filter(isRole) }]));
}
