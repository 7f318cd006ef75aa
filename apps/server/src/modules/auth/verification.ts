import { msg } from '@vahub/shared/api/messages';
import { MAIL_MESSAGES } from '@vahub/shared/auth/messages';
import type { Deps } from '../../lib/types';
import type { MailMessage } from '../mail/public';
import { signPurposeToken, verifyPurposeToken } from './tokens';

const PURPOSE = 'email-verify';

/**
 * The verification mail: a signed link (EMAIL_VERIFY_TTL_MINUTES) that names the user and the address, so a
 * link for an address the user has since changed fails.
 */
export async function verificationMail(
  deps: Pick<Deps, 'config' | 'secret' | 'clock'>,
  user: { id: number; email: string; firstName: string },
): Promise<MailMessage> {
  const { config } = deps;
  const token = await signPurposeToken(
    deps.secret,
    PURPOSE,
    String(user.id),
    { email: user.email.toLowerCase() },
    config.EMAIL_VERIFY_TTL_MINUTES * 60,
    deps.clock.now(),
  );
  const link = `${config.appUrl}/api/v1/email/verify?token=${encodeURIComponent(token)}`;
  const greeting = msg(MAIL_MESSAGES.verify_greeting, { name: user.firstName });
  const expiry = msg(MAIL_MESSAGES.verify_expiry, {
    hours: Math.round(config.EMAIL_VERIFY_TTL_MINUTES / 60),
  });
  return {
    to: user.email,
    subject: msg(MAIL_MESSAGES.verify_subject, { app: config.APP_NAME }),
    text: `${greeting}\n\n${MAIL_MESSAGES.verify_open_link}\n${link}\n\n${expiry}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p><a href="${link}">${MAIL_MESSAGES.verify_button}</a></p><p>${expiry}</p>`,
  };
}

/**
 * To the owner of an email someone tried to register again: they already have an account (a sign-in
 * link), and nothing changed. Sent instead of telling the one registering that the email is taken.
 */
export function existingAccountMail(
  deps: Pick<Deps, 'config'>,
  user: { email: string; firstName: string },
): MailMessage {
  const { config } = deps;
  const link = `${config.appUrl}/auth/login`;
  const greeting = msg(MAIL_MESSAGES.verify_greeting, { name: user.firstName });
  return {
    to: user.email,
    subject: msg(MAIL_MESSAGES.account_exists_subject, { app: config.APP_NAME }),
    text: `${greeting}\n\n${MAIL_MESSAGES.account_exists_text}\n${link}\n\n${MAIL_MESSAGES.account_exists_ignore}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${MAIL_MESSAGES.account_exists_text}</p><p><a href="${link}">${MAIL_MESSAGES.account_exists_button}</a></p><p>${MAIL_MESSAGES.account_exists_ignore}</p>`,
  };
}

/** The user and address a verification link names, or null for a forged, expired or foreign token. */
export async function readVerificationToken(
  deps: Pick<Deps, 'secret' | 'clock'>,
  token: string,
): Promise<{ userId: number; email: string } | null> {
  const payload = await verifyPurposeToken(deps.secret, PURPOSE, token, deps.clock.now());
  if (!payload?.sub || typeof payload.email !== 'string') return null;
  return { userId: Number(payload.sub), email: payload.email };
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
