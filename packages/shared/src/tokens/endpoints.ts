import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema } from '../api/problem';
import { apiTokenSchema, createdTokenSchema, orgApiTokenSchema, tokenCreateSchema } from './schemas';

const tokens = { resource: 'tokens', tags: ['tokens'], sessionOnly: true } as const;
const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** Personal API tokens (issue 31): the signed-in user's own, managed from a session only. */
export const tokenEndpoints = {
  list: endpoint({
    ...tokens,
    operationName: 'listApiTokens',
    method: 'GET',
    path: '/api/v1/tokens',
    access: 'integrations.own',
    summary: 'Your personal API tokens (never the tokens themselves), newest first',
    response: listOf(apiTokenSchema),
  }),
  create: endpoint({
    ...tokens,
    operationName: 'createApiToken',
    method: 'POST',
    path: '/api/v1/tokens',
    access: 'integrations.own',
    summary: 'Creates a personal API token; the answer holds the token, shown this once (only a session may)',
    body: tokenCreateSchema,
    response: createdTokenSchema,
    status: 201,
  }),
  revoke: endpoint({
    ...tokens,
    operationName: 'revokeApiToken',
    method: 'DELETE',
    path: '/api/v1/tokens/:id',
    access: 'integrations.own',
    summary: 'Revokes one of your tokens at once',
    params: idParamSchema,
    response: z.null(),
    status: 204,
    errors: [404],
  }),
};

/** The organization's tokens, for its admins. */
export const adminTokenEndpoints = {
  list: endpoint({
    ...tokens,
    operationName: 'listOrganizationApiTokens',
    method: 'GET',
    path: '/api/v1/admin-access/tokens',
    access: 'tokens.manage',
    summary: "The organization's live personal API tokens, with their owners",
    response: listOf(orgApiTokenSchema),
  }),
  revoke: endpoint({
    ...tokens,
    operationName: 'revokeOrganizationApiToken',
    method: 'DELETE',
    path: '/api/v1/admin-access/tokens/:id',
    access: 'tokens.manage',
    summary: 'Revokes any token of the organization',
    params: idParamSchema,
    response: z.null(),
    status: 204,
    errors: [404],
  }),
};
