import { randomInt } from 'node:crypto';
import { msg } from '@vahub/shared/api/messages';
import {
  DEVICE_CODE_TTL_SECONDS,
  DEVICE_MESSAGES,
  DEVICE_POLL_INTERVAL_SECONDS,
  type DeviceCodeResponse,
  formatUserCode,
  USER_CODE_ALPHABET,
} from '@vahub/shared/auth/device';
import { AUTH_MESSAGES } from '@vahub/shared/auth/messages';
import { type TokenResponse, TRACKER_CLIENT_ID } from '@vahub/shared/auth/schemas';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import { AppError, forbidden } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { findAccount } from '../people/public';
import { authSessions, deviceAuthorizations } from './auth.table';
import { startSession } from './session-start';
import { revokeSession } from './sessions.repository';
import { newOpaqueToken, sha256 } from './tokens';

type Meta = { ip: string; userAgent?: string };
type DeviceInfo = { device_name?: string; device_system?: string; agent_version?: string };

/** Device codes one address may ask for in an hour (a tracker asks once per sign-in). */
const CODES_PER_HOUR = 30;
/** Unknown user codes one VA may try in an hour (8 letters of 20: guessing one is hopeless at this pace). */
const LOOKUPS_PER_HOUR = 30;

const problem = (code: 'authorization_pending' | 'slow_down' | 'access_denied' | 'expired_token') =>
  new AppError(code, DEVICE_MESSAGES[code]);

const newUserCode = () =>
  Array.from({ length: 8 }, () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]).join('');

const isVa = (roles: readonly string[]) => roles.includes('va');

/**
 * RFC 8628 section 3.1: a device code for the tracker client. The user code is bound to nobody until a VA approves
 * it (the VA who approves is the one the computer signs in as, in their organization: docs/decisions.md).
 */
export async function startDeviceAuthorization(
  deps: Deps,
  input: { client_id: string } & DeviceInfo,
  meta: Meta,
): Promise<DeviceCodeResponse> {
  if (input.client_id !== TRACKER_CLIENT_ID)
    throw new AppError('invalid_client', DEVICE_MESSAGES.unsupported_client);
  const limit = await deps.rateLimits.hit(`device-code:${meta.ip}`, CODES_PER_HOUR, 3600);
  if (!limit.allowed) {
    throw new AppError(
      'rate_limited',
      msg(DEVICE_MESSAGES.too_many, { minutes: Math.ceil(limit.retryAfterSeconds / 60) }),
      undefined,
      { 'Retry-After': String(limit.retryAfterSeconds) },
    );
  }
  const now = deps.clock.now();
  const deviceCode = newOpaqueToken();
  // A clash of user codes (unique index) is retried with another code.
  for (let attempt = 0; ; attempt++) {
    const userCode = newUserCode();
    const inserted = await deps.db
      .insert(deviceAuthorizations)
      .values({
        deviceCodeHash: sha256(deviceCode),
        userCode,
        clientId: input.client_id,
        deviceName: input.device_name || null,
        deviceSystem: input.device_system || null,
        agentVersion: input.agent_version || null,
        pollInterval: DEVICE_POLL_INTERVAL_SECONDS,
        ip: meta.ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + DEVICE_CODE_TTL_SECONDS * 1000),
      })
      .onConflictDoNothing({ target: deviceAuthorizations.userCode })
      .returning({ id: deviceAuthorizations.id });
    if (inserted.length) {
      const uri = `${deps.config.appUrl}/device`;
      const shown = formatUserCode(userCode);
      return {
        device_code: deviceCode,
        user_code: shown,
        verification_uri: uri,
        verification_uri_complete: `${uri}?user_code=${encodeURIComponent(shown)}`,
        expires_in: DEVICE_CODE_TTL_SECONDS,
        interval: DEVICE_POLL_INTERVAL_SECONDS,
      };
    }
    if (attempt >= 4) throw new Error('no free user code');
  }
}

/**
 * RFC 8628 section 3.4/3.5: the tracker's poll. Pending, denied, too fast and expired answer 400 with the RFC's
 * `error`; an approved code gives its tokens once (a second poll is `invalid_grant`).
 */
export async function deviceGrant(
  deps: Deps,
  input: { client_id: string; device_code: string },
  meta: Meta,
): Promise<TokenResponse> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select()
    .from(deviceAuthorizations)
    .where(eq(deviceAuthorizations.deviceCodeHash, sha256(input.device_code)))
    .limit(1);
  if (!row || row.clientId !== input.client_id)
    throw new AppError('invalid_grant', DEVICE_MESSAGES.code_unknown);
  if (row.status === 'used') throw new AppError('invalid_grant', DEVICE_MESSAGES.code_used);
  if (row.expiresAt <= now) throw problem('expired_token');
  if (row.lastPolledAt && now.getTime() - row.lastPolledAt.getTime() < row.pollInterval * 1000) {
    await deps.db
      .update(deviceAuthorizations)
      .set({ pollInterval: row.pollInterval + 5, lastPolledAt: now })
      .where(eq(deviceAuthorizations.id, row.id));
    throw problem('slow_down');
  }
  await deps.db
    .update(deviceAuthorizations)
    .set({ lastPolledAt: now })
    .where(eq(deviceAuthorizations.id, row.id));
  if (row.status === 'pending') throw problem('authorization_pending');
  if (row.status === 'denied' || !row.userId) throw problem('access_denied');
  return deps.transaction(async ({ tx }) => {
    const spent = await tx
      .update(deviceAuthorizations)
      .set({ status: 'used' })
      .where(and(eq(deviceAuthorizations.id, row.id), eq(deviceAuthorizations.status, 'approved')))
      .returning({ id: deviceAuthorizations.id });
    if (!spent.length) throw new AppError('invalid_grant', DEVICE_MESSAGES.code_used);
    // The VA who approved may have been deactivated, or lost the role, since.
    const user = await findAccount(tx, row.userId as number);
    if (user?.status !== 'active') throw new AppError('invalid_grant', AUTH_MESSAGES.account_inactive);
    if (!isVa(user.roles)) throw new AppError('forbidden', AUTH_MESSAGES.tracker_va_only);
    return startSession(deps, tx, user, {
      ...meta,
      clientId: TRACKER_CLIENT_ID,
      device: { name: row.deviceName, system: row.deviceSystem, version: row.agentVersion },
    });
  });
}

