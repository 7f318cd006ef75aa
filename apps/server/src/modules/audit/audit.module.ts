import { defineModule } from '../../lib/module';
import { auditRoutes } from './audit.routes';

/** The audit log: other modules write to it through `audit(tx, entry)`; admins read it. */
export const auditModule = defineModule({
  name: 'audit',
  register(ctx) {
    auditRoutes(ctx);
  },
});
