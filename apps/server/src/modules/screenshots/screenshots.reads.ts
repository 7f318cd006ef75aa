import { SCREENSHOT_MESSAGES as M } from '@vahub/shared/screenshots/messages';
import type {
  latestQuerySchema,
  OwnScreenshot,
  ownScreenshotQuerySchema,
  ScreenshotCount,
  ScreenshotDetail,
  ScreenshotListItem,
  screenshotQuerySchema,
} from '@vahub/shared/screenshots/schemas';
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { assertVisibleFilters, ongoingShiftsPage } from '../attendance/public';
import { trackingTermsOf } from '../contracts/public';
import { screenshotPolicyOf } from '../organizations/public';
import { peopleByIds } from '../people/public';
import { deletableUntil, personIn, type Signer, toScreenshot, urlSigner } from './screenshots.mapper';
import {
  countByDay,
  findScreenshot,
  latestOfAttendances,
  neighboursOf,
  pageOfScreenshots,
  type ScreenshotRead,
  siblingsOf,
} from './screenshots.repository';
import { screenshotFilters, screenshotScope } from './screenshots.scope';
import { screenshots } from './screenshots.table';

type Query = z.output<typeof screenshotQuerySchema>;
type OwnQuery = z.output<typeof ownScreenshotQuerySchema>;

const screenshotNotFound = () => new AppError('not_found', M.not_found);

/** The supervisor's where: their scope and the filters (each filter's row checked against the scope first). */
/** The viewer's zone: the galleries' days are theirs ("today" is the viewer's today). */
const zoneOf = (viewer: Viewer) => viewer.timezone || 'UTC';

async function supervisorWhere(deps: Deps, viewer: Viewer, q: Query) {
  await assertVisibleFilters(deps.db, viewer, q);
  return and(screenshotScope(viewer), ...screenshotFilters(viewer.organizationId, q, zoneOf(viewer)));
}

/** The VA's where: their own screenshots, with the filters of their list. */
async function ownWhere(deps: Deps, viewer: Viewer, q: Partial<OwnQuery>) {
  await assertVisibleFilters(deps.db, viewer, { client_id: q.client_id, attendance_id: q.attendance_id });
  return and(
    eq(screenshots.organizationId, viewer.organizationId),
    eq(screenshots.vaId, viewer.userId),
    ...screenshotFilters(viewer.organizationId, q, zoneOf(viewer)),
  );
}

async function withPeople(deps: Deps, reads: ScreenshotRead[], sign: Signer): Promise<ScreenshotListItem[]> {
  const people = await peopleOf(deps, reads);
  return Promise.all(
    reads.map(async (r) => ({
      ...(await toScreenshot(r, sign)),
      va: personIn(people, r.shot.vaId),
      client: personIn(people, r.shot.clientId),
    })),
  );
}

/** Admin, manager and client `screenshots`: newest first, paginated. */
export async function listScreenshots(deps: Deps, viewer: Viewer, q: Query) {
  const where = await supervisorWhere(deps, viewer, q);
  const { rows, total } = await pageOfScreenshots(deps.db, where, q.page, q.per_page);
  return {
    data: await withPeople(deps, rows, urlSigner(deps)),
    meta: paginationMeta(q.page, q.per_page, total),
  };
}

/** `screenshots/{id}`: one in the viewer's scope (else 404), its capture's other screens, its neighbours. */
export async function screenshotDetail(deps: Deps, viewer: Viewer, id: number): Promise<ScreenshotDetail> {
  const scope = screenshotScope(viewer);
  const read = await findScreenshot(deps.db, and(scope, eq(screenshots.id, id)) as SQL);
  if (!read) throw screenshotNotFound();
  const sign = urlSigner(deps);
  const [[item], siblings, around, terms] = await Promise.all([
    withPeople(deps, [read], sign),
    siblingsOf(deps.db, read.shot, scope),
    neighboursOf(deps.db, read.shot, scope),
    trackingTermsOf(deps.db, [read.shot.contractId]),
  ]);
  return {
    ...item,
    contract: { id: read.shot.contractId, title: terms.get(read.shot.contractId)?.title ?? '' },
    previous_id: around.previous,
    next_id: around.next,
    siblings: await Promise.all(siblings.map((s) => toScreenshot(s, sign))),
  };
}

