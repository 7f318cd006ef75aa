import { problemSchema } from '@vahub/shared/api/problem';
import { organizationSettingsSchema, settingsUpdateSchema } from '@vahub/shared/organization/settings';
import type { App, Deps } from '../../lib/types';
import { authOf } from '../../plugins/authenticate';
import { getSettings, updateSettings } from './settings.service';

const denied = { 401: problemSchema, 403: problemSchema, 404: problemSchema, 422: problemSchema };

/** Inside `/api/v1/admin-access`. */
export function settingsRoutes(app: App, deps: Deps) {
  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Organization name, timezone, contract defaults and subscription',
        response: { 200: organizationSettingsSchema, ...denied },
      },
    },
    async (request) => getSettings(deps, authOf(request).organizationId),
  );
  app.patch(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change the name, default timezone or contract defaults',
        body: settingsUpdateSchema,
        response: { 200: organizationSettingsSchema, ...denied },
      },
    },
    async (request) => updateSettings(deps, authOf(request), request.body),
  );
}
