import { idParamSchema, problemSchema } from '@vahub/shared/api/problem';
import {
  teamCreateSchema,
  teamDetailSchema,
  teamPageSchema,
  teamsQuerySchema,
  teamUpdateSchema,
  userTeamsResultSchema,
  userTeamsSchema,
} from '@vahub/shared/teams/schemas';
import { z } from 'zod';
import type { App, Deps } from '../../lib/types';
import { authOf, type Guards } from '../../plugins/authenticate';
import { createTeam, deleteTeam, getTeam, listTeams, setUserTeams, updateTeam } from './teams.service';

const denied = { 401: problemSchema, 403: problemSchema, 404: problemSchema, 422: problemSchema };
const tags = ['teams'];

/** `GET /api/v1/teams` and `/teams/{id}`: any signed-in role, within the organization. */
export function teamReadRoutes(app: App, deps: Deps, guards: Guards) {
  app.get(
    '/api/v1/teams',
    {
      preHandler: guards.requireAuth,
      schema: {
        tags,
        summary: "The organization's teams (leader, member count)",
        querystring: teamsQuerySchema,
        response: { 200: teamPageSchema, ...denied },
      },
    },
    async (request) => listTeams(deps, authOf(request), request.query),
  );
  app.get(
    '/api/v1/teams/:id',
    {
      preHandler: guards.requireAuth,
      schema: {
        tags,
        summary: 'A team with its leader and members',
        params: idParamSchema,
        response: { 200: teamDetailSchema, ...denied },
      },
    },
    async (request) => getTeam(deps, authOf(request), request.params.id),
  );
}

/** Inside `/api/v1/admin-access`. */
export function adminTeamRoutes(app: App, deps: Deps) {
  app.post(
    '/teams',
    {
      schema: {
        tags,
        summary: 'Create a team',
        body: teamCreateSchema,
        response: { 201: teamDetailSchema, ...denied },
      },
    },
    async (request, reply) => reply.code(201).send(await createTeam(deps, authOf(request), request.body)),
  );
  app.patch(
    '/teams/users/:id',
    {
      schema: {
        tags,
        summary: "Set one user's teams exactly",
        params: idParamSchema,
        body: userTeamsSchema,
        response: { 200: userTeamsResultSchema, ...denied },
      },
    },
    async (request) => setUserTeams(deps, authOf(request), request.params.id, request.body.team_ids),
  );
  app.patch(
    '/teams/:id',
    {
      schema: {
        tags,
        summary: 'Rename a team, change its leader or members',
        params: idParamSchema,
        body: teamUpdateSchema,
        response: { 200: teamDetailSchema, ...denied },
      },
    },
    async (request) => updateTeam(deps, authOf(request), request.params.id, request.body),
  );
  app.delete(
    '/teams/:id',
    {
      schema: {
        tags,
        summary: 'Delete a team',
        params: idParamSchema,
        response: { 204: z.null(), ...denied },
      },
    },
    async (request, reply) => {
      await deleteTeam(deps, authOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
