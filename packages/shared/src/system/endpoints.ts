import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { defineMessages } from '../api/messages';
import { paginated } from '../api/problem';
import { roleListSchema, tokenResponseSchema } from '../auth/schemas';
import {
  appDownloadLinksSchema,
  outboxMailSchema,
  outboxQuerySchema,
  realmSchema,
} from '../organization/schemas';
import { SYSTEM_CALLS } from './calls';
import { setupCheckSchema, setupCompleteSchema, setupTokenSchema } from './setup';

export const SYSTEM_MESSAGES = defineMessages('system', {
  database_unavailable: 'The database does not answer.',
});

const system = { tags: ['system'], resource: 'system' } as const;

/** The installation: liveness, what it offers, the roles it knows, the tracker downloads. */
export const systemEndpoints = {
  health: endpoint({
    operationName: 'getHealth',
    ...system,
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Liveness: ok once the database answers',
    response: z.object({ status: z.literal('ok') }),
    errors: [503],
  }),
  realm: endpoint({
    operationName: 'getRealm',
    ...system,
    ...SYSTEM_CALLS.realm,
    summary: 'Public facts about this installation',
    response: realmSchema,
  }),
  roles: endpoint({
    operationName: 'listRoles',
    ...system,
    method: 'GET',
    path: '/api/v1/roles',
    access: 'signed_in',
    summary: 'The roles a user can hold',
    response: roleListSchema,
  }),
  appDownloadLinks: endpoint({
    operationName: 'getAppDownloadLinks',
    ...system,
    method: 'GET',
    path: '/api/v1/config/app-download-links',
    access: 'public',
    summary: 'Download links of the desktop tracker apps',
    response: appDownloadLinksSchema,
  }),
};

/**
 * The first run: an installation without a super admin prints a one-time setup link; these endpoints read
 * it and complete it. A link that is forged or expired answers 404, a used one (a super admin exists) 409.
 */
export const setupEndpoints = {
  check: endpoint({
    ...system,
    method: 'POST',
    path: '/api/v1/setup/check',
    access: 'public',
    summary: 'Whether a setup link is still good, and the name the home organization has now',
    body: setupTokenSchema,
    response: setupCheckSchema,
    errors: [404, 409, 429],
  }),
  complete: endpoint({
    ...system,
    resource: 'session',
    method: 'POST',
    path: '/api/v1/setup',
    access: 'public',
    summary: 'Name the home organization and create the first super admin; answers a signed-in session',
    body: setupCompleteSchema,
    response: tokenResponseSchema,
    errors: [404, 409, 429],
  }),
};

/** The mail outbox: what the installation sent, or kept when no SMTP server is set. */
export const mailEndpoints = {
  outbox: endpoint({
    operationName: 'superAdminListOutbox',
    method: 'GET',
    path: '/api/v1/super-admin-access/outbox',
    access: 'outbox.read',
    resource: 'outbox',
    tags: ['mail'],
    summary: 'Mails the installation sent or kept (the dev mailbox when no SMTP is set)',
    query: outboxQuerySchema,
    response: paginated(outboxMailSchema),
  }),
};

/** The scheduled backups (issue 33): their contract lives in ./backups. */
export { backupEndpoints } from './backups';
