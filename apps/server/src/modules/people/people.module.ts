import { defineModule } from '../../lib/module';
import { organizationPeoplePort } from '../organizations/public';
import { accountRoutes } from './account.routes';
import { activeUserCount, activeUserCountSql, peopleByIds } from './people.lookup';
import { teamRoutes } from './teams.routes';
import { adminUserRoutes, managerUserRoutes, superAdminUserRoutes } from './users.routes';

// Organizations (a layer below) show their seats taken and their owner: they declare what they read of people as
// a port (organizations.ports.ts) and people implements it here, when this file loads, so organizations imports
// nothing of people.
organizationPeoplePort.register({ activeUserCount, activeUserCountSql, peopleByIds });

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
