import { adminUsers, managerUsers, superAdminUsers } from '@vahub/shared/users/endpoints';
import { invitationEndpoints } from '@vahub/shared/users/invitations';
import type { ModuleContext } from '../../lib/module';
import { clientManagersOf, createClientAsManager, listClients } from './clients.service';
import { resendInvitation } from './invitations.service';
import {
  createUser,
  deleteUser,
  revokeSessions,
  setClientManagers,
  setUserPassword,
  updateUser,
} from './user-admin.service';
import { getUser, listAllUsers, listUsers, userOptions } from './users.service';

/** Admin area: everyone of the organization. */
export function adminUserRoutes({ route, deps }: ModuleContext) {
  const api = adminUsers;
  route(api.options, ({ query }, { viewer }) => userOptions(deps, viewer, query));
  route(api.list, ({ query }, { viewer }) => listUsers(deps, viewer, query));
  route(api.get, ({ params }, { viewer }) => getUser(deps, viewer, params.id));
  route(api.create, ({ body }, { viewer }) => createUser(deps, viewer, body));
  route(api.update, ({ params, body }, { viewer }) => updateUser(deps, viewer, params.id, body));
  route(api.remove, async ({ params }, { viewer }) => {
    await deleteUser(deps, viewer, params.id);
    return null;
  });
  route(api.setPassword, async ({ params, body }, { viewer }) => {
    await setUserPassword(deps, viewer, params.id, body.password);
    return null;
  });
  route(invitationEndpoints.resend, ({ params }, { viewer }) => resendInvitation(deps, viewer, params.id));
  route(api.revokeSessions, ({ params }, { viewer }) => revokeSessions(deps, viewer, params.id));
  route(api.setClientManagers, async ({ params, body }, { viewer }) => {
    await setClientManagers(deps, viewer, params.id, body.manager_ids);
    return clientManagersOf(deps, params.id);
  });
  route(api.clients, ({ query }, { viewer }) => listClients(deps, viewer, query));
}

/** Manager area: the people they supervise and their own clients. */
export function managerUserRoutes({ route, deps }: ModuleContext) {
  const api = managerUsers;
  route(api.list, ({ query }, { viewer }) => listUsers(deps, viewer, query));
  route(api.get, ({ params }, { viewer }) => getUser(deps, viewer, params.id));
  route(api.clients, ({ query }, { viewer }) => listClients(deps, viewer, query));
  route(api.createClient, ({ body }, { viewer }) => createClientAsManager(deps, viewer, body));
}

/** Super-admin area: people of every organization. */
export function superAdminUserRoutes({ route, deps }: ModuleContext) {
  route(superAdminUsers.list, ({ query }) => listAllUsers(deps, query));
}
