import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/transaction';
import { apiTokens } from './auth.table';
import { revokeUserSessions } from './user-sessions';

// Erasure (issue 33): an erased person's sessions (the desktop tracker's too) end and their API tokens are revoked.

/** In the erasure's transaction; answers how many sessions it ended. */
export async function endAllAccessOf(tx: Tx, userId: number, at: Date): Promise<number> {
  const ended = await revokeUserSessions(tx, userId, 'erased', at);
  await tx
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  return ended;
}
