import { randomBytes } from 'node:crypto';
import { msg } from '@vahub/shared/api/messages';
import { isRole } from '@vahub/shared/auth/roles';
import { TOKEN_MESSAGES } from '@vahub/shared/tokens/messages';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type CreatedToken,
  MAX_TOKEN_DAYS,
  type OrgApiToken,
  type TokenScope,
  type tokenCreateSchema,
} from '@vahub/shared/tokens/schemas';
import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { subscriptionActive } from '../organizations/public';
import { findAccount, peopleByIds } from '../people/public';
import { apiTokens } from './auth.table';
import type { AuthContext } from './authenticate';
import { sha256 } from './tokens';

type Row = typeof apiTokens.$inferSelect;

/** How many characters of a token its list shows (`vah_` and 8 more). */
const PREFIX_LENGTH = API_TOKEN_PREFIX.length + 8;
/** `last_used_at` is written at most this often per token. */
export const LAST_USED_EVERY_MS = 60_000;
/** The rate limit's window: an hour, starting on the hour (so `RateLimit-Reset` is known without a read). */
const WINDOW_SECONDS = 3600;

export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toApiToken = (r: Row): ApiToken => ({
  id: r.id,
  name: r.name,
  scopes: r.scopes.filter((s): s is TokenScope => s === 'read' || s === 'write'),
  prefix: r.prefix,
  created_at: r.createdAt.toISOString(),
  last_used_at: iso(r.lastUsedAt),
  expires_at: iso(r.expiresAt),
  revoked_at: iso(r.revokedAt),
});

const snapshot = (r: Row) => ({
  name: r.name,
  scopes: r.scopes,
  prefix: r.prefix,
  expires_at: iso(r.expiresAt),
  revoked_at: iso(r.revokedAt),
  user_id: r.userId,
});

export async function createApiToken(
  deps: Deps,
  viewer: Viewer,
  input: z.output<typeof tokenCreateSchema>,
): Promise<CreatedToken> {
  const now = deps.clock.now();
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw fieldError('expires_at', TOKEN_MESSAGES.expiry_in_past);
  if (expiresAt && expiresAt.getTime() > now.getTime() + MAX_TOKEN_DAYS * 86_400_000)
    throw fieldError('expires_at', msg(TOKEN_MESSAGES.expiry_too_far, { days: MAX_TOKEN_DAYS }));
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await deps.transaction(async ({ tx }) => {
    const [r] = await tx
      .insert(apiTokens)
      .values({
        organizationId: viewer.organizationId,
        userId: viewer.userId,
        name: input.name,
        prefix: token.slice(0, PREFIX_LENGTH),
        tokenHash: sha256(token),
        scopes: input.scopes,
        expiresAt,
        createdAt: now,
      })
      .returning();
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'api_token.created',
      entityType: 'api_token',
      entityId: r.id,
      after: snapshot(r),
    });
    return r;
  });
  return { ...toApiToken(row), token };
}

export async function listOwnTokens(deps: Deps, viewer: Viewer): Promise<ApiToken[]> {
  const rows = await deps.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, viewer.userId), eq(apiTokens.organizationId, viewer.organizationId)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiToken);
}

/** The organization's tokens neither revoked nor expired, for its admins. */
export async function listOrganizationTokens(deps: Deps, viewer: Viewer): Promise<OrgApiToken[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select()
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.organizationId, viewer.organizationId),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    )
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  const people = await peopleByIds(
    deps.db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => {
    const p = people.get(r.userId);
    return { ...toApiToken(r), user: { id: r.userId, name: p?.name ?? '', email: p?.email ?? '' } };
  });
}

/**
 * Revokes a token at once: the owner's own (`owner`), or any of the organization's (an admin). Another's token,
 * or one of another organization, is 404. Revoking a revoked token changes nothing.
 */
