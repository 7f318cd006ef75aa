import { defineModule } from '../../lib/module';
import { accountRoutes } from './account.routes';
import { teamRoutes } from './teams.routes';
import { adminUserRoutes, managerUserRoutes, superAdminUserRoutes } from './users.routes';

/** People: users, clients, managers, VAs, teams, and every role's own account. */
export const peopleModule = defineModule({
  name: 'people',
  register(ctx) {
    adminUserRoutes(ctx);
    managerUserRoutes(ctx);
    superAdminUserRoutes(ctx);
    teamRoutes(ctx);
    accountRoutes(ctx);
  },
});
