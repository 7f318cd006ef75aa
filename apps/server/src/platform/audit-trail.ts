import { definePort } from '../lib/ports';
import type { Tx } from './transaction';

// The audit trail's port. Every module records its changes with `audit(tx, entry)` from here, so none of them
// imports the audit module (which sits above organizations and people, and reads people for its actors' names).
// The audit module registers the writer that inserts the row (modules/audit/audit.module.ts); platform/ imports
// no module. A port like the modules' own (`definePort`, lib/ports.ts), kept here because every module uses it.

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

/** The one writer of the audit log: the audit module registers it when it loads. */
export const auditWriterPort = definePort<AuditWriter>('the audit trail', 'modules/audit/audit.module.ts');

/** Records one change; call it with the transaction that made the change. */
export const audit = (tx: Tx, entry: AuditEntry): Promise<void> => auditWriterPort.get()(tx, entry);
