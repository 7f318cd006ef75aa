import { idParamSchema, problemSchema } from '@vahub/shared/api/problem';
import { clientManagersResultSchema } from '@vahub/shared/users/clients';
import {
  clientManagersSchema,
  revokeSessionsResultSchema,
  userCreateSchema,
  userPasswordSchema,
  userUpdateSchema,
} from '@vahub/shared/users/payloads';
import {
  allUserPageSchema,
  allUsersQuerySchema,
  userDetailSchema,
  userOptionListSchema,
  userOptionsQuerySchema,
  userPageSchema,
  usersQuerySchema,
} from '@vahub/shared/users/schemas';
import { z } from 'zod';
import type { App, Deps } from '../../lib/types';
import { authOf } from '../../plugins/authenticate';
import {
  createUser,
  deleteUser,
  revokeUserSessions,
  setClientManagers,
  setUserPassword,
  updateUser,
} from './user-admin.service';
import { managersOfClients } from './users.repository';
import {
  getManagedUser,
  getOrgUser,
  listAllUsers,
  listManagedUsers,
  listOrgUsers,
  userOptions,
} from './users.service';

export const denied = { 401: problemSchema, 403: problemSchema, 404: problemSchema, 422: problemSchema };
const byId = { params: idParamSchema };

/** Inside `/api/v1/admin-access`. */
export function adminUserRoutes(app: App, deps: Deps) {
  const tags = ['users'];
  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Everyone of the organization, for pickers (filters: roles, role, status)',
        querystring: userOptionsQuerySchema,
        response: { 200: userOptionListSchema, ...denied },
      },
    },
    async (request) => userOptions(deps, authOf(request), request.query),
  );
  app.get(
    '/users/paginated',
    {
      schema: {
        tags,
        summary: 'Users: search, filters (roles, status, team_id), sort, pages',
        querystring: usersQuerySchema,
        response: { 200: userPageSchema, ...denied },
      },
    },
    async (request) => listOrgUsers(deps, authOf(request), request.query),
  );
  app.get(
    '/user/:id',
    {
      schema: { tags, summary: 'One user in full', ...byId, response: { 200: userDetailSchema, ...denied } },
    },
    async (request) => getOrgUser(deps, authOf(request), request.params.id),
  );
  app.post(
    '/user',
    {
      schema: {
        tags,
        summary: 'Create a user',
        body: userCreateSchema,
        response: { 201: userDetailSchema, ...denied },
      },
    },
    async (request, reply) => reply.code(201).send(await createUser(deps, authOf(request), request.body)),
  );
  app.patch(
    '/user/:id',
    {
      schema: {
        tags,
        summary: 'Update a user (roles, status, profile, teams, managers)',
        ...byId,
        body: userUpdateSchema,
        response: { 200: userDetailSchema, ...denied },
      },
    },
    async (request) => updateUser(deps, authOf(request), request.params.id, request.body),
  );
  app.delete(
    '/user/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user without history (409 otherwise: deactivate instead)',
        ...byId,
        response: { 204: z.null(), ...denied, 409: problemSchema },
      },
    },
    async (request, reply) => {
      await deleteUser(deps, authOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.patch(
    '/user-password/:id',
    {
      schema: {
        tags,
        summary: "Set a user's password",
        ...byId,
        body: userPasswordSchema,
        response: { 204: z.null(), ...denied },
      },
    },
    async (request, reply) => {
      await setUserPassword(deps, authOf(request), request.params.id, request.body.password);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/user/:id/revoke-sessions',
    {
      schema: {
        tags,
        summary: "End all of a user's sessions",
        ...byId,
        response: { 200: revokeSessionsResultSchema, ...denied },
      },
    },
    async (request) =>
      revokeUserSessions(deps, authOf(request), request.params.id, (id, reason) =>
        app.authService.revokeAllSessions(id, reason),
      ),
  );
  app.post(
    '/client/:id/managers',
    {
      schema: {
        tags: ['clients'],
        summary: "Set a client's managers exactly (an empty list clears them)",
        ...byId,
        body: clientManagersSchema,
        response: { 200: clientManagersResultSchema, ...denied },
      },
    },
    async (request) => {
      const id = request.params.id;
      await setClientManagers(deps, authOf(request), id, request.body.manager_ids);
      return { client_id: id, managers: (await managersOfClients(deps.db, [id])).get(id) ?? [] };
    },
  );
}

/** Inside `/api/v1/manager-access`: the people the manager supervises. */
export function managerUserRoutes(app: App, deps: Deps) {
  const tags = ['manager'];
  app.get(
    '/users/paginated',
    {
      schema: {
        tags,
        summary: 'The people you supervise: search, filters, sort, pages',
        querystring: usersQuerySchema,
        response: { 200: userPageSchema, ...denied },
      },
    },
    async (request) => listManagedUsers(deps, authOf(request), request.query),
  );
  app.get(
    '/user/:id',
    {
      schema: {
        tags,
        summary: 'Someone you supervise',
        ...byId,
        response: { 200: userDetailSchema, ...denied },
      },
    },
    async (request) => getManagedUser(deps, authOf(request), request.params.id),
  );
}

/** Inside `/api/v1/super-admin-access`. */
export function superAdminUserRoutes(app: App, deps: Deps) {
  app.get(
    '/users/paginated',
    {
      schema: {
        tags: ['super-admin'],
        summary: 'Users of every organization (filter organization_id)',
        querystring: allUsersQuerySchema,
        response: { 200: allUserPageSchema, ...denied },
      },
    },
    async (request) => listAllUsers(deps, request.query),
  );
}
