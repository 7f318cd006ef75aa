import { and, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { after, type DataScope, holdsAny, keysetBatches, replacedJson } from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { auditLog } from './audit.table';

// Data export and erasure (issue 33): the audit entries of a scope (a client's or VA's: what they did and what
// was done to their account); an erased person's name and email leave the entries, which keep who did what.

const entriesOf = (scope: DataScope): SQL =>
  and(
    eq(auditLog.organizationId, scope.organizationId),
    scope.selfId !== null
      ? or(
          eq(auditLog.actorId, scope.selfId),
          and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, scope.selfId)),
        )
      : undefined,
  ) as SQL;

export const exportAudit = (db: Db, scope: DataScope) =>
  keysetBatches((a, n) =>
    db
      .select()
      .from(auditLog)
      .where(and(entriesOf(scope), after(auditLog.id, a)))
      .orderBy(auditLog.id)
      .limit(n),
  );

/**
 * The entries about the person's account keep their action and time but not the row's values (their name, email,
 * phone…); every other entry of the organization has the name and email replaced by the alias.
 */
export async function eraseFromAudit(
  tx: Tx,
  organizationId: number,
  userId: number,
  needles: string[],
  alias: string,
): Promise<void> {
  const a = auditLog;
  await tx
    .update(a)
    .set({ before: { erased: alias }, after: { erased: alias } })
    .where(and(eq(a.organizationId, organizationId), eq(a.entityType, 'user'), eq(a.entityId, userId)));
  await tx
    .update(a)
    .set({ before: replacedJson(a.before, needles, alias), after: replacedJson(a.after, needles, alias) })
    .where(and(eq(a.organizationId, organizationId), holdsAny([a.before, a.after], needles)));
}

/**
 * People deleted (`user.deleted`, a user without history) before `before` whose entry still holds their snapshot:
 * the daily erasure scrubs what other rows still quote of them. An erased entry holds `{ erased }` instead.
 */
export async function deletedPeopleBefore(db: Db, before: Date) {
  const rows = await db
    .select({
      organizationId: auditLog.organizationId,
      userId: auditLog.entityId,
      snapshot: auditLog.before,
      at: auditLog.createdAt,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'user.deleted'),
        eq(auditLog.entityType, 'user'),
        lt(auditLog.createdAt, before),
        sql`${auditLog.before}->>'email' is not null`,
      ),
    );
  return rows.flatMap((r) => {
    const s = r.snapshot as { email?: unknown; first_name?: unknown; last_name?: unknown };
    return r.userId !== null && typeof s.email === 'string'
      ? [
          {
            organizationId: r.organizationId,
            userId: r.userId,
            at: r.at,
            email: s.email,
            firstName: String(s.first_name ?? ''),
            lastName: String(s.last_name ?? ''),
          },
        ]
      : [];
  });
}
