import {
  adminDataRights as admin,
  clientDataRights as client,
  vaDataRights as va,
} from '@vahub/shared/data-rights/endpoints';
import type { ModuleContext } from '../../lib/module';
import { eraseUser } from './erase.service';
import { createDataExport, readDataExport } from './export-jobs';
import { readDataRightsSettings, updateDataRightsSettings } from './settings.service';

export function registerDataRightsRoutes({ route, deps }: ModuleContext) {
  route(admin.exportOrganization, (_i, { viewer }) => createDataExport(deps, viewer, 'organization'));
  route(admin.exportJob, ({ params }, { viewer }) => readDataExport(deps, viewer, 'organization', params.id));
  route(client.exportMine, (_i, { viewer }) => createDataExport(deps, viewer, 'client'));
  route(client.exportJob, ({ params }, { viewer }) => readDataExport(deps, viewer, 'client', params.id));
  route(va.exportMe, (_i, { viewer }) => createDataExport(deps, viewer, 'va'));
  route(va.exportJob, ({ params }, { viewer }) => readDataExport(deps, viewer, 'va', params.id));
  route(admin.erase, ({ params, body }, { viewer }) => eraseUser(deps, viewer, params.id, body.confirm_name));
  route(admin.settings, (_i, { viewer }) => readDataRightsSettings(deps, viewer));
  route(admin.updateSettings, ({ body }, { viewer }) => updateDataRightsSettings(deps, viewer, body));
}
