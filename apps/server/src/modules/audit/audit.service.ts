import type { AuditEntry as AuditEntryDto, auditQuerySchema } from '@vahub/shared/audit/schemas';
import type { z } from 'zod';
import { iso } from '../../lib/clock';
import { paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import type { AuditEntry } from '../../platform/audit-trail';
import type { Tx } from '../../platform/transaction';
import { peopleByIds } from '../people/public';
import { pageAudit } from './audit.repository';
import { auditLog } from './audit.table';

/** Strips secrets before a row is written to the audit log. */
function clean(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value ?? null;
  const { passwordHash: _p, password_hash: _q, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** The audit log's writer (platform/audit-trail's `audit` calls it): one row, in the caller's transaction. */
export async function writeAuditEntry(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, before: clean(entry.before), after: clean(entry.after) });
}

/** The viewer's organization's log, newest first, each entry with its actor's name. */
export async function listAudit(deps: Deps, viewer: Viewer, q: z.output<typeof auditQuerySchema>) {
  const { rows, total } = await pageAudit(
    deps.db,
    viewer.organizationId,
    { entityType: q.entity_type, entityId: q.entity_id, actorId: q.actor_id },
    q.page,
    q.per_page,
  );
  const actors = await peopleByIds(
    deps.db,
    rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])),
  );
  const data: AuditEntryDto[] = rows.map((entry) => {
    const actor = entry.actorId === null ? undefined : actors.get(entry.actorId);
    return {
      id: entry.id,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      actor: actor ? { id: actor.id, name: actor.name } : null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      created_at: iso(entry.createdAt) ?? '',
    };
  });
  return { data, meta: paginationMeta(q.page, q.per_page, total) };
}
