import { clientPageSchema, clientsQuerySchema } from '@vahub/shared/users/clients';
import { clientCreateSchema } from '@vahub/shared/users/payloads';
import { userDetailSchema } from '@vahub/shared/users/schemas';
import type { App, Deps } from '../../lib/types';
import { authOf } from '../../plugins/authenticate';
import { createClientAsManager, listClients, listManagedClients } from './clients.service';
import { denied } from './users.routes';

/** Inside `/api/v1/admin-access`. */
export function adminClientRoutes(app: App, deps: Deps) {
  app.get(
    '/clients',
    {
      schema: {
        tags: ['clients'],
        summary: 'Clients by status, with managers and the count of each status',
        querystring: clientsQuerySchema,
        response: { 200: clientPageSchema, ...denied },
      },
    },
    async (request) => listClients(deps, authOf(request), request.query),
  );
}

/** Inside `/api/v1/manager-access`: the manager's own clients. */
export function managerClientRoutes(app: App, deps: Deps) {
  app.get(
    '/clients',
    {
      schema: {
        tags: ['manager'],
        summary: 'Your clients by status, with the count of each status',
        querystring: clientsQuerySchema,
        response: { 200: clientPageSchema, ...denied },
      },
    },
    async (request) => listManagedClients(deps, authOf(request), request.query),
  );
  app.post(
    '/clients',
    {
      schema: {
        tags: ['manager'],
        summary: 'Add a client; you become their manager',
        body: clientCreateSchema,
        response: { 201: userDetailSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createClientAsManager(deps, authOf(request), request.body)),
  );
}
