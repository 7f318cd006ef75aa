import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../platform/transaction';
import { authSessions } from './auth.table';
import { sessionCache } from './session-cache';

/**
 * Ends every live session of a user, in the caller's transaction (so a deactivation and its sign-out
 * commit together), but `keep` (the session of the person changing their own password). Answers how many
 * sessions it ended. `at` is the caller's clock (the database's time without one). Their access tokens are
 * refused from then on (each request checks its session) and their sockets close at the next heartbeat.
 */
export async function revokeUserSessions(
  tx: Tx,
  userId: number,
  reason: string,
  at?: Date,
  keep?: string,
): Promise<number> {
  const ended = await tx
    .update(authSessions)
    .set({ revokedAt: at ?? sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        keep ? ne(authSessions.id, keep) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  // Dropped before the commit: a request in between checks the database, where the session still lives until then.
  sessionCache.dropUser(userId);
  return ended.length;
}

/** Sign-ins of a user still live at `now` (not revoked, not expired). */
export async function activeSessionCount(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(authSessions)
    .where(
      and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)),
    );
  return row?.n ?? 0;
}
