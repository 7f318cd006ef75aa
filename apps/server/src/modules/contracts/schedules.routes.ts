import { idParamSchema, messageSchema, paginated, problemSchema } from '@vahub/shared/api/problem';
import {
  scheduleCreateSchema,
  scheduledShiftSchema,
  scheduledTodayQuerySchema,
  scheduleListItemSchema,
  scheduleListQuerySchema,
  scheduleUpdateSchema,
} from '@vahub/shared/contracts/schemas';
import type { FastifyRequest } from 'fastify';
import type { App, Deps } from '../../lib/types';
import { authOf } from '../../plugins/authenticate';
import { type ContractArea, viewerFor } from './contracts.scope';
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  updateSchedule,
} from './schedules.service';
import { scheduledOn } from './schedules.today';

const denied = { 401: problemSchema, 403: problemSchema, 404: problemSchema, 422: problemSchema };
const tags = ['schedules'];

/**
 * Schedules in an area: everyone lists and reads those of the contracts they see; admins and clients also
 * create, change and delete them (a client on their own contracts only).
 */
export function scheduleRoutes(scope: App, deps: Deps, area: ContractArea, opts: { write: boolean }) {
  const viewer = (request: FastifyRequest) => viewerFor(deps.db, authOf(request), area);

  scope.get(
    '/schedules',
    {
      schema: {
        tags,
        summary: 'Schedules (filters client_id, va_id, contract_id, team_id, weekday)',
        querystring: scheduleListQuerySchema,
        response: { 200: paginated(scheduleListItemSchema), ...denied },
      },
    },
    async (request) => listSchedules(deps, await viewer(request), request.query),
  );

  scope.get(
    '/schedules/:id',
    {
      schema: {
        tags,
        summary: 'One schedule block with its contract',
        params: idParamSchema,
        response: { 200: scheduleListItemSchema, ...denied },
      },
    },
    async (request) => getSchedule(deps.db, await viewer(request), request.params.id),
  );

  if (area === 'admin') {
    scope.get(
      '/scheduled-today',
      {
        schema: {
          tags,
          summary: "Shifts of active contracts on a date (the contract's local date; default today)",
          querystring: scheduledTodayQuerySchema,
          response: {
            200: paginated(scheduledShiftSchema).extend({ date: scheduledShiftSchema.shape.date }),
            ...denied,
          },
        },
      },
      async (request) => scheduledOn(deps, await viewer(request), request.query),
    );
  }

  if (!opts.write) return;

  scope.post(
    '/schedules',
    {
      schema: {
        tags,
        summary: 'Add a weekly block (weekday 0 or 7 = Sunday; end <= start runs overnight)',
        body: scheduleCreateSchema,
        response: { 201: scheduleListItemSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSchedule(deps, await viewer(request), request.body)),
  );

  scope.patch(
    '/schedules/:id',
    {
      schema: {
        tags,
        summary: 'Move or resize a block',
        params: idParamSchema,
        body: scheduleUpdateSchema,
        response: { 200: scheduleListItemSchema, ...denied },
      },
    },
    async (request) => updateSchedule(deps, await viewer(request), request.params.id, request.body),
  );

  scope.delete(
    '/schedules/:id',
    {
      schema: {
        tags,
        summary: 'Remove a block',
        params: idParamSchema,
        response: { 200: messageSchema, ...denied },
      },
    },
    async (request) => {
      await deleteSchedule(deps, await viewer(request), request.params.id);
      return { message: 'Schedule deleted.' };
    },
  );
}
