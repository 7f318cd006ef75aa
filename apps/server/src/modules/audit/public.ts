// The audit module's public API: what other modules may use. Nothing else of this folder is theirs.
// Modules record changes with `audit(tx, entry)` from platform/audit-trail, not from here.

// An entity's own history (the timesheets' detail reads it).
export { pageAudit } from './audit.repository';