async function countOf(deps: Deps, viewer: Viewer, where: SQL | undefined): Promise<ScreenshotCount> {
  const days = await countByDay(deps.db, where, zoneOf(viewer));
  return { total: days.reduce((sum, d) => sum + d.count, 0), by_day: days };
}

/** `screenshot-count`: the list's filters, counted in total and per attendance date. */
export async function countScreenshots(deps: Deps, viewer: Viewer, q: Query) {
  return countOf(deps, viewer, await supervisorWhere(deps, viewer, q));
}

/**
 * `screenshots/latest`, the live wall: each VA on shift now that the viewer sees (one row per ongoing
 * attendance), their presence, the contract's tier and on-demand flag, and the latest capture of that shift.
 */
export async function latestScreenshots(deps: Deps, viewer: Viewer, q: z.output<typeof latestQuerySchema>) {
  await assertVisibleFilters(deps.db, viewer, q);
  const now = deps.clock.now();
  const { rows, total } = await ongoingShiftsPage(
    deps.db,
    viewer,
    now,
    { client_id: q.client_id, team_id: q.team_id },
    { limit: q.per_page, offset: pageOffset(q.page, q.per_page) },
  );
  const [terms, latest, people] = await Promise.all([
    trackingTermsOf(
      deps.db,
      rows.map((r) => r.contractId),
    ),
    latestOfAttendances(
      deps.db,
      rows.map((r) => r.id),
    ),
    peopleByIds(
      deps.db,
      rows.flatMap((r) => [r.vaId, r.clientId]),
    ),
  ]);
  const sign = urlSigner(deps);
  const data = await Promise.all(
    rows.map(async (r) => {
      const t = terms.get(r.contractId);
      const shot = latest.get(r.id);
      return {
        va: personIn(people, r.vaId),
        attendance_id: r.id,
        client: personIn(people, r.clientId),
        online: Boolean(r.online),
        idle: Boolean(r.idle),
        privacy: t?.screenshotPrivacy ?? 'full',
        on_demand: t?.screenshotsOnDemand ?? true,
        screenshot: shot ? await toScreenshot(shot, sign) : null,
      };
    }),
  );
  return { data, meta: paginationMeta(q.page, q.per_page, total) };
}

async function toOwn(deps: Deps, reads: ScreenshotRead[], graceMinutes: number): Promise<OwnScreenshot[]> {
  const people = await peopleOf(deps, reads);
  const sign = urlSigner(deps);
  return Promise.all(
    reads.map(async (r) => ({
      ...(await toScreenshot(r, sign)),
      client: personIn(people, r.shot.clientId),
      deletable_until: deletableUntil(r, graceMinutes),
    })),
  );
}

/** The VA's `screenshots`: every screenshot taken of them, newest first. */
export async function listOwnScreenshots(deps: Deps, viewer: Viewer, q: OwnQuery) {
  const where = await ownWhere(deps, viewer, q);
  const [{ rows, total }, policy] = await Promise.all([
    pageOfScreenshots(deps.db, where, q.page, q.per_page),
    screenshotPolicyOf(deps.db, viewer.organizationId),
  ]);
  return {
    data: await toOwn(deps, rows, policy.va_delete_grace_minutes),
    meta: paginationMeta(q.page, q.per_page, total),
  };
}

/** The VA's `screenshot-count`. */
export async function countOwnScreenshots(deps: Deps, viewer: Viewer, q: OwnQuery) {
  return countOf(deps, viewer, await ownWhere(deps, viewer, q));
}

/** One of the VA's own screenshots as their list shows it (the upload's answer). */
export async function ownScreenshot(deps: Deps, viewer: Viewer, id: number): Promise<OwnScreenshot> {
  const read = await findScreenshot(
    deps.db,
    and(eq(screenshots.id, id), eq(screenshots.vaId, viewer.userId)) as SQL,
  );
  if (!read) throw screenshotNotFound();
  const policy = await screenshotPolicyOf(deps.db, viewer.organizationId);
  const [own] = await toOwn(deps, [read], policy.va_delete_grace_minutes);
  return own;
}

/** The people of some reads (VAs and clients), to name them. */
const peopleOf = (deps: Pick<Deps, 'db'>, reads: ScreenshotRead[]) =>
  peopleByIds(
    deps.db,
    reads.flatMap((r) => [r.shot.vaId, r.shot.clientId]),
  );
