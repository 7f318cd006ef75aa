import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema } from '../api/problem';
import { changeOwnPasswordSchema, meSchema, profileUpdateSchema } from '../auth/schemas';
import { avatarFileParamsSchema, avatarResultSchema } from './account';
import { ACCOUNT_CALLS } from './calls';
import { clientManagersResultSchema, clientPageSchema, clientsQuerySchema } from './clients';
import { invitationResultSchema } from './invitations';
import {
  clientCreateSchema,
  clientManagersSchema,
  revokeSessionsResultSchema,
  userCreateSchema,
  userPasswordSchema,
  userUpdateSchema,
} from './payloads';
import {
  allUserPageSchema,
  allUsersQuerySchema,
  userDetailSchema,
  userOptionListSchema,
  userOptionsQuerySchema,
  userPageSchema,
  usersQuerySchema,
} from './schemas';

const ADMIN = '/api/v1/admin-access';
const MANAGER = '/api/v1/manager-access';
const SUPER = '/api/v1/super-admin-access';
const VA = '/api/v1/va-access';

const users = { resource: 'users', tags: ['users'] } as const;
const clients = { resource: 'clients', tags: ['clients'] } as const;
const account = { tags: ['account'] } as const;
const byId = { params: idParamSchema, errors: [404] } as const;

/** The admin area's people: everyone of the organization, created, changed and deleted by admins. */
export const adminUsers = {
  options: endpoint({
    ...users,
    method: 'GET',
    path: `${ADMIN}/users`,
    access: 'users.manage',
    summary: 'Everyone of the organization, for pickers (filters: roles, role, status)',
    query: userOptionsQuerySchema,
    response: userOptionListSchema,
  }),
  list: endpoint({
    ...users,
    method: 'GET',
    path: `${ADMIN}/users/paginated`,
    access: 'users.manage',
    summary: 'Users: search, filters (roles, status, team_id), sort, pages',
    query: usersQuerySchema,
    response: userPageSchema,
  }),
  get: endpoint({
    ...users,
    ...byId,
    method: 'GET',
    path: `${ADMIN}/user/:id`,
    access: 'users.manage',
    summary: 'One user in full',
    response: userDetailSchema,
  }),
  create: endpoint({
    ...users,
    method: 'POST',
    path: `${ADMIN}/user`,
    access: 'users.manage',
    summary: 'Create a user; without a password they are invited (a link to choose one)',
    body: userCreateSchema,
    // The invitation's link is answered to the creating admin only, and only when no mail server sends it.
    response: userDetailSchema.extend({ invitation: invitationResultSchema.nullable() }),
    status: 201,
  }),
  update: endpoint({
    ...users,
    ...byId,
    method: 'PATCH',
    path: `${ADMIN}/user/:id`,
    access: 'users.manage',
    summary: 'Update a user (roles, status, profile, teams, managers)',
    body: userUpdateSchema,
    response: userDetailSchema,
  }),
  remove: endpoint({
    ...users,
    method: 'DELETE',
    path: `${ADMIN}/user/:id`,
    access: 'users.manage',
    summary: 'Delete a user without history (409 otherwise: deactivate instead)',
    params: idParamSchema,
    response: z.null(),
    status: 204,
    errors: [404, 409],
  }),
  setPassword: endpoint({
    ...users,
    ...byId,
    method: 'PATCH',
    path: `${ADMIN}/user-password/:id`,
    access: 'users.manage',
    summary: "Set a user's password",
    body: userPasswordSchema,
    response: z.null(),
    status: 204,
  }),
  revokeSessions: endpoint({
    ...users,
    ...byId,
    method: 'POST',
    path: `${ADMIN}/user/:id/revoke-sessions`,
    access: 'users.manage',
    summary: "End all of a user's sessions",
    response: revokeSessionsResultSchema,
  }),
  setClientManagers: endpoint({
    ...clients,
    ...byId,
    method: 'POST',
    path: `${ADMIN}/client/:id/managers`,
    access: 'users.manage',
    summary: "Set a client's managers exactly (an empty list clears them)",
    body: clientManagersSchema,
    response: clientManagersResultSchema,
  }),
  clients: endpoint({
    ...clients,
    method: 'GET',
    path: `${ADMIN}/clients`,
    access: 'clients.read',
    summary: 'Clients by status, with managers and the count of each status',
    query: clientsQuerySchema,
    response: clientPageSchema,
  }),
} as const;

