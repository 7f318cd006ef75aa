import { msg } from '@vahub/shared/api/messages';
import { INVITE_MESSAGES, type InvitationInfo } from '@vahub/shared/users/invitations';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import { organizationNames } from '../organizations/public';
import { findAccount, type Invitation, type Invitee } from '../people/public';
import { readPurposeToken, sha256, signPurposeToken } from './tokens';

const PURPOSE = 'invite';
const HOUR_MS = 3_600_000;

/**
 * The password state a link is bound to: a link names the state it was made in, so it dies the moment the
 * person has a password (accepting it, or an admin setting one). No table: the token carries it.
 */
const passwordState = (passwordHash: string | null) => sha256(`invite:${passwordHash ?? ''}`).slice(0, 24);

/**
 * A signed link for `/invite` (INVITE_TTL_HOURS) and the mail that carries it. The people module asks for it
 * through its invitation-links port (people.ports.ts), which auth.module.ts registers.
 */
export async function createInvitation(
  deps: Pick<Deps, 'config' | 'secret' | 'clock'>,
  user: Invitee,
  organizationName: string,
): Promise<Invitation> {
  const { config } = deps;
  const now = deps.clock.now();
  const token = await signPurposeToken(
    deps.secret,
    PURPOSE,
    String(user.id),
    {
      email: user.email.toLowerCase(),
      org: String(user.organizationId),
      pw: passwordState(user.passwordHash),
    },
    config.INVITE_TTL_HOURS * 3600,
    now,
  );
  const link = `${config.appUrl}/invite?token=${encodeURIComponent(token)}`;
  const names = { organization: organizationName, app: config.APP_NAME };
  const greeting = msg(INVITE_MESSAGES.mail_greeting, { name: user.firstName });
  const intro = msg(INVITE_MESSAGES.mail_intro, names);
  const expiry = msg(INVITE_MESSAGES.mail_expiry, { hours: config.INVITE_TTL_HOURS });
  return {
    link,
    expiresAt: new Date(now.getTime() + config.INVITE_TTL_HOURS * HOUR_MS),
    mail: {
      to: user.email,
      subject: msg(INVITE_MESSAGES.mail_subject, names),
      text: `${greeting}\n\n${intro}\n${link}\n\n${expiry}\n`,
      html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${link}">${INVITE_MESSAGES.mail_button}</a></p><p>${expiry}</p>`,
    },
  };
}

const refused = (message: string) => new AppError('not_found', message);

/**
 * The person a link invites, or a 404 that says why not: forged or foreign (invalid), expired, or used
 * (the person has a password since, or their address changed).
 */
export async function invitedAccount(deps: Pick<Deps, 'db' | 'secret' | 'clock'>, token: string) {
  const read = await readPurposeToken(deps.secret, PURPOSE, token, deps.clock.now());
  if (!read.ok) throw refused(read.reason === 'expired' ? INVITE_MESSAGES.expired : INVITE_MESSAGES.invalid);
  const { sub, email, org, pw } = read.payload;
  const user = sub ? await findAccount(deps.db, Number(sub)) : undefined;
  if (!user || String(user.organizationId) !== org || user.email.toLowerCase() !== email)
    throw refused(INVITE_MESSAGES.invalid);
  if (user.passwordHash !== null || passwordState(user.passwordHash) !== pw)
    throw refused(INVITE_MESSAGES.used);
  return user;
}

/** `GET invitations`: who the link is for. */
export async function invitationInfo(deps: Deps, token: string): Promise<InvitationInfo> {
  const user = await invitedAccount(deps, token);
  const names = await organizationNames(deps.db, [user.organizationId]);
  return {
    first_name: user.firstName,
    email: user.email,
    organization_name: names.get(user.organizationId) ?? '',
  };
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
