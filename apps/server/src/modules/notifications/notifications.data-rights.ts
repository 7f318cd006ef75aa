import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  after,
  type DataScope,
  holdsAny,
  keysetBatches,
  replacedJson,
  replacedText,
} from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { notifications } from './notifications.table';

// Data export and erasure (issue 33): the notifications of a scope (a client's or VA's own); an erased person's
// notifications go, and their name and email leave the others' texts.

export const exportNotifications = (db: Db, scope: DataScope) =>
  keysetBatches((a, n) =>
    db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.organizationId, scope.organizationId),
          scope.selfId !== null ? eq(notifications.userId, scope.selfId) : undefined,
          after(notifications.id, a),
        ),
      )
      .orderBy(notifications.id)
      .limit(n),
  );

export async function eraseFromNotifications(
  tx: Tx,
  organizationId: number,
  userId: number,
  needles: string[],
  alias: string,
): Promise<void> {
  await tx
    .delete(notifications)
    .where(and(eq(notifications.organizationId, organizationId), eq(notifications.userId, userId)));
  const n = notifications;
  await tx
    .update(n)
    .set({
      title: replacedText(n.title, needles, alias),
      body: replacedText(n.body, needles, alias),
      data: replacedJson(n.data, needles, alias),
    })
    .where(and(eq(n.organizationId, organizationId), holdsAny([n.title, n.body, n.data], needles)));
}
