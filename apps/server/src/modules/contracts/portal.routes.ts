import { idParamSchema, paginated, paginationQuerySchema, problemSchema } from '@vahub/shared/api/problem';
import {
  contractSchema,
  scheduleListItemSchema,
  searchPageQuerySchema,
  vaOfClientSchema,
} from '@vahub/shared/contracts/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import type { App, Deps } from '../../lib/types';
import { authOf } from '../../plugins/authenticate';
import { paginateList, vasOfContracts } from './contracts.people';
import { viewerFor } from './contracts.scope';
import { contractsWithSchedules, getContract, pageOfContracts } from './contracts.service';
import { contracts } from './contracts.table';
import { allSchedules } from './schedules.service';

const denied = { 401: problemSchema, 403: problemSchema, 404: problemSchema, 422: problemSchema };
const tags = ['contracts'];

/** Client area: their contracts (not drafts), their VAs and their schedules. */
export function clientContractRoutes(scope: App, deps: Deps) {
  const viewer = (request: FastifyRequest) => viewerFor(deps.db, authOf(request), 'client');

  scope.get(
    '/contracts',
    {
      schema: {
        tags,
        summary: 'Your contracts',
        querystring: paginationQuerySchema,
        response: { 200: paginated(contractSchema), ...denied },
      },
    },
    async (request) => pageOfContracts(deps.db, (await viewer(request)).contracts, request.query, false),
  );

  scope.get(
    '/contracts/schedules',
    {
      schema: {
        tags,
        summary: 'Every schedule of your contracts',
        response: { 200: z.object({ data: z.array(scheduleListItemSchema) }), ...denied },
      },
    },
    async (request) => ({ data: await allSchedules(deps, await viewer(request)) }),
  );

  scope.get(
    '/contracts/:id',
    {
      schema: {
        tags,
        summary: 'One of your contracts with settings and schedules',
        params: idParamSchema,
        response: { 200: contractSchema, ...denied },
      },
    },
    async (request) => getContract(deps.db, await viewer(request), request.params.id),
  );

  scope.get(
    '/va-list',
    {
      schema: {
        tags,
        summary: 'Your VAs, with the contracts that link them',
        response: { 200: z.object({ data: z.array(vaOfClientSchema) }), ...denied },
      },
    },
    async (request) => ({ data: await vasOfContracts(deps.db, (await viewer(request)).contracts) }),
  );

  scope.get(
    '/va-list-paginated',
    {
      schema: {
        tags,
        summary: 'Your VAs, searchable and paginated',
        querystring: searchPageQuerySchema,
        response: { 200: paginated(vaOfClientSchema), ...denied },
      },
    },
    async (request) => {
      const vas = await vasOfContracts(deps.db, (await viewer(request)).contracts, request.query.search);
      return paginateList(vas, request.query);
    },
  );

  scope.get(
    '/user/:id',
    {
      schema: {
        tags,
        summary: 'One of your VAs',
        params: idParamSchema,
        response: { 200: vaOfClientSchema, ...denied },
      },
    },
    async (request) => {
      const v = await viewer(request);
      const [va] = await vasOfContracts(deps.db, and(v.contracts, eq(contracts.vaId, request.params.id)));
      if (!va) throw notFound('User');
      return va;
    },
  );

  scope.get(
    '/user/:id/contracts-schedules',
    {
      schema: {
        tags,
        summary: 'Your contracts with one VA, each with schedules and settings',
        params: idParamSchema,
        response: { 200: z.object({ data: z.array(contractSchema) }), ...denied },
      },
    },
    async (request) => {
      const v = await viewer(request);
      const data = await contractsWithSchedules(
        deps.db,
        and(v.contracts, eq(contracts.vaId, request.params.id)),
      );
      if (!data.length) throw notFound('User');
      return { data };
    },
  );
}

/** VA area: their own contracts (not drafts) with schedules, settings and the client. */
export function vaContractRoutes(scope: App, deps: Deps) {
  scope.get(
    '/contracts',
    {
      schema: {
        tags,
        summary: 'Your contracts with schedules and settings',
        querystring: paginationQuerySchema,
        response: { 200: paginated(contractSchema), ...denied },
      },
    },
    async (request) => {
      const v = await viewerFor(deps.db, authOf(request), 'va');
      return pageOfContracts(deps.db, v.contracts, request.query, true);
    },
  );
}
