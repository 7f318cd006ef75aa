// The audit module's public API: what other modules may use. Nothing else of this folder is theirs.

// An entity's own history (the timesheets' detail reads it).
export { pageAudit } from './audit.repository';
export { type AuditEntry, audit } from './audit.service';
