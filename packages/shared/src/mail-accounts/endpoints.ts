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
