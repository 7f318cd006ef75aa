import { msg } from '@vahub/shared/api/messages';
import { AUTH_MESSAGES, SIGNUP_MESSAGES } from '@vahub/shared/auth/messages';
import type { registerSchema } from '@vahub/shared/auth/schemas';
import type { z } from 'zod';
import { AppError, fieldError, forbidden, unauthenticated } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import { openOrganization, setOrganizationOwner } from '../organizations/public';
import {
  createAccount,
  emailInUse,
  findAccount,
  findAccountByEmail,
  markEmailVerified,
} from '../people/public';
import type { LoginLimiter } from './login-limiter';
import { hashPassword, verifyPassword } from './passwords';
import { issueTokens, startSession } from './session-start';
import { refreshTokenByHash, revokeSession, spendRefreshToken, touchSession } from './sessions.repository';
import { assertSignupAllowed } from './signup-limiter';
import { sha256 } from './tokens';
import { readVerificationToken, verificationMail } from './verification';

type Meta = { ip: string; userAgent?: string };

/** Two registrations raced past the email check; the unique index refused the second (Drizzle may wrap it). */
function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  return code(err) === '23505' || code(err instanceof Error ? err.cause : undefined) === '23505';
}

export function createAuthService(deps: Deps, limiter: LoginLimiter) {
  const { db, config, clock } = deps;

  return {
    verifyClient(clientId: string, clientSecret: string) {
      if (clientId !== config.OAUTH_WEB_CLIENT_ID || clientSecret !== config.OAUTH_WEB_CLIENT_SECRET) {
        throw new AppError('invalid_client', AUTH_MESSAGES.invalid_client);
      }
    },

    /** OAuth password grant. Same answer for an unknown email and a wrong password. */
    async passwordGrant(input: { client_id: string; username: string; password: string }, meta: Meta) {
      const email = input.username.trim().toLowerCase();
      const wait = await limiter.retryAfter(meta.ip, email);
      if (wait > 0) {
        throw new AppError(
          'rate_limited',
          msg(AUTH_MESSAGES.too_many_sign_ins, { minutes: Math.ceil(wait / 60) }),
          undefined,
          { 'Retry-After': String(wait) },
        );
      }
      const user = await findAccountByEmail(db, email);
      const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !ok) {
        await limiter.fail(meta.ip, email);
        throw new AppError('invalid_grant', AUTH_MESSAGES.invalid_grant);
      }
      if (user.status !== 'active') throw new AppError('invalid_grant', AUTH_MESSAGES.account_inactive);
      await limiter.succeed(meta.ip, email);
      return deps.transaction(({ tx }) =>
        startSession(deps, tx, user, { ...meta, clientId: input.client_id }),
      );
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
     * transaction: a registration that rolls back leaves no organization, no user and no mail.
     */
    async register(input: z.output<typeof registerSchema>, meta: Meta) {
      if (!config.REGISTRATION_ENABLED) throw forbidden(SIGNUP_MESSAGES.closed);
      await assertSignupAllowed(
        deps.rateLimits,
        meta.ip,
        config.SIGNUP_MAX_ATTEMPTS,
        config.SIGNUP_WINDOW_MINUTES,
      );
      const taken = () => fieldError('email', SIGNUP_MESSAGES.email_taken);
      if (await emailInUse(db, input.email)) throw taken();
      const passwordHash = await hashPassword(input.password);
      const company = { name: input.company_name, timezone: input.timezone };
      const billing = Boolean(config.STRIPE_SECRET_KEY);
      await deps
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
          });
          await setOrganizationOwner(uow.tx, organization.id, owner.id);
          await deps.mailer.queue(uow, await verificationMail(deps, owner));
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? taken() : err;
        });
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
