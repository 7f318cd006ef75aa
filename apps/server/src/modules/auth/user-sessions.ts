import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../platform/transaction';
import { authSessions } from './auth.table';

/**
 * Ends every live session of a user, in the caller's transaction (so a deactivation and its sign-out
 * commit together). Answers how many sessions it ended. `at` is the caller's clock (the database's
 * time without one).
 */
export async function revokeUserSessions(tx: Tx, userId: number, reason: string, at?: Date): Promise<number> {
  const ended = await tx
    .update(authSessions)
    .set({ revokedAt: at ?? sql`now()`, revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
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
