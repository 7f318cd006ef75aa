import { randomUUID } from 'node:crypto';
import { SSO_MESSAGES, type SsoErrorKey } from '@vahub/shared/auth/messages';
import type { TokenResponse } from '@vahub/shared/auth/schemas';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import { audit } from '../../platform/audit-trail';
import { type SingleSignOn, SsoError, type SsoIdentity } from '../../platform/sso/types';
import { lockOrganizationSeats } from '../organizations/public';
import {
  type Account,
  activeUserCount,
  createAccount,
  findAccountByEmail,
  recordSignIn,
} from '../people/public';
import { insertRefreshToken, insertSession } from './sessions.repository';
import { newOpaqueToken, readPurposeToken, sha256, signPurposeToken } from './tokens';

/** The cookie that keeps state, nonce and PKCE verifier between the start and the callback (signed, httpOnly). */
export const SSO_COOKIE = 'vahub_sso';
export const SSO_COOKIE_PATH = '/api/v1/oauth/sso';
const FLOW_PURPOSE = 'sso-flow';
/** The person has ten minutes at the issuer. */
const FLOW_TTL_SECONDS = 600;
/** The callback's one-time code lives a minute: the web page trades it at once. */
export const SSO_CODE_TTL_MS = 60_000;
const DAY_MS = 86_400_000;

type Meta = { ip: string; userAgent?: string };

/** A failed callback: where the sign-in page is sent, with the key of its message. */
export class SsoSignInError extends Error {
  constructor(readonly key: SsoErrorKey) {
    super(SSO_MESSAGES[key]);
  }
}

/** The configured SSO, or 409 `sso_not_configured` (no OIDC_ISSUER): never a 404, never a 500. */
export function ssoOf(deps: Pick<Deps, 'sso'>): SingleSignOn {
  if (!deps.sso) throw new AppError('sso_not_configured', SSO_MESSAGES.not_configured);
  return deps.sso;
}

const FAILURES: Record<SsoError['failure'], SsoErrorKey> = {
  invalid_response: 'invalid_response',
  refused: 'refused',
  unavailable: 'unavailable',
};

/** The URL the issuer sends the browser back to (registered at the issuer as the client's redirect URI). */
export const ssoRedirectUri = (deps: Pick<Deps, 'config'>) =>
  `${deps.config.appUrl}${SSO_COOKIE_PATH}/callback`;

