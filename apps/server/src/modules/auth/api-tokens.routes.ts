import { adminTokenEndpoints as admin, tokenEndpoints as api } from '@vahub/shared/tokens/endpoints';
import type { ModuleContext } from '../../lib/module';
import {
  assertSession,
  createApiToken,
  listOrganizationTokens,
  listOwnTokens,
  revokeApiToken,
} from './api-tokens';

/** Personal API tokens: one's own (from a session only), and the organization's for its admins. */
export function apiTokenRoutes({ route, deps }: ModuleContext) {
  route(api.list, async (_, { viewer, request }) => {
    assertSession(request.auth);
    return { data: await listOwnTokens(deps, viewer) };
  });
  route(api.create, async ({ body }, { viewer, request, reply }) => {
    assertSession(request.auth);
    reply.header('cache-control', 'no-store');
    return createApiToken(deps, viewer, body);
  });
  route(api.revoke, async ({ params }, { viewer, request }) => {
    assertSession(request.auth);
    return revokeApiToken(deps, viewer, params.id, true);
  });
  route(admin.list, async (_, { viewer, request }) => {
    assertSession(request.auth);
    return { data: await listOrganizationTokens(deps, viewer) };
  });
  route(admin.revoke, async ({ params }, { viewer, request }) => {
    assertSession(request.auth);
    return revokeApiToken(deps, viewer, params.id, false);
  });
}
