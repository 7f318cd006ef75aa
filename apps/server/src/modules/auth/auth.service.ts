import { msg } from '@vahub/shared/api/messages';
import { AUTH_MESSAGES, SIGNUP_MESSAGES } from '@vahub/shared/auth/messages';
import { type registerSchema, TRACKER_CLIENT_ID } from '@vahub/shared/auth/schemas';
import { INVITE_MESSAGES } from '@vahub/shared/users/invitations';
import type { z } from 'zod';
import { AppError, forbidden, unauthenticated } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql';
import type { Deps } from '../../lib/types';
import { openOrganization, setOrganizationOwner } from '../organizations/public';
import {
  assertPasswordAllowed,
  createAccount,
  emailInUse,
  findAccount,
  findAccountByEmail,
  hashPassword,
  markEmailVerified,
  setFirstPassword,
  verifyPassword,
  writeDirectoryPassword,
} from '../people/public';
import { autoCreateFromDirectory, directoryPasswordOk } from './directory-sign-in';
import { invitedAccount } from './invitations';
import type { LoginLimiter } from './login-limiter';
import { issueTokens, startSession } from './session-start';
import { refreshTokenByHash, revokeSession, spendRefreshToken, touchSession } from './sessions.repository';
import { assertSignupAllowed } from './signup-limiter';
import { sha256 } from './tokens';
import { existingAccountMail, readVerificationToken, verificationMail } from './verification';

type Meta = { ip: string; userAgent?: string };

/** Mails to the owner of a taken email about sign-up attempts, per day. */
const SIGNUP_NOTICES_PER_DAY = 3;

