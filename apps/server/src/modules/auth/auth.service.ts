import { randomUUID } from 'node:crypto';
import {
  type RegisterInput,
  type registerSchema,
  SIGNUP_MESSAGES,
  type TokenResponse,
} from '@vahub/shared/auth/schemas';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, fieldError, unauthenticated } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import { organizations, plans } from '../organizations/organizations.table';
import { users } from '../people/users.table';
import { authSessions, refreshTokens } from './auth.table';
import type { LoginLimiter } from './login-limiter';
import { hashPassword, verifyPassword } from './passwords';
import { assertSignupAllowed } from './signup-limiter';
import { newOpaqueToken, sha256, signAccessToken, signPurposeToken, verifyPurposeToken } from './tokens';

type Meta = { ip: string; userAgent?: string };

const INVALID_GRANT = 'The email or password is incorrect.';
const VERIFY_PURPOSE = 'email-verify';

export function createAuthService(deps: Deps, limiter: LoginLimiter) {
  const { db, config, clock } = deps;

  async function issueTokens(
    userId: number,
    organizationId: number,
    sessionId: string,
  ): Promise<TokenResponse> {
    const now = clock.now();
    const refresh = newOpaqueToken();
    await db.insert(refreshTokens).values({
      sessionId,
      tokenHash: sha256(refresh),
      expiresAt: new Date(now.getTime() + config.REFRESH_TOKEN_TTL_DAYS * 86400_000),
    });
    const access = await signAccessToken(
      deps.secret,
      { sub: String(userId), sid: sessionId, org: organizationId },
      config.ACCESS_TOKEN_TTL_SECONDS,
      now,
    );
    return {
      token_type: 'Bearer',
      expires_in: config.ACCESS_TOKEN_TTL_SECONDS,
      access_token: access,
      refresh_token: refresh,
    };
  }

  async function revokeSession(sessionId: string, reason: string) {
    await db
      .update(authSessions)
      .set({ revokedAt: clock.now(), revokedReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  return {
    verifyClient(clientId: string, clientSecret: string) {
      if (clientId !== config.OAUTH_WEB_CLIENT_ID || clientSecret !== config.OAUTH_WEB_CLIENT_SECRET) {
        throw new AppError('invalid_client', 'Client authentication failed.');
      }
    },

    /** OAuth password grant. Same answer for an unknown email and a wrong password. */
    async passwordGrant(input: { client_id: string; username: string; password: string }, meta: Meta) {
      const email = input.username.trim().toLowerCase();
      const wait = await limiter.retryAfter(meta.ip, email);
      if (wait > 0) {
        throw new AppError(
          'rate_limited',
          `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`,
          undefined,
          {
            'Retry-After': String(wait),
          },
        );
      }
      const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
      const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !ok) {
        await limiter.fail(meta.ip, email);
        throw new AppError('invalid_grant', INVALID_GRANT);
      }
      if (user.status !== 'active') {
        throw new AppError('invalid_grant', 'This account is not active. Contact your administrator.');
      }
      await limiter.succeed(meta.ip, email);
      const now = clock.now();
      const sessionId = randomUUID();
      await db.insert(authSessions).values({
        id: sessionId,
        userId: user.id,
        clientId: input.client_id,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        expiresAt: new Date(now.getTime() + config.REFRESH_TOKEN_TTL_DAYS * 86400_000),
      });
      await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
      return issueTokens(user.id, user.organizationId, sessionId);
    },

    /** Rotates a refresh token. A token used before revokes its whole session (family). */
    async refresh(token: string) {
      const now = clock.now();
      const [row] = await db
        .select({ token: refreshTokens, session: authSessions, user: users })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(eq(refreshTokens.tokenHash, sha256(token)))
        .limit(1);
      if (!row) throw unauthenticated('Your session is not valid. Please sign in again.');
      if (row.token.usedAt) {
        await revokeSession(row.session.id, 'refresh_token_reused');
        deps.log.warn(
          { sessionId: row.session.id, userId: row.user.id },
          'refresh token reused: session revoked',
        );
        throw unauthenticated('This session was signed out for your safety. Please sign in again.');
      }
      if (row.session.revokedAt || row.token.expiresAt <= now || row.session.expiresAt <= now) {
        throw unauthenticated('Your session has ended. Please sign in again.');
      }
      if (row.user.status !== 'active') throw unauthenticated('Your account is not active.');
      // Mark used only if nobody else did in between (two tabs refreshing at once).
      const marked = await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (!marked.length) {
        await revokeSession(row.session.id, 'refresh_token_reused');
        throw unauthenticated('This session was signed out for your safety. Please sign in again.');
      }
      await db.update(authSessions).set({ lastUsedAt: now }).where(eq(authSessions.id, row.session.id));
      return issueTokens(row.user.id, row.user.organizationId, row.session.id);
    },

    logout: (sessionId: string) => revokeSession(sessionId, 'logout'),

    async revokeAllSessions(userId: number, reason: string) {
      const result = await db
        .update(authSessions)
        .set({ revokedAt: clock.now(), revokedReason: reason })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
        .returning({ id: authSessions.id });
      return result.length;
    },

    /** Creates the organization and its owner (role admin) and sends the verification mail. */
    async register(input: z.output<typeof registerSchema>, meta: Meta) {
      await assertSignupAllowed(
        deps.rateLimits,
        meta.ip,
        config.SIGNUP_MAX_ATTEMPTS,
        config.SIGNUP_WINDOW_MINUTES,
      );
      const email = input.email.toLowerCase();
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (taken) throw fieldError('email', SIGNUP_MESSAGES.email_taken);
      const passwordHash = await hashPassword(input.password);
      const billing = Boolean(config.STRIPE_SECRET_KEY);
      const [plan] = await db.select().from(plans).where(eq(plans.isDefault, true)).limit(1);
      const user = await deps.transaction(async ({ tx }) => {
        const [org] = await tx
          .insert(organizations)
          .values({
            name: input.company_name,
            status: billing ? 0 : 1,
            planId: billing ? null : (plan?.id ?? null),
            maxUsers: plan?.maxUsers ?? null,
            timezone: input.timezone,
          })
          .returning();
        const [created] = await tx
          .insert(users)
          .values({
            organizationId: org.id,
            email,
            passwordHash,
            firstName: input.first_name,
            lastName: input.last_name,
            timezone: input.timezone,
            roles: ['admin'],
            status: 'active',
            receivePromotions: input.receive_promotions,
          })
          .returning();
        await tx.update(organizations).set({ ownerId: created.id }).where(eq(organizations.id, org.id));
        return created;
      });
      await this.sendVerification(user.id);
      return user;
    },

    async sendVerification(userId: number) {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw unauthenticated();
      if (user.emailVerifiedAt) return { alreadyVerified: true };
      const token = await signPurposeToken(
        deps.secret,
        VERIFY_PURPOSE,
        String(user.id),
        { email: user.email.toLowerCase() },
        config.EMAIL_VERIFY_TTL_MINUTES * 60,
        clock.now(),
      );
      const link = `${config.appUrl}/api/v1/email/verify?token=${encodeURIComponent(token)}`;
      const hours = Math.round(config.EMAIL_VERIFY_TTL_MINUTES / 60);
      await deps.mailer.send({
        to: user.email,
        subject: `Verify your email for ${config.APP_NAME}`,
        text: `Hello ${user.firstName},\n\nConfirm your email address by opening this link:\n${link}\n\nThe link expires in ${hours} hour(s). If you did not create an account, ignore this mail.\n`,
        html: `<p>Hello ${escapeHtml(user.firstName)},</p><p><a href="${link}">Confirm your email address</a></p><p>The link expires in ${hours} hour(s). If you did not create an account, ignore this mail.</p>`,
      });
      return { alreadyVerified: false };
    },

    /** True when the link is good; it must name the user's current email. */
    async verifyEmail(token: string): Promise<boolean> {
      const payload = await verifyPurposeToken(deps.secret, VERIFY_PURPOSE, token, clock.now());
      if (!payload?.sub) return false;
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.id, Number(payload.sub)))
        .limit(1);
      if (!user || user.email.toLowerCase() !== payload.email) return false;
      if (!user.emailVerifiedAt)
        await db.update(users).set({ emailVerifiedAt: clock.now() }).where(eq(users.id, user.id));
      return true;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
export type { RegisterInput };

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
