import {
  logoEndpoints,
  organizationEndpoints,
  settingsEndpoints,
  superAdminOrganizations,
} from '@vahub/shared/organization/endpoints';
import { ORGANIZATION_MESSAGES } from '@vahub/shared/organization/settings';
import { AppError, fieldError } from '../../lib/errors';
import type { ModuleContext } from '../../lib/module';
import { LOGO_NAME, LOGO_PREFIX, logoNotFound, logoTooLarge, removeLogo, saveLogo } from './logo.service';
import { getOrganization, listOrganizations, listPlans, updateOrganization } from './organizations.service';
import { getSettings, updateSettings } from './settings.service';

/** The caller's organization, the plans, an admin's settings and the super admin's directory. */
export function organizationRoutes({ route, deps }: ModuleContext) {
  route(organizationEndpoints.get, (_, { viewer }) => getOrganization(deps, viewer));
  route(organizationEndpoints.plans, () => listPlans(deps));
  route(settingsEndpoints.get, (_, { viewer }) => getSettings(deps, viewer.organizationId));
  route(settingsEndpoints.update, ({ body }, { viewer }) => updateSettings(deps, viewer, body));
  route(logoEndpoints.upload, async (_, { request, viewer }) => {
    if (!request.isMultipart())
      throw new AppError('unsupported_media_type', ORGANIZATION_MESSAGES.logo_multipart);
    const part = await request.file({ limits: { fileSize: 2 * 1024 * 1024 + 1, files: 1 } });
    if (part?.fieldname !== 'logo') throw fieldError('logo', ORGANIZATION_MESSAGES.logo_missing);
    const buffer = await part.toBuffer().catch((err: { code?: string }) => {
      throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? logoTooLarge() : err;
    });
    if (part.file.truncated) throw logoTooLarge();
    return saveLogo(deps, viewer, { buffer });
  });
  route(logoEndpoints.remove, (_, { viewer }) => removeLogo(deps, viewer));
  // Public like avatars (docs/decisions.md): a random name whose bytes never change.
  route(logoEndpoints.file, async ({ params }, { reply }) => {
    const file = LOGO_NAME.test(params.name) ? await deps.storage.get(`${LOGO_PREFIX}${params.name}`) : null;
    if (!file) throw logoNotFound();
    reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff');
    if (file.size !== null) reply.header('content-length', file.size);
    return reply.send(file.body);
  });
  route(superAdminOrganizations.list, ({ query }) => listOrganizations(deps, query));
  route(superAdminOrganizations.update, ({ params, body }, { viewer }) =>
    updateOrganization(deps, viewer, params.id, body),
  );
}