/** The manager area's people: their clients, the VAs under them and the members of teams they lead. */
export const managerUsers = {
  list: endpoint({
    ...users,
    method: 'GET',
    path: `${MANAGER}/users/paginated`,
    access: 'users.read_scoped',
    summary: 'The people you supervise: search, filters, sort, pages',
    query: usersQuerySchema,
    response: userPageSchema,
  }),
  get: endpoint({
    ...users,
    ...byId,
    method: 'GET',
    path: `${MANAGER}/user/:id`,
    access: 'users.read_scoped',
    summary: 'Someone you supervise',
    response: userDetailSchema,
  }),
  clients: endpoint({
    ...clients,
    method: 'GET',
    path: `${MANAGER}/clients`,
    access: 'clients.read',
    summary: 'Your clients by status, with the count of each status',
    query: clientsQuerySchema,
    response: clientPageSchema,
  }),
  createClient: endpoint({
    ...clients,
    method: 'POST',
    path: `${MANAGER}/clients`,
    access: 'clients.create',
    summary: 'Add a client; you become their manager',
    body: clientCreateSchema,
    response: userDetailSchema,
    status: 201,
  }),
} as const;

/** The super admin's people: every organization's. */
export const superAdminUsers = {
  list: endpoint({
    ...users,
    method: 'GET',
    path: `${SUPER}/users/paginated`,
    access: 'users.read_all_organizations',
    summary: 'Users of every organization (filter organization_id)',
    query: allUsersQuerySchema,
    response: allUserPageSchema,
  }),
} as const;

const ownProfile = {
  ...account,
  method: 'PATCH',
  resource: 'session',
  access: 'profile.update_own',
  summary: 'Update your own profile',
  body: profileUpdateSchema,
  response: meSchema,
} as const;

const ownPassword = {
  ...account,
  method: 'PATCH',
  resource: 'session',
  access: 'profile.update_own',
  summary: 'Change your own password (needs the current one)',
  body: changeOwnPasswordSchema,
  response: z.null(),
  status: 204,
} as const;

/**
 * The signed-in user's own account, for every role; the spec's VA paths (`va-access/user`,
 * `user-password`) are the same operations inside the VA area.
 */
export const accountEndpoints = {
  me: endpoint({
    operationName: 'getMe',
    ...account,
    ...ACCOUNT_CALLS.me,
    summary: 'The signed-in user',
    response: meSchema,
  }),
  updateMe: endpoint({ ...ownProfile, path: '/api/v1/me' }),
  vaUpdateMe: endpoint({ ...ownProfile, path: `${VA}/user` }),
  changePassword: endpoint({ ...ownPassword, path: '/api/v1/me/password' }),
  vaChangePassword: endpoint({ ...ownPassword, path: `${VA}/user-password` }),
  uploadAvatar: endpoint({
    ...account,
    ...byId,
    method: 'POST',
    path: '/api/v1/upload/user/:id/avatar',
    resource: 'users',
    access: 'profile.update_own',
    summary:
      'Upload an avatar (multipart field "avatar": PNG, JPEG, WebP or GIF, at most 2 MB): your own, or as an admin anyone of your organization',
    encoding: 'multipart',
    response: avatarResultSchema,
    errors: [404, 413, 415],
  }),
  avatarFile: endpoint({
    operationName: 'getAvatar',
    ...account,
    method: 'GET',
    path: '/api/v1/files/avatars/:name',
    resource: 'users',
    access: 'public',
    summary: 'An avatar image (public: random names, cached a year)',
    params: avatarFileParamsSchema,
    response: z.unknown(),
    mediaTypes: ['image/webp'],
    errors: [404],
  }),
} as const;
