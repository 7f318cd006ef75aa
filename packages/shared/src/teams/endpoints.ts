import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema } from '../api/problem';
import {
  teamCreateSchema,
  teamDetailSchema,
  teamPageSchema,
  teamsQuerySchema,
  teamUpdateSchema,
  userTeamsResultSchema,
  userTeamsSchema,
} from './schemas';

const ADMIN = '/api/v1/admin-access';

const teams = { resource: 'teams', tags: ['teams'] } as const;
const byId = { params: idParamSchema, errors: [404] } as const;

/**
 * Teams: every role lists the organization's teams; the detail with members is for admins and managers,
 * and for a client or VA only a team they belong to or lead (else 404). Admins change them.
 */
export const teamEndpoints = {
  list: endpoint({
    operationName: 'listTeams',
    ...teams,
    method: 'GET',
    path: '/api/v1/teams',
    access: 'teams.read',
    summary: "The organization's teams (leader, member count)",
    query: teamsQuerySchema,
    response: teamPageSchema,
  }),
  get: endpoint({
    ...teams,
    ...byId,
    method: 'GET',
    path: '/api/v1/teams/:id',
    access: 'teams.read',
    summary: 'A team with its leader and members',
    response: teamDetailSchema,
  }),
  create: endpoint({
    ...teams,
    method: 'POST',
    path: `${ADMIN}/teams`,
    access: 'teams.manage',
    summary: 'Create a team',
    body: teamCreateSchema,
    response: teamDetailSchema,
    status: 201,
  }),
  setUserTeams: endpoint({
    ...teams,
    ...byId,
    method: 'PATCH',
    path: `${ADMIN}/teams/users/:id`,
    access: 'teams.manage',
    summary: "Set one user's teams exactly",
    body: userTeamsSchema,
    response: userTeamsResultSchema,
  }),
  update: endpoint({
    ...teams,
    ...byId,
    method: 'PATCH',
    path: `${ADMIN}/teams/:id`,
    access: 'teams.manage',
    summary: 'Rename a team, change its leader or members',
    body: teamUpdateSchema,
    response: teamDetailSchema,
  }),
  remove: endpoint({
    ...teams,
    ...byId,
    method: 'DELETE',
    path: `${ADMIN}/teams/:id`,
    access: 'teams.manage',
    summary: 'Delete a team',
    response: z.null(),
    status: 204,
  }),
} as const;
