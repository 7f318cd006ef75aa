import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageOffset } from '../../lib/pagination';
import { auditLog } from './audit.table';

export type AuditFilters = { entityType?: string; entityId?: number; actorId?: number };

/** One organization's entries, newest first. */
export async function pageAudit(
  db: Db,
  organizationId: number,
  f: AuditFilters,
  page: number,
  perPage: number,
) {
  const where = and(
    eq(auditLog.organizationId, organizationId),
    f.entityType ? eq(auditLog.entityType, f.entityType) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
