// The audit module's public API: what other modules may use. Nothing else of this folder is theirs.
// Modules record changes with `audit(tx, entry)` from platform/audit-trail, not from here.

// Data export and erasure (issue 33): the data-rights module.
export { deletedPeopleBefore, eraseFromAudit, exportAudit } from './audit.data-rights';
// An entity's own history (the timesheets' detail reads it).
export { pageAudit } from './audit.repository';
