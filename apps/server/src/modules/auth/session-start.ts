import { randomUUID } from 'node:crypto';
import type { TokenResponse } from '@vahub/shared/auth/schemas';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/types';
import { type Account, recordSignIn } from '../people/public';
import { insertRefreshToken, insertSession } from './sessions.repository';
import { newOpaqueToken, sha256, signAccessToken } from './tokens';

const DAY_MS = 86_400_000;

export type SessionMeta = {
  ip: string;
  userAgent?: string;
  clientId: string;
  /** A tracker's computer, as it says of itself (issue 32). */
  device?: { name?: string | null; system?: string | null; version?: string | null };
};

/** A new refresh token in the session, and an access token naming it. */
export async function issueTokens(
  deps: Pick<Deps, 'config' | 'clock' | 'secret'>,
  db: Db,
  user: Pick<Account, 'id' | 'organizationId'>,
  sessionId: string,
): Promise<TokenResponse> {
  const { config } = deps;
  const now = deps.clock.now();
  const refresh = newOpaqueToken();
  await insertRefreshToken(db, {
    sessionId,
    tokenHash: sha256(refresh),
    expiresAt: new Date(now.getTime() + config.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
  });
  const access = await signAccessToken(
    deps.secret,
    { sub: String(user.id), sid: sessionId, org: user.organizationId },
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

/**
 * Signs in a user who just proved who they are (the password grant, the first-run setup): a new session,
 * the sign-in time, and its tokens, all written with `db` (the caller's transaction when it has one).
 */
export async function startSession(
  deps: Pick<Deps, 'config' | 'clock' | 'secret'>,
  db: Db,
  user: Pick<Account, 'id' | 'organizationId'>,
  meta: SessionMeta,
): Promise<TokenResponse> {
  const now = deps.clock.now();
  const sessionId = randomUUID();
  await insertSession(db, {
    id: sessionId,
    userId: user.id,
    clientId: meta.clientId,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(now.getTime() + deps.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
    deviceName: meta.device?.name || null,
    deviceSystem: meta.device?.system || null,
    agentVersion: meta.device?.version || null,
  });
  await recordSignIn(db, user.id, now);
  return issueTokens(deps, db, user, sessionId);
}
