import type { ModuleContext } from '../../lib/module';
import { auditRoutes } from '../audit/audit.routes';
import { organizationDirectoryRoutes } from '../organizations/organizations-directory';
import { settingsRoutes } from '../organizations/settings.routes';
import { adminClientRoutes, managerClientRoutes } from './clients.routes';
import { adminTeamRoutes, teamReadRoutes } from './teams.routes';
import { adminUserRoutes, managerUserRoutes, superAdminUserRoutes } from './users.routes';

/** People: users, clients, managers, VAs, teams, organizations, settings, audit log. */
export function registerPeople(ctx: ModuleContext) {
  const { app, deps, guards, areas } = ctx;
  teamReadRoutes(app, deps, guards);
  areas.admin.push((scope) => {
    adminUserRoutes(scope, deps);
    adminClientRoutes(scope, deps);
    adminTeamRoutes(scope, deps);
    auditRoutes(scope, deps);
    settingsRoutes(scope, deps);
  });
  areas.manager.push((scope) => {
    managerUserRoutes(scope, deps);
    managerClientRoutes(scope, deps);
  });
  areas['super-admin'].push((scope) => {
    superAdminUserRoutes(scope, deps);
    organizationDirectoryRoutes(scope, deps);
  });
}
