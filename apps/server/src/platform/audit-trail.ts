import type { Tx } from './transaction';

// The audit trail's port. Every module records its changes with `audit(tx, entry)` from here, so none of them
// imports the audit module (which sits above organizations and people, and reads people for its actors' names).
// The audit module registers the writer that inserts the row (modules/audit/audit.module.ts); platform/ imports
// no module.

/** One change to record, written in the transaction that made it. */
export type AuditEntry = {
  organizationId: number;
  actorId: number | null;
  action: string;
  entityType: string;
  entityId: number | null;
  before?: unknown;
  after?: unknown;
};

/** Writes one entry to the audit log, in the caller's transaction. */
export type AuditWriter = (tx: Tx, entry: AuditEntry) => Promise<void>;

let writer: AuditWriter | null = null;

/** Sets the one writer of the audit log (the audit module's, when it is loaded). */
export function registerAuditWriter(write: AuditWriter): void {
  writer = write;
}

/** Records one change; call it with the transaction that made the change. */
export async function audit(tx: Tx, entry: AuditEntry): Promise<void> {
  if (!writer) {
    throw new Error(
      'No audit writer is registered: import the audit module (modules/audit/audit.module.ts, which app.ts does) before writing an audit entry.',
    );
  }
  await writer(tx, entry);
}