/** A pending, unexpired request by its user code, for a VA; counts unknown codes against the VA's hourly limit. */
async function pendingByUserCode(deps: Deps, viewer: Viewer, userCode: string) {
  if (!isVa(viewer.roles)) throw forbidden(DEVICE_MESSAGES.va_only);
  const [row] = await deps.db
    .select()
    .from(deviceAuthorizations)
    .where(eq(deviceAuthorizations.userCode, userCode))
    .limit(1);
  if (!row) {
    const limit = await deps.rateLimits.hit(`device-lookup:${viewer.userId}`, LOOKUPS_PER_HOUR, 3600);
    if (!limit.allowed) {
      throw new AppError(
        'rate_limited',
        msg(DEVICE_MESSAGES.too_many, { minutes: Math.ceil(limit.retryAfterSeconds / 60) }),
        undefined,
        { 'Retry-After': String(limit.retryAfterSeconds) },
      );
    }
    throw new AppError('not_found', DEVICE_MESSAGES.code_unknown);
  }
  if (row.status !== 'pending') throw new AppError('conflict', DEVICE_MESSAGES.code_used);
  if (row.expiresAt <= deps.clock.now()) throw new AppError('not_found', DEVICE_MESSAGES.code_expired);
  return row;
}

/** What the `/device` page shows before the VA approves: the computer's name, system and agent version. */
export async function showDeviceAuthorization(deps: Deps, viewer: Viewer, userCode: string) {
  const row = await pendingByUserCode(deps, viewer, userCode);
  return {
    user_code: formatUserCode(row.userCode),
    device_name: row.deviceName,
    device_system: row.deviceSystem,
    agent_version: row.agentVersion,
    expires_at: row.expiresAt.toISOString(),
  };
}

/** Approves (binds the request to this VA) or denies it; only a pending request changes, once. */
export async function decideDeviceAuthorization(
  deps: Deps,
  viewer: Viewer,
  input: { user_code: string; approve: boolean },
) {
  const row = await pendingByUserCode(deps, viewer, input.user_code);
  const changed = await deps.db
    .update(deviceAuthorizations)
    .set({
      status: input.approve ? 'approved' : 'denied',
      userId: input.approve ? viewer.userId : null,
      decidedAt: deps.clock.now(),
    })
    .where(and(eq(deviceAuthorizations.id, row.id), eq(deviceAuthorizations.status, 'pending')))
    .returning({ id: deviceAuthorizations.id });
  if (!changed.length) throw new AppError('conflict', DEVICE_MESSAGES.code_used);
  return { approved: input.approve };
}

/** The VA's live tracker sessions (their computers), the most recently seen first. */
export async function listComputers(deps: Deps, viewer: Viewer) {
  const rows = await deps.db
    .select()
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, viewer.userId),
        eq(authSessions.clientId, TRACKER_CLIENT_ID),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, deps.clock.now()),
      ),
    )
    .orderBy(desc(authSessions.lastUsedAt));
  return rows.map((s) => ({
    id: s.id,
    name: s.deviceName,
    system: s.deviceSystem,
    version: s.agentVersion,
    signed_in_at: s.createdAt.toISOString(),
    last_seen_at: s.lastUsedAt.toISOString(),
  }));
}

/** Signs one of the VA's computers out: its tracker session ends, its tokens are refused from now on. */
export async function disconnectComputer(deps: Deps, viewer: Viewer, sessionId: string) {
  const [row] = await deps.db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.userId, viewer.userId),
        eq(authSessions.clientId, TRACKER_CLIENT_ID),
        isNull(authSessions.revokedAt),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('not_found', DEVICE_MESSAGES.computer_not_found);
  await revokeSession(deps.db, row.id, 'disconnected', deps.clock.now());
  return null;
}

export const DEVICE_CODE_PURGE_QUEUE = 'auth.device-code-purge';

/** How long an expired device code is kept: its page still says "expired" (not "unknown") for a day. */
const EXPIRED_KEPT_MS = 24 * 3600_000;

/**
 * Hourly: device authorizations a day past their expiry are deleted (spent, denied or never used alike: no tracker
 * can use them any more, and their sessions live in `auth_sessions`). Answers how many went.
 */
export async function purgeExpiredDeviceCodes(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - EXPIRED_KEPT_MS);
  const gone = await deps.db
    .delete(deviceAuthorizations)
    .where(lt(deviceAuthorizations.expiresAt, before))
    .returning({ id: deviceAuthorizations.id });
  return gone.length;
}
