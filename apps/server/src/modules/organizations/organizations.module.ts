import { defineModule } from '../../lib/module';
import { organizationRoutes } from './organizations.routes';

/** Organizations: the caller's own, plans, settings (contract defaults), the super admin's directory. */
export const organizationsModule = defineModule({
  name: 'organizations',
  register(ctx) {
    organizationRoutes(ctx);
  },
});
