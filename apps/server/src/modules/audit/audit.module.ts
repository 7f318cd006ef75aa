import { defineModule } from '../../lib/module';
import { auditWriterPort } from '../../platform/audit-trail';
import { auditRoutes } from './audit.routes';
import { writeAuditEntry } from './audit.service';

// The writer is registered when this module is defined (loading this file), not in `register`: whatever builds
// the app imports it (app.ts, so main, the tests' harness, the bench), so it is in place before the first request,
// job or consumer, and before any code that writes an entry without building an app. A process that never loads
// it (the seed and create-admin write no entry) gets platform/audit-trail's clear error, not a silent skip.
auditWriterPort.register(writeAuditEntry);

/** The audit log: other modules write to it through platform/audit-trail's `audit(tx, entry)`; admins read it. */
export const auditModule = defineModule({
  name: 'audit',
  register(ctx) {
    auditRoutes(ctx);
  },
});
