import { createHash, createHmac, randomBytes } from 'node:crypto';
import { type CalendarFeed, FEED_KINDS, FEED_ROLES, type FeedKind } from '@vahub/shared/calendar/schemas';
import { TOKEN_MESSAGES } from '@vahub/shared/tokens/messages';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { calendarFeeds } from './calendar.table';

type Row = typeof calendarFeeds.$inferSelect;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A feed's secret: an HMAC of the row's nonce under the server's secret. The same link can be shown again (it is
 * derived, never stored); a new nonce (reset) makes another, and the old one finds no row.
 */
const feedToken = (secret: Uint8Array, row: Pick<Row, 'userId' | 'kind' | 'nonce'>) =>
  createHmac('sha256', secret)
    .update(`calendar-feed:${row.userId}:${row.kind}:${row.nonce}`)
    .digest('base64url');

export const feedUrl = (deps: Pick<Deps, 'config'>, token: string) =>
  `${deps.config.appUrl}/api/v1/calendar/${token}.ics`;

/** The feed kinds these roles have. */
export const kindsOf = (roles: readonly string[]): FeedKind[] =>
  FEED_KINDS.filter((k) => FEED_ROLES[k].some((r) => roles.includes(r)));

export const feedNotFound = () => new AppError('not_found', TOKEN_MESSAGES.feed_not_found);

const toFeed = (deps: Deps, row: Row): CalendarFeed => ({
  kind: row.kind,
  url: feedUrl(deps, feedToken(deps.secret, row)),
  created_at: row.createdAt.toISOString(),
});

const newNonce = () => randomBytes(18).toString('base64url');

/** The viewer's feeds, one per kind their roles have; a missing one is made on the way (its link is stable). */
export async function listFeeds(deps: Deps, viewer: Viewer): Promise<CalendarFeed[]> {
  const kinds = kindsOf(viewer.roles);
  const existing = await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, viewer.userId));
  const missing = kinds.filter((k) => !existing.some((r) => r.kind === k));
  if (missing.length) {
    await deps.transaction(async ({ tx }) => {
      for (const kind of missing) {
        const nonce = newNonce();
        const hash = sha256(feedToken(deps.secret, { userId: viewer.userId, kind, nonce }));
        const [row] = await tx
          .insert(calendarFeeds)
          .values({
            organizationId: viewer.organizationId,
            userId: viewer.userId,
            kind,
            nonce,
            tokenHash: hash,
            createdAt: deps.clock.now(),
          })
          .onConflictDoNothing()
          .returning();
        if (row) existing.push(row);
      }
    });
  }
  const rows = await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, viewer.userId));
  return kinds.flatMap((k) => {
    const row = rows.find((r) => r.kind === k);
    return row ? [toFeed(deps, row)] : [];
  });
}

/** A new secret link for one of the viewer's feeds; the old one answers 404 from now on. */
export async function resetFeed(deps: Deps, viewer: Viewer, kind: FeedKind): Promise<CalendarFeed> {
  if (!kindsOf(viewer.roles).includes(kind)) throw feedNotFound();
  await listFeeds(deps, viewer);
  const row = await deps.transaction(async ({ tx }) => {
    const nonce = newNonce();
    const [r] = await tx
      .update(calendarFeeds)
      .set({
        nonce,
        tokenHash: sha256(feedToken(deps.secret, { userId: viewer.userId, kind, nonce })),
        createdAt: deps.clock.now(),
      })
      .where(and(eq(calendarFeeds.userId, viewer.userId), eq(calendarFeeds.kind, kind)))
      .returning();
    if (!r) throw feedNotFound();
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'calendar_feed.reset',
      entityType: 'calendar_feed',
      entityId: r.id,
      after: { kind },
    });
    return r;
  });
  return toFeed(deps, row);
}

/** The feed behind a secret (`<token>.ics`), or null. */
export async function feedOfFile(deps: Deps, file: string): Promise<Row | null> {
  const token = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(file)?.[1];
  if (!token) return null;
  const [row] = await deps.db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, sha256(token)))
    .limit(1);
  return row ?? null;
}
