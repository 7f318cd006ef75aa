import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema } from '../api/problem';

/** What a removal answers: the mailbox that is gone, and whether its files went with it. */
export const removedMailboxSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  domain: z.string(),
  files_deleted: z.boolean(),
  removed_at: z.string(),
});
export type RemovedMailbox = z.infer<typeof removedMailboxSchema>;

/**
 * The spec's `DELETE grommunio/{id}`: removes user {id}'s mailbox on the grommunio server, with its files. 404 for
 * a user of another organization or without a mailbox; 409 `mail_accounts_not_configured` when off; 503 when the
 * mail server cannot be reached.
 */
export const mailAccountEndpoints = {
  removeMailbox: endpoint({
    operationName: 'removeUserMailbox',
    resource: 'users',
    tags: ['mail-accounts'],
    method: 'DELETE',
    path: '/api/v1/admin-access/grommunio/:id',
    access: 'users.manage',
    summary: "Remove the user's mailbox (and its files) on the grommunio mail server",
    params: idParamSchema,
    response: removedMailboxSchema,
    errors: [404, 409, 503],
  }),
};

/** Settings → single sign-on and mail accounts: what is on, the issuer and the button's name, the mail server. */
export const integrationStatusSchema = z.object({
  sso: z.object({
    enabled: z.boolean(),
    name: z.string().nullable(),
    issuer: z.string().nullable(),
    auto_create: z.boolean(),
    default_role: z.string().nullable(),
  }),
  mail_accounts: z.object({
    enabled: z.boolean(),
    server: z.string().nullable(),
    domain: z.string().nullable(),
  }),
});
export type IntegrationStatus = z.infer<typeof integrationStatusSchema>;

export const adminSignInAndMail = {
  status: endpoint({
    operationName: 'getSignInAndMailStatus',
    resource: 'settings',
    tags: ['mail-accounts'],
    method: 'GET',
    path: '/api/v1/admin-access/sign-in-and-mail',
    access: 'settings.manage',
    summary:
      'Whether single sign-on and mail accounts are on, with the issuer, button name and mail server (never a secret)',
    response: integrationStatusSchema,
  }),
};
