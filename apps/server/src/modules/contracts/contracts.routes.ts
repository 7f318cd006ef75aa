import {
  idParamSchema,
  messageSchema,
  paginated,
  paginationQuerySchema,
  problemSchema,
} from '@vahub/shared/api/problem';
import {
  contractCreateSchema,
  contractListQuerySchema,
  contractSchema,
  contractUpdateSchema,
  multiplyResultSchema,
  multiplySchema,
  personSummarySchema,
  searchQuerySchema,
  vaOfClientSchema,
} from '@vahub/shared/contracts/schemas';
import {
  contractSettingsPatchSchema,
  contractSettingsPutSchema,
  contractSettingsSchema,
} from '@vahub/shared/contracts/settings';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App, Deps } from '../../lib/types';
import { authOf } from '../../plugins/authenticate';
import { multiplyContract } from './contracts.multiply';
import { orgClient, orgUser, paginateList, vasNotInClientList, vasOfContracts } from './contracts.people';
import { viewerFor } from './contracts.scope';
import {
  activateContract,
  contractsWithSchedules,
  createContract,
  deleteContract,
  getContract,
  listContracts,
  pageOfContracts,
  updateContract,
  userContractsWhere,
} from './contracts.service';
import { patchSettings, putSettings } from './contracts.settings';
import { contracts } from './contracts.table';

export const denied = { 401: problemSchema, 403: problemSchema, 404: problemSchema, 422: problemSchema };
const tags = ['contracts'];

/** Admin area: contracts, their settings, and the people around them. */
export function adminContractRoutes(scope: App, deps: Deps) {
  const viewer = (request: FastifyRequest) => viewerFor(deps.db, authOf(request), 'admin');

  scope.get(
    '/contracts',
    {
      schema: {
        tags,
        summary: 'Contracts (filters va_id, client_id, status, search)',
        querystring: contractListQuerySchema,
        response: { 200: paginated(contractSchema), ...denied },
      },
    },
    async (request) => listContracts(deps, await viewer(request), request.query),
  );

  scope.post(
    '/contracts',
    {
      schema: {
        tags,
        summary: 'Create a draft contract (settings from the organization defaults)',
        body: contractCreateSchema,
        response: { 201: contractSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createContract(deps, await viewer(request), request.body)),
  );

  scope.post(
    '/contracts/settings',
    {
      schema: {
        tags,
        summary: "Create or replace a contract's settings",
        body: contractSettingsPutSchema,
        response: { 200: contractSettingsSchema, ...denied },
      },
    },
    async (request) => putSettings(deps, await viewer(request), request.body),
  );

  scope.patch(
    '/contracts/settings/:id',
    {
      schema: {
        tags,
        summary: "Change some of a contract's settings (id of the settings)",
        params: idParamSchema,
        body: contractSettingsPatchSchema,
        response: { 200: contractSettingsSchema, ...denied },
      },
    },
    async (request) => patchSettings(deps, await viewer(request), request.params.id, request.body),
  );

  scope.get(
    '/contracts/user/:id',
    {
      schema: {
        tags,
        summary: 'Contracts where the user is the VA or the client',
        params: idParamSchema,
        querystring: paginationQuerySchema,
        response: { 200: paginated(contractSchema), ...denied },
      },
    },
    async (request) => {
      const v = await viewer(request);
      await orgUser(deps.db, v, request.params.id);
      return pageOfContracts(deps.db, userContractsWhere(v, request.params.id), request.query, false);
    },
  );

  scope.get(
    '/contracts/:id',
    {
      schema: {
        tags,
        summary: 'A contract with its settings and schedules',
        params: idParamSchema,
        response: { 200: contractSchema, ...denied },
      },
    },
    async (request) => getContract(deps.db, await viewer(request), request.params.id),
  );

  scope.patch(
    '/contracts/:id',
    {
      schema: {
        tags,
        summary: 'Change a contract; `status` moves it (draft → active ⇄ paused → ended)',
        params: idParamSchema,
        body: contractUpdateSchema,
        response: { 200: contractSchema, ...denied },
      },
    },
    async (request) => updateContract(deps, await viewer(request), request.params.id, request.body),
  );

  scope.delete(
    '/contracts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a draft or ended contract',
        params: idParamSchema,
        response: { 200: messageSchema, 409: problemSchema, ...denied },
      },
    },
    async (request) => {
      await deleteContract(deps, await viewer(request), request.params.id);
      return { message: 'Contract deleted.' };
    },
  );

  scope.post(
    '/contracts/:id/activate',
    {
      schema: {
        tags,
        summary: "Activate: needs a schedule and no overlap with the VA's other active contracts",
        params: idParamSchema,
        response: { 200: contractSchema, ...denied },
      },
    },
    async (request) => activateContract(deps, await viewer(request), request.params.id),
  );

  scope.post(
    '/contracts/:id/multiply',
    {
      schema: {
        tags,
        summary: 'Copy the contract, settings and schedules as drafts, one per VA',
        params: idParamSchema,
        body: multiplySchema,
        response: { 200: multiplyResultSchema, ...denied },
      },
    },
    async (request) => multiplyContract(deps, await viewer(request), request.params.id, request.body.va_ids),
  );

  scope.get(
    '/user/:id/contracts-schedules',
    {
      schema: {
        tags,
        summary: "A user's contracts, each with schedules and settings",
        params: idParamSchema,
        response: { 200: z.object({ data: z.array(contractSchema) }), ...denied },
      },
    },
    async (request) => {
      const v = await viewer(request);
      await orgUser(deps.db, v, request.params.id);
      return { data: await contractsWithSchedules(deps.db, userContractsWhere(v, request.params.id)) };
    },
  );

  scope.get(
    '/client/:id/va-list',
    {
      schema: {
        tags,
        summary: 'VAs holding a contract with the client, with those contracts',
        params: idParamSchema,
        querystring: paginationQuerySchema.extend({ search: z.string().trim().max(100).optional() }),
        response: { 200: paginated(vaOfClientSchema), ...denied },
      },
    },
    async (request) => {
      const v = await viewer(request);
      await orgClient(deps.db, v, request.params.id);
      const where = eq(contracts.clientId, request.params.id);
      const vas = await vasOfContracts(deps.db, and(v.contracts, where), request.query.search);
      return paginateList(vas, request.query);
    },
  );

  scope.get(
    '/client/:id/search-not-in-list',
    {
      schema: {
        tags,
        summary: 'Active VAs without any contract with the client (at most 20)',
        params: idParamSchema,
        querystring: searchQuerySchema,
        response: { 200: z.object({ data: z.array(personSummarySchema) }), ...denied },
      },
    },
    async (request) => ({
      data: await vasNotInClientList(deps.db, await viewer(request), request.params.id, request.query.search),
    }),
  );
}
