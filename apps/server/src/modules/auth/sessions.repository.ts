import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { builtOnce } from '../../db/prepared';
import { subscriptionActiveSql } from '../organizations/public';
import { activeRolesSql } from '../people/public';
import { authSessions, refreshTokens } from './auth.table';
import { sessionCache } from './session-cache';

export type SessionRow = typeof authSessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertSession(db: Db, session: typeof authSessions.$inferInsert): Promise<void> {
  await db.insert(authSessions).values(session);
}

export async function insertRefreshToken(db: Db, token: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

/** A session of this user that is neither revoked nor expired, or null. */
/** The check of every authenticated call, built once (`builtOnce`). */
const liveSessionQuery = builtOnce((db) =>
  db
    .select({
      id: authSessions.id,
      clientId: authSessions.clientId,
      organizationActive: subscriptionActiveSql(sql.placeholder('organizationId')),
    })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.id, sql.placeholder('sessionId')),
        eq(authSessions.userId, sql.placeholder('userId')),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('auth_live_session'),
);

export async function liveSession(
  db: Db,
  sessionId: string,
  userId: number,
  now: Date,
  organizationId: number,
): Promise<{ id: string; clientId: string; organizationActive: boolean } | null> {
  const [row] = await liveSessionQuery(db).execute({ sessionId, userId, now, organizationId });
  return row ?? null;
}

/** Of these sessions, the ones neither revoked nor expired whose user is active, with the user's roles. */
export async function liveSessionsAmong(
  db: Db,
  sessionIds: string[],
  now: Date,
): Promise<Array<{ id: string; roles: string[] }>> {
  if (!sessionIds.length) return [];
  const roles = activeRolesSql(authSessions.userId);
  const rows = await db
    .select({ id: authSessions.id, roles })
    .from(authSessions)
    .where(
      and(
        inArray(authSessions.id, sessionIds),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
        isNotNull(roles),
      ),
    );
  return rows.map((r) => ({ id: r.id, roles: r.roles ?? [] }));
}

/** A refresh token by its hash, with its session (spent, revoked and expired ones too: the caller judges). */
export async function refreshTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<{ token: RefreshTokenRow; session: SessionRow } | null> {
  const [row] = await db
    .select({ token: refreshTokens, session: authSessions })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Spends a refresh token unless someone else spent it first (two tabs refreshing at once); true if we did. */
export async function spendRefreshToken(db: Db, tokenId: number, now: Date): Promise<boolean> {
  const spent = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return spent.length > 0;
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(authSessions).set({ lastUsedAt: now }).where(eq(authSessions.id, sessionId));
}

/** Ends a session; its tokens are checked again from now on (also those this process had taken on trust). */
export async function revokeSession(db: Db, sessionId: string, reason: string, now: Date): Promise<void> {
  sessionCache.dropSession(sessionId);
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}
