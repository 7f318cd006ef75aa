import { adminTokenEndpoints as admin, tokenEndpoints as api } from '@vahub/shared/tokens/endpoints';
import type { ModuleContext } from '../../lib/module';
import { createApiToken, listOrganizationTokens, listOwnTokens, revokeApiToken } from './api-tokens';

/** Personal API tokens: one's own (from a session only), and the organization's for its admins. */
export function apiTokenRoutes({ route, deps }: ModuleContext) {
  route(api.list, async (_, { viewer }) => {
    return { data: await listOwnTokens(deps, viewer) };
  });
  route(api.create, async ({ body }, { viewer, reply }) => {
    reply.header('cache-control', 'no-store');
    return createApiToken(deps, viewer, body);
  });
  route(api.revoke, async ({ params }, { viewer }) => {
    return revokeApiToken(deps, viewer, params.id, true);
  });
  route(admin.list, async (_, { viewer }) => {
    return { data: await listOrganizationTokens(deps, viewer) };
  });
  route(admin.revoke, async ({ params }, { viewer }) => {
    return revokeApiToken(deps, viewer, params.id, false);
  });
}
