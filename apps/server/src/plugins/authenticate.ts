import { AREA_ROLES, type Area, isRole, type Role } from '@vahub/shared/auth/roles';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../lib/errors';
import type { App, Deps } from '../lib/types';
import { authSessions } from '../modules/auth/auth.table';
import { verifyAccessToken } from '../modules/auth/tokens';
import { type UserRow, users } from '../modules/people/users.table';

export type AuthContext = {
  userId: number;
  organizationId: number;
  roles: Role[];
  sessionId: string;
  user: UserRow;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Resolves the bearer token to a live session of an active user, or throws 401. */
export async function authenticate(deps: Deps, request: FastifyRequest): Promise<AuthContext> {
  if (request.auth) return request.auth;
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
  if (!token) throw unauthenticated('Sign in to continue.');
  request.auth = await authenticateToken(deps, token);
  return request.auth;
}

/** Resolves an access token (from a header or a socket's auth message) to a live session, or throws 401. */
export async function authenticateToken(deps: Deps, token: string): Promise<AuthContext> {
  const now = deps.clock.now();
  const result = await verifyAccessToken(deps.secret, token, now);
  if (!result.ok) {
    throw new AppError(
      'unauthenticated',
      result.reason === 'expired'
        ? 'Your session has expired. Please sign in again.'
        : 'Your session is not valid. Please sign in again.',
      undefined,
      { 'WWW-Authenticate': `Bearer error="invalid_token"` },
    );
  }
  const [row] = await deps.db
    .select({ user: users, sessionId: authSessions.id })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.id, result.claims.sid),
        eq(users.id, Number(result.claims.sub)),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) throw unauthenticated('Your session has ended. Please sign in again.');
  if (row.user.status !== 'active') throw unauthenticated('Your account is not active.');
  return {
    userId: row.user.id,
    organizationId: row.user.organizationId,
    roles: row.user.roles.filter(isRole),
    sessionId: row.sessionId,
    user: row.user,
  };
}

/**
 * Of these sessions, the ones still live for an active user, with the user's current roles: the same rule
 * as `authenticateToken`, checked in one query for every open socket at each realtime heartbeat.
 */
export async function liveSessions(
  deps: Deps,
  sessionIds: string[],
): Promise<Map<string, { roles: Role[] }>> {
  const live = new Map<string, { roles: Role[] }>();
  if (!sessionIds.length) return live;
  const rows = await deps.db
    .select({ id: authSessions.id, roles: users.roles })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        inArray(authSessions.id, sessionIds),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, deps.clock.now()),
        eq(users.status, 'active'),
      ),
    );
  for (const row of rows) live.set(row.id, { roles: row.roles.filter(isRole) });
  return live;
}

/** The auth context of a route that ran `requireAuth`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export function registerAuth(app: App, deps: Deps) {
  app.decorateRequest('auth', null);
  return {
    /** preHandler for any signed-in route. */
    requireAuth: async (request: FastifyRequest) => {
      await authenticate(deps, request);
    },
    /** preHandler for `/api/v1/{area}-access/*`: signed in, and holding a role of that area. */
    requireArea: (area: Area) => async (request: FastifyRequest) => {
      const auth = await authenticate(deps, request);
      const allowed = AREA_ROLES[area];
      if (!auth.roles.some((r) => allowed.includes(r))) throw forbidden();
    },
  };
}

export type Guards = ReturnType<typeof registerAuth>;