export function createSsoService(deps: Deps) {
  const { config, clock } = deps;

  /** The person's account, or a new one with OIDC_AUTO_CREATE (the default role, in OIDC_ORGANIZATION_ID). */
  async function accountOf(identity: SsoIdentity & { email: string }): Promise<Account> {
    const found = await findAccountByEmail(deps.db, identity.email);
    if (found) return found;
    const organizationId = config.OIDC_ORGANIZATION_ID;
    if (!config.OIDC_AUTO_CREATE || !organizationId) throw new SsoSignInError('no_account');
    const now = clock.now();
    return deps.transaction(async ({ tx }) => {
      const org = await lockOrganizationSeats(tx, organizationId);
      if (!org) {
        deps.log.error({ organizationId }, 'sso: OIDC_ORGANIZATION_ID names no organization');
        throw new SsoSignInError('no_account');
      }
      if (org.id !== 1 && org.maxUsers !== null && (await activeUserCount(tx, org.id)) >= org.maxUsers)
        throw new SsoSignInError('no_seat');
      const fallbackName = identity.email.split('@')[0];
      const user = await createAccount(tx, {
        organizationId: org.id,
        email: identity.email,
        passwordHash: null,
        firstName: (identity.firstName ?? fallbackName).slice(0, 100),
        lastName: (identity.lastName ?? '').slice(0, 100),
        timezone: org.timezone,
        roles: [config.OIDC_DEFAULT_ROLE],
        status: 'active',
        // The issuer verified it.
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await audit(tx, {
        organizationId: org.id,
        actorId: null,
        action: 'user.created',
        entityType: 'user',
        entityId: user.id,
        after: {
          email: user.email,
          roles: user.roles,
          status: user.status,
          via: 'sso',
          issuer: config.OIDC_ISSUER,
        },
      });
      return user;
    });
  }

  return {
    /** The issuer's authorization URL, and the signed cookie value that keeps the flow's secrets. */
    async start(remember: boolean): Promise<{ url: string; cookie: string }> {
      const sso = ssoOf(deps);
      let started: Awaited<ReturnType<SingleSignOn['start']>>;
      try {
        started = await sso.start(ssoRedirectUri(deps));
      } catch (err) {
        if (err instanceof SsoError) throw new AppError('unavailable', SSO_MESSAGES.unavailable);
        throw err;
      }
      const cookie = await signPurposeToken(
        deps.secret,
        FLOW_PURPOSE,
        'sso',
        {
          state: started.state,
          nonce: started.nonce,
          verifier: started.codeVerifier,
          remember: remember ? '1' : '0',
        },
        FLOW_TTL_SECONDS,
        clock.now(),
      );
      return { url: started.url, cookie };
    },

    /**
     * The issuer's redirect: the state against the cookie's, the code exchanged with the PKCE verifier, the email
     * verified, the account found (or made), then a session with a one-time code for the web page to trade.
     * Throws SsoSignInError with the key the sign-in page says.
     */
    async finish(
      cookie: string | undefined,
      query: { state?: string; error?: string },
      callbackUrl: URL,
      meta: Meta,
    ): Promise<{ code: string; remember: boolean }> {
      const sso = ssoOf(deps);
      const flow = cookie ? await readPurposeToken(deps.secret, FLOW_PURPOSE, cookie, clock.now()) : null;
      const p = flow?.ok ? flow.payload : null;
      if (
        !p ||
        typeof p.state !== 'string' ||
        typeof p.nonce !== 'string' ||
        typeof p.verifier !== 'string' ||
        !query.state ||
        query.state !== p.state
      ) {
        throw new SsoSignInError('state_mismatch');
      }
      if (query.error) throw new SsoSignInError('refused');
      let identity: SsoIdentity;
      try {
        identity = await sso.finish(callbackUrl, {
          state: p.state,
          nonce: p.nonce,
          codeVerifier: p.verifier,
        });
      } catch (err) {
        if (err instanceof SsoError) {
          deps.log.warn({ failure: err.failure, reason: err.message }, 'sso: callback failed');
          throw new SsoSignInError(FAILURES[err.failure]);
        }
        throw err;
      }
      const { email } = identity;
      if (!email) throw new SsoSignInError('email_missing');
      if (!identity.emailVerified) throw new SsoSignInError('email_unverified');
      const user = await accountOf({ ...identity, email });
      if (user.status !== 'active') throw new SsoSignInError('inactive');

      // The same session as a password sign-in (the web client's), whose first refresh token is the one-time
      // code: short-lived, stored hashed, spent by the exchange, which rotates it into the session's real pair.
      const code = newOpaqueToken();
      const now = clock.now();
      await deps.transaction(async ({ tx }) => {
        const sessionId = randomUUID();
        await insertSession(tx, {
          id: sessionId,
          userId: user.id,
          clientId: config.OAUTH_WEB_CLIENT_ID,
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 300) ?? null,
          expiresAt: new Date(now.getTime() + config.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
        });
        await insertRefreshToken(tx, {
          sessionId,
          tokenHash: sha256(code),
          expiresAt: new Date(now.getTime() + SSO_CODE_TTL_MS),
        });
        await recordSignIn(tx, user.id, now);
        await audit(tx, {
          organizationId: user.organizationId,
          actorId: user.id,
          action: 'user.signed_in_sso',
          entityType: 'user',
          entityId: user.id,
          after: { issuer: sso.issuer, subject: identity.subject },
        });
      });
      return { code, remember: p.remember === '1' };
    },

    /** Trades a one-time code for the session's tokens (a refresh with the code; a second try ends the session). */
    async exchange(code: string, refresh: (token: string) => Promise<TokenResponse>): Promise<TokenResponse> {
      ssoOf(deps);
      try {
        return await refresh(code);
      } catch (err) {
        if (err instanceof AppError && err.status === 401)
          throw new AppError('unauthenticated', SSO_MESSAGES.code_invalid);
        throw err;
      }
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