export function createAuthService(deps: Deps, limiter: LoginLimiter) {
  const { db, config, clock } = deps;

  /** Tells the owner of a taken email that someone tried to register with it (a few times a day at most). */
  async function noticeTakenEmail(email: string) {
    const owner = await findAccountByEmail(db, email.trim().toLowerCase());
    if (!owner) return;
    const allowed = await deps.rateLimits.hit(`signup-notice:${owner.id}`, SIGNUP_NOTICES_PER_DAY, 86_400);
    if (!allowed.allowed) return;
    await deps.transaction(async (uow) => deps.mailer.queue(uow, existingAccountMail(deps, owner)));
  }

  /** A new session for a person who proved who they are, and its first tokens. */
  function openSession(
    user: { id: number; organizationId: number },
    clientId: string,
    meta: Meta & { device?: { name?: string; system?: string; version?: string } },
  ) {
    return deps.transaction(({ tx }) => startSession(deps, tx, user, { ...meta, clientId }));
  }

  return {
    /** The web app proves itself with its secret; the trackers' public client has none to keep. */
    verifyClient(clientId: string, clientSecret: string | undefined) {
      if (clientId === TRACKER_CLIENT_ID && clientSecret === undefined) return;
      if (clientId !== config.OAUTH_WEB_CLIENT_ID || clientSecret !== config.OAUTH_WEB_CLIENT_SECRET) {
        throw new AppError('invalid_client', AUTH_MESSAGES.invalid_client);
      }
    },

    /** OAuth password grant. Same answer for an unknown email and a wrong password. */
    async passwordGrant(
      input: {
        client_id: string;
        username: string;
        password: string;
        device_name?: string;
        device_system?: string;
        agent_version?: string;
      },
      meta: Meta,
    ) {
      const email = input.username.trim().toLowerCase();
      // One address failing on one account is locked out of it; an account failing from everywhere is slowed
      // (never locked); an address failing on many accounts has its failures answered later (login-limiter.ts).
      const wait = await limiter.attempt(email, meta.ip);
      if (wait > 0) {
        throw new AppError(
          'rate_limited',
          msg(AUTH_MESSAGES.too_many_sign_ins, { minutes: Math.ceil(wait / 60) }),
          undefined,
          { 'Retry-After': String(wait) },
        );
      }
      await limiter.slowAccount(email);
      let user = await findAccountByEmail(db, email);
      // A linked user's password is the directory's (a bind as their entry); their local hash is never read.
      let ok = user?.ldapDn
        ? await directoryPasswordOk(deps, { ...user, ldapDn: user.ldapDn }, input.password)
        : await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user && deps.directory && config.LDAP_AUTO_CREATE) {
        user = (await autoCreateFromDirectory(deps, email, input.password)) ?? undefined;
        ok = Boolean(user);
      }
      if (!user || !ok) {
        await limiter.fail(email, meta.ip);
        throw new AppError('invalid_grant', AUTH_MESSAGES.invalid_grant);
      }
      if (user.status !== 'active') throw new AppError('invalid_grant', AUTH_MESSAGES.account_inactive);
      await limiter.succeed(email, meta.ip);
      // The tracker's public client signs in VAs only: its session tracks time, nothing else (DOMAIN.md).
      if (input.client_id === TRACKER_CLIENT_ID && !user.roles.includes('va'))
        throw new AppError('forbidden', AUTH_MESSAGES.tracker_va_only);
      // An inactive organization's people still sign in: they read and export, admins pay, the others see whom to
      // ask; its writes answer 402 (restrictions.ts).
      const device =
        input.client_id === TRACKER_CLIENT_ID
          ? { name: input.device_name, system: input.device_system, version: input.agent_version }
          : undefined;
      return openSession(user, input.client_id, { ...meta, device });
    },

    /**
     * An invited person chooses their password with the link (single use: it names the password state, and
     * the write happens only while there is none). An active account is signed in; otherwise the answer
     * says so for the sign-in page.
     */
    async acceptInvitation(input: { token: string; password: string }, meta: Meta) {
      const user = await invitedAccount(deps, input.token);
      assertPasswordAllowed(input.password, { email: user.email });
      const passwordHash = await hashPassword(input.password);
      // An invited user linked meanwhile chooses the directory's password.
      await writeDirectoryPassword(deps, user, input.password);
      const now = clock.now();
      const set = await deps.transaction(async ({ tx }) => {
        if (!(await setFirstPassword(tx, user.id, passwordHash, now))) return false;
        if (!user.emailVerifiedAt) await markEmailVerified(tx, user.id, now);
        return true;
      });
      if (!set) throw new AppError('not_found', INVITE_MESSAGES.used);
      if (user.status !== 'active') return { tokens: null, message: INVITE_MESSAGES.accepted_inactive };
      return { tokens: await openSession(user, config.OAUTH_WEB_CLIENT_ID, meta), message: null };
    },

    /** Rotates a refresh token. A token used before revokes its whole session (family). */
    async refresh(token: string) {
      const now = clock.now();
      const row = await refreshTokenByHash(db, sha256(token));
      if (!row) throw unauthenticated(AUTH_MESSAGES.session_invalid);
      const { session } = row;
      if (row.token.usedAt) {
        await revokeSession(db, session.id, 'refresh_token_reused', now);
        deps.log.warn(
          { sessionId: session.id, userId: session.userId },
          'refresh token reused: session revoked',
        );
        throw unauthenticated(AUTH_MESSAGES.session_reused);
      }
      if (session.revokedAt || row.token.expiresAt <= now || session.expiresAt <= now) {
        throw unauthenticated(AUTH_MESSAGES.session_ended);
      }
      const user = await findAccount(db, session.userId);
      if (user?.status !== 'active') throw unauthenticated(AUTH_MESSAGES.not_active);
      // A tracker's session belongs to a VA (DOMAIN.md "Trackers"): one who is no longer a VA is signed out there.
      if (session.clientId === TRACKER_CLIENT_ID && !user.roles.includes('va')) {
        await revokeSession(db, session.id, 'not_a_va', now);
        throw unauthenticated(AUTH_MESSAGES.tracker_va_only);
      }
      if (!(await spendRefreshToken(db, row.token.id, now))) {
        await revokeSession(db, session.id, 'refresh_token_reused', now);
        throw unauthenticated(AUTH_MESSAGES.session_reused);
      }
      await touchSession(db, session.id, now);
      return issueTokens(deps, db, user, session.id);
    },

    logout: (sessionId: string) => revokeSession(db, sessionId, 'logout', clock.now()),

    /**
     * Creates the organization and its owner (role admin) and queues the verification mail, all in one
     * transaction: a registration that rolls back leaves no organization, no user and no mail. Without a
     * mail server there is no link to send: the owner's email counts as verified at once.
     *
     * A taken email answers exactly as a free one (no one learns who has an account here); its owner gets
     * a mail saying someone tried, at most SIGNUP_NOTICES_PER_DAY a day. Answers the message to show.
     */
    async register(input: z.output<typeof registerSchema>, meta: Meta): Promise<string> {
      if (!config.REGISTRATION_ENABLED) throw forbidden(SIGNUP_MESSAGES.closed);
      await assertSignupAllowed(
        deps.rateLimits,
        meta.ip,
        config.SIGNUP_MAX_ATTEMPTS,
        config.SIGNUP_WINDOW_MINUTES,
      );
      assertPasswordAllowed(input.password, { email: input.email });
      const mailServer = Boolean(config.SMTP_URL);
      const answer = mailServer ? SIGNUP_MESSAGES.registered : SIGNUP_MESSAGES.registered_ready;
      // Hashed either way, so a taken email takes as long to answer as a free one.
      const passwordHash = await hashPassword(input.password);
      if (await emailInUse(db, input.email)) {
        await noticeTakenEmail(input.email);
        return answer;
      }
      const company = { name: input.company_name, timezone: input.timezone };
      const now = clock.now();
      // With billing on, a new organization is active in trial for BILLING_TRIAL_DAYS (0: none) without a card.
      const billing = config.STRIPE_SECRET_KEY
        ? {
            trialEndsAt:
              config.BILLING_TRIAL_DAYS > 0
                ? new Date(now.getTime() + config.BILLING_TRIAL_DAYS * 86_400_000)
                : null,
          }
        : null;
      const created = await deps
        .transaction(async (uow) => {
          const organization = await openOrganization(uow.tx, { ...company, billing });
          const owner = await createAccount(uow.tx, {
            organizationId: organization.id,
            email: input.email,
            passwordHash,
            firstName: input.first_name,
            lastName: input.last_name,
            timezone: input.timezone,
            roles: ['admin'],
            status: 'active',
            receivePromotions: input.receive_promotions,
            emailVerifiedAt: mailServer ? null : now,
          });
          await setOrganizationOwner(uow.tx, organization.id, owner.id);
          if (mailServer) await deps.mailer.queue(uow, await verificationMail(deps, owner));
          return true;
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) return false;
          throw err;
        });
      // Lost a race for the email: the winner owns it, and hears of this attempt like any other.
      if (!created) await noticeTakenEmail(input.email);
      return answer;
    },

    /** Mails a fresh verification link; the answer's message says which happened. */
    async sendVerification(userId: number): Promise<string> {
      const user = await findAccount(db, userId);
      if (!user) throw unauthenticated();
      if (user.emailVerifiedAt) return AUTH_MESSAGES.already_verified;
      await deps.mailer.send(await verificationMail(deps, user));
      return AUTH_MESSAGES.verification_sent;
    },

    /** True when the link is good: it must name the user's current email (verified now or before). */
    async verifyEmail(token: string): Promise<boolean> {
      const claim = token ? await readVerificationToken(deps, token) : null;
      const user = claim ? await findAccount(db, claim.userId) : undefined;
      if (!claim || user?.email.toLowerCase() !== claim.email) return false;
      if (!user.emailVerifiedAt) await markEmailVerified(db, user.id, clock.now());
      return true;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
