// The audit module's public API: what other modules may use. Nothing else of this folder is theirs.
export { type AuditEntry, audit } from './audit.service';
