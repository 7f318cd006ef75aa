import type { Tx } from '../../platform/transaction';
import { auditLog } from './audit.table';

export type AuditEntry = {
  organizationId: number;
  actorId: number | null;
  action: string;
  entityType: string;
  entityId: number | null;
  before?: unknown;
  after?: unknown;
};

/** Strips secrets before a row is written to the audit log. */
function clean(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value ?? null;
  const { passwordHash: _p, password_hash: _q, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** Records one change; call it with the transaction that made the change. */
export async function audit(tx: Tx, entry: AuditEntry) {
  await tx.insert(auditLog).values({ ...entry, before: clean(entry.before), after: clean(entry.after) });
}
