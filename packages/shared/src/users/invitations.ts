import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { defineMessages } from '../api/messages';
import { idParamSchema } from '../api/problem';
import {
  confirmsPassword,
  passwordConfirmationField,
  passwordField,
  tokenResponseSchema,
} from '../auth/schemas';

/**
 * Invitations: a person an admin adds without a password receives a link (`/invite?token=…`) and chooses
 * their own. The link is signed, expires (INVITE_TTL_HOURS) and dies once the person has a password.
 */
export const INVITE_MESSAGES = defineMessages('invite', {
  invalid: 'This invitation link is not valid.',
  expired: 'This invitation link has expired. Ask your admin for a new one.',
  used: 'This invitation was already used. Sign in with the password you chose.',
  password_already_set: 'This person has already set a password.',
  accepted_inactive:
    'Your password is set. Your account is not active yet: sign in once an admin activates it.',
  mail_subject: '{{organization}} invited you to {{app}}',
  mail_greeting: 'Hello {{name}},',
  mail_intro: '{{organization}} added you to {{app}}. Choose your password by opening this link:',
  mail_button: 'Choose your password',
  mail_expiry: 'The link expires in {{hours}} hour(s) and works once.',
});

/** What an admin learns about an invitation: the link itself only when no mail server sends it. */
export const invitationResultSchema = z.object({
  /** True when the mail went to the mail queue with a mail server configured. */
  mailed: z.boolean(),
  /** The link to hand over yourself; null when it was mailed. */
  link: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitationResult = z.infer<typeof invitationResultSchema>;

export const inviteTokenQuerySchema = z.object({ token: z.string().min(1).max(2000) });

/** `GET invitations`: who the link is for. */
export const invitationInfoSchema = z.object({
  first_name: z.string(),
  email: z.string(),
  organization_name: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

export const inviteAcceptSchema = z
  .object({
    token: z.string().min(1).max(2000),
    password: passwordField,
    password_confirmation: passwordConfirmationField,
  })
  .check(confirmsPassword);
export type InviteAccept = z.input<typeof inviteAcceptSchema>;

/** Accepted: signed in (tokens), or, for an account that is not active, a message for the sign-in page. */
export const inviteAcceptResultSchema = z.object({
  tokens: tokenResponseSchema.nullable(),
  message: z.string().nullable(),
});
export type InviteAcceptResult = z.infer<typeof inviteAcceptResultSchema>;

const invitations = { resource: 'session', tags: ['invitations'] } as const;

export const invitationEndpoints = {
  check: endpoint({
    ...invitations,
    method: 'GET',
    path: '/api/v1/invitations',
    access: 'public',
    summary: 'Who an invitation link is for (404: invalid, expired or used, with the message code)',
    query: inviteTokenQuerySchema,
    response: invitationInfoSchema,
    errors: [404],
  }),
  accept: endpoint({
    ...invitations,
    method: 'POST',
    path: '/api/v1/invitations/accept',
    access: 'public',
    summary: 'Choose a password with an invitation link; signs in an active account',
    body: inviteAcceptSchema,
    response: inviteAcceptResultSchema,
    errors: [404],
  }),
  /** Admin: a new link for a person who has not chosen a password yet (mailed, or answered without SMTP). */
  resend: endpoint({
    resource: 'users',
    tags: ['users'],
    method: 'POST',
    path: '/api/v1/admin-access/user/:id/invitation',
    access: 'users.manage',
    summary: 'Send a new invitation link to a person without a password',
    params: idParamSchema,
    response: invitationResultSchema,
    errors: [404, 409],
  }),
};
