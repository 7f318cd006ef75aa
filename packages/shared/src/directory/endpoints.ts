import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema } from '../api/problem';
import {
  directoryAssociateSchema,
  directoryCreateSchema,
  directoryLinkSchema,
  directorySearchQuerySchema,
  directorySearchSchema,
  directoryStatusSchema,
  directorySyncSchema,
  directoryTestSchema,
} from './schemas';

const directory = { tags: ['directory'], resource: 'directory', access: 'users.manage' } as const;

/**
 * The spec's LDAP calls (`ldap/search`, `ldap/create`, `ldap/associate/{id}`, `ldap/{id}`) and the directory's
 * settings section. Without LDAP_URL every call but `status` answers 409 `directory_not_configured`.
 */
export const directoryEndpoints = {
  search: endpoint({
    ...directory,
    operationName: 'searchLdap',
    method: 'GET',
    path: '/api/v1/admin-access/ldap/search',
    summary: 'Directory entries with this email: DN, names, groups, and the user already linked to each',
    query: directorySearchQuerySchema,
    response: directorySearchSchema,
    errors: [409, 503],
  }),
  create: endpoint({
    ...directory,
    operationName: 'createLdapEntry',
    method: 'POST',
    path: '/api/v1/admin-access/ldap/create',
    summary:
      'Adds an inetOrgPerson entry for the user under LDAP_USERS_DN and links it (set a password next)',
    body: directoryCreateSchema,
    response: directoryLinkSchema,
    status: 201,
    errors: [404, 409, 503],
  }),
  associate: endpoint({
    ...directory,
    operationName: 'associateLdapEntry',
    method: 'PATCH',
    path: '/api/v1/admin-access/ldap/associate/:id',
    summary: 'Links user {id} to an existing directory entry (one entry, one user)',
    params: idParamSchema,
    body: directoryAssociateSchema,
    response: directoryLinkSchema,
    errors: [404, 409, 503],
  }),
  unlink: endpoint({
    ...directory,
    operationName: 'unlinkLdapEntry',
    method: 'DELETE',
    path: '/api/v1/admin-access/ldap/:id',
    summary: 'Unlinks user {id} from their directory entry (the entry stays)',
    params: idParamSchema,
    response: z.null(),
    status: 204,
    errors: [404, 409],
  }),
  link: endpoint({
    ...directory,
    operationName: 'getLdapLink',
    method: 'GET',
    path: '/api/v1/admin-access/ldap/users/:id',
    summary: "User {id}'s directory link: the DN, the entry's names and groups, the last sync",
    params: idParamSchema,
    response: directoryLinkSchema,
    errors: [404, 409],
  }),
  status: endpoint({
    ...directory,
    operationName: 'getDirectoryStatus',
    method: 'GET',
    path: '/api/v1/admin-access/directory',
    summary: "The directory's connection (never its password), group mapping and the last sync",
    response: directoryStatusSchema,
  }),
  test: endpoint({
    ...directory,
    operationName: 'testDirectoryConnection',
    method: 'POST',
    path: '/api/v1/admin-access/directory/test',
    summary: 'Connects and binds as the service account, reads the base DN; answers what happened',
    response: directoryTestSchema,
    errors: [409],
  }),
  sync: endpoint({
    ...directory,
    operationName: 'syncDirectory',
    method: 'POST',
    path: '/api/v1/admin-access/directory/sync',
    summary:
      "Syncs the organization's linked users now: gone or disabled entries deactivate, names, emails and roles follow",
    response: directorySyncSchema,
    errors: [409, 503],
  }),
} as const;
