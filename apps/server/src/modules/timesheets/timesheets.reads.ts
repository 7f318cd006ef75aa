import { TIMESHEET_MESSAGES as M } from '@vahub/shared/timesheets/messages';
import type {
  OwnTimesheetQuery,
  TimesheetDetail,
  TimesheetHistoryEntry,
  TimesheetPage,
  TimesheetQuery,
} from '@vahub/shared/timesheets/schemas';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { assertVisibleFilters, shiftsView } from '../attendance/public';
import { pageAudit } from '../audit/public';
import { mapWithParties, peopleOf, personIn } from '../contracts/public';
import { type FigureName, live } from './timesheets.figures';
import { toListItem } from './timesheets.mapper';
import {
  findTimesheet,
  organizationTotals,
  type TimesheetRow,
  timesheetPage,
  timesheetTotals,
  timesheetWhere,
} from './timesheets.query';
import { timesheetSignOffs, timesheets } from './timesheets.table';

export const timesheetNotFound = () => new AppError('not_found', M.not_found);

/** The audit log's entity type of a timesheet (its history). */
export const TIMESHEET_ENTITY = 'timesheet';
const HISTORY_ACTIONS = new Set<string>([
  'adjusted',
  'approved',
  'rejected',
  'reopened',
  'pending',
  'signed_off',
  'disputed',
  'replied',
]);
/** A timesheet's history is short (a few decisions); more than this many entries are not shown. */
const HISTORY_LIMIT = 200;

async function pageOf(
  db: Db,
  where: SQL,
  q: { page: number; per_page: number },
  order: 'oldest' | 'newest',
  totalsOf: () => Promise<{ count: number } & Record<FigureName, number>> = () => timesheetTotals(db, where),
): Promise<TimesheetPage> {
  const [rows, totals] = await Promise.all([
    timesheetPage(db, where, { limit: q.per_page, offset: pageOffset(q.page, q.per_page) }, order),
    totalsOf(),
  ]);
  const { count, ...sums } = totals;
  return {
    data: await mapWithParties(db, rows, toListItem),
    meta: {
      ...paginationMeta(q.page, q.per_page, Number(count)),
      totals: { count: Number(count), ...mapNumbers(sums) },
    },
  };
}

const mapNumbers = <T extends Record<string, number>>(o: T): T =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Number(v)])) as T;

/**
 * Admin, manager and client `timesheets`: oldest first, the totals of every matching row. A filter naming a
 * VA, client, contract or team outside the viewer's scope answers 404, as the screenshots lists do.
 */
export async function listTimesheets(deps: Deps, viewer: Viewer, q: TimesheetQuery) {
  await assertVisibleFilters(deps.db, viewer, q);
  const where = timesheetWhere(viewer, q);
  // The whole organization in a period (an admin's first view): the totals from the days' stored sums.
  const wholeOrganization =
    viewer.isAdmin &&
    !q.va_id &&
    !q.client_id &&
    !q.contract_id &&
    !q.team_id &&
    !q.status &&
    !q.client_status;
  return pageOf(
    deps.db,
    where,
    q,
    'oldest',
    wholeOrganization ? () => organizationTotals(deps.db, viewer.organizationId, where, q) : undefined,
  );
}

/** The VA's own `timesheets`: newest first. */
export async function listOwnTimesheets(deps: Deps, viewer: Viewer, q: OwnTimesheetQuery) {
  await assertVisibleFilters(deps.db, viewer, { client_id: q.client_id });
  const where = and(timesheetWhere(viewer, q), eq(timesheets.vaId, viewer.userId)) as SQL;
  return pageOf(deps.db, where, q, 'newest');
}

/** What the attendance has tracked now (the detail shows it beside frozen figures). */
async function trackedNow(db: Db, attendanceId: number) {
  const [row] = await db
    .select({ worked: live.worked, active: live.active, idle: live.idle })
    .from(shiftsView)
    .where(eq(shiftsView.id, attendanceId));
  return {
    worked_minutes: Number(row?.worked ?? 0),
    active_minutes: Number(row?.active ?? 0),
    idle_minutes: Number(row?.idle ?? 0),
  };
}

async function signOffOf(db: Db, r: TimesheetRow) {
  const [row] = await db
    .select()
    .from(timesheetSignOffs)
    .where(
      and(
        eq(timesheetSignOffs.clientId, r.clientId),
        eq(timesheetSignOffs.vaId, r.vaId),
        eq(timesheetSignOffs.weekStart, r.weekStart),
      ),
    );
  if (!row?.decision || !row.decidedAt) return null;
  return {
    decision: row.decision,
    comment: row.comment,
    decided_at: iso(row.decidedAt) ?? '',
    va_reply: row.vaReply,
    va_replied_at: iso(row.vaRepliedAt),
  };
}

async function historyOf(db: Db, organizationId: number, id: number) {
  const { rows } = await pageAudit(
    db,
    organizationId,
    { entityType: TIMESHEET_ENTITY, entityId: id },
    1,
    HISTORY_LIMIT,
  );
  return rows.reverse().filter((r) => HISTORY_ACTIONS.has(r.action));
}

/** The detail of a row the viewer sees: live tracked figures, approver, the week's sign-off, the history. */
export async function detailOf(db: Db, viewer: Viewer, row: TimesheetRow): Promise<TimesheetDetail> {
  const [tracked, signOff, history] = await Promise.all([
    trackedNow(db, row.attendanceId),
    signOffOf(db, row),
    historyOf(db, viewer.organizationId, row.id),
  ]);
  const people = await peopleOf(db, [
    row.vaId,
    row.clientId,
    row.approvedBy,
    ...history.map((h) => h.actorId),
  ]);
  return {
    ...toListItem(row, people),
    tracked,
    approver: row.approvedBy === null ? null : personIn(people, row.approvedBy),
    sign_off: signOff,
    history: history.map(
      (h): TimesheetHistoryEntry => ({
        at: iso(h.createdAt) ?? '',
        actor: h.actorId === null ? null : personIn(people, h.actorId),
        action: h.action as TimesheetHistoryEntry['action'],
        details: (h.after as Record<string, unknown> | null) ?? {},
      }),
    ),
  };
}

/** `timesheets/{id}`: one the viewer sees, else 404. */
export async function timesheetDetail(deps: Deps, viewer: Viewer, id: number) {
  const row = await findTimesheet(deps.db, viewer, id);
  if (!row) throw timesheetNotFound();
  return detailOf(deps.db, viewer, row);
}
