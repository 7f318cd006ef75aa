import {
  organizationEndpoints,
  settingsEndpoints,
  superAdminOrganizations,
} from '@vahub/shared/organization/endpoints';
import type { ModuleContext } from '../../lib/module';
import { getOrganization, listOrganizations, listPlans, updateOrganization } from './organizations.service';
import { getSettings, updateSettings } from './settings.service';

/** The caller's organization, the plans, an admin's settings and the super admin's directory. */
export function organizationRoutes({ route, deps }: ModuleContext) {
  route(organizationEndpoints.get, (_, { viewer }) => getOrganization(deps, viewer));
  route(organizationEndpoints.plans, () => listPlans(deps));
  route(settingsEndpoints.get, (_, { viewer }) => getSettings(deps, viewer.organizationId));
  route(settingsEndpoints.update, ({ body }, { viewer }) => updateSettings(deps, viewer, body));
  route(superAdminOrganizations.list, ({ query }) => listOrganizations(deps, query));
  route(superAdminOrganizations.update, ({ params, body }, { viewer }) =>
    updateOrganization(deps, viewer, params.id, body),
  );
}