export async function revokeApiToken(deps: Deps, viewer: Viewer, id: number, owner: boolean): Promise<null> {
  const now = deps.clock.now();
  await deps.transaction(async ({ tx }) => {
    const [before] = await tx
      .select()
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.id, id),
          eq(apiTokens.organizationId, viewer.organizationId),
          owner ? eq(apiTokens.userId, viewer.userId) : undefined,
        ),
      )
      .for('update')
      .limit(1);
    if (!before) throw notFound('API token');
    if (before.revokedAt) return;
    const [after] = await tx
      .update(apiTokens)
      .set({ revokedAt: now, revokedBy: viewer.userId })
      .where(eq(apiTokens.id, id))
      .returning();
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'api_token.revoked',
      entityType: 'api_token',
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
  });
  return null;
}

const invalid = (message: string) =>
  new AppError('unauthenticated', message, undefined, { 'WWW-Authenticate': `Bearer error="invalid_token"` });

/**
 * Resolves a personal API token to its owner, acting exactly as a session of theirs would (roles, scope), or
 * throws 401: unknown, revoked, expired, or an owner no longer active. Its `last_used_at` is written at most once
 * a minute.
 */
export async function authenticateApiToken(deps: Deps, token: string, now: Date): Promise<AuthContext> {
  const [row] = await deps.db
    .select({ token: apiTokens })
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row) throw invalid(TOKEN_MESSAGES.token_invalid);
  const t = row.token;
  if (t.revokedAt) throw invalid(TOKEN_MESSAGES.token_revoked);
  if (t.expiresAt && t.expiresAt.getTime() <= now.getTime()) throw invalid(TOKEN_MESSAGES.token_expired);
  const [user, organizationActive] = await Promise.all([
    findAccount(deps.db, t.userId),
    subscriptionActive(deps.db, t.organizationId),
  ]);
  if (!user || user.organizationId !== t.organizationId) throw invalid(TOKEN_MESSAGES.token_invalid);
  if (user.status !== 'active') throw invalid(TOKEN_MESSAGES.token_invalid);
  if (!t.lastUsedAt || now.getTime() - t.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    // Conditional, so instances racing on one token write once.
    await deps.db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.id, t.id),
          or(
            isNull(apiTokens.lastUsedAt),
            lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)),
          ),
        ),
      );
  }
  return {
    userId: user.id,
    organizationId: user.organizationId,
    roles: user.roles.filter(isRole),
    sessionId: `api-token:${t.id}`,
    tracker: false,
    user,
    organizationActive,
    apiToken: { id: t.id, scopes: t.scopes.filter((s): s is TokenScope => s === 'read' || s === 'write') },
  };
}

export type TokenRate = { limit: number; remaining: number; resetSeconds: number };

const READS = new Set(['GET', 'HEAD']);

/**
 * What a token may do with this call: a `read` token only reads (403 `insufficient_scope`); every token counts
 * against its hourly limit (429 with `Retry-After` past it). Answers the figures for the `RateLimit-*` headers.
 */
export async function checkTokenCall(deps: Deps, auth: AuthContext, method: string): Promise<TokenRate> {
  const token = auth.apiToken;
  if (!token) throw new Error('not a token');
  if (!READS.has(method) && !token.scopes.includes('write'))
    throw new AppError('insufficient_scope', TOKEN_MESSAGES.read_only);
  const limit = deps.config.API_TOKEN_RATE_LIMIT;
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  const window = Math.floor(nowSeconds / WINDOW_SECONDS);
  const resetSeconds = (window + 1) * WINDOW_SECONDS - nowSeconds;
  const result = await deps.rateLimits.hit(`api-token:${token.id}:${window}`, limit, resetSeconds);
  const rate = { limit, remaining: Math.max(0, limit - result.count), resetSeconds };
  if (!result.allowed) {
    throw new AppError(
      'rate_limited',
      msg(TOKEN_MESSAGES.rate_limited, { seconds: resetSeconds }),
      undefined,
      { 'Retry-After': String(resetSeconds), ...rateHeaders(rate) },
    );
  }
  return rate;
}

export const rateHeaders = (rate: TokenRate): Record<string, string> => ({
  'RateLimit-Limit': String(rate.limit),
  'RateLimit-Remaining': String(rate.remaining),
  'RateLimit-Reset': String(rate.resetSeconds),
});
