import { randomUUID } from 'node:crypto';
import type { Area } from '@vahub/shared/auth/roles';
import { AREA_ROLES } from '@vahub/shared/auth/roles';
import { TIMESHEET_MESSAGES as M } from '@vahub/shared/timesheets/messages';
import {
  type ExportJob,
  type ExportQuery,
  exportQuerySchema,
  TIMESHEETS,
} from '@vahub/shared/timesheets/schemas';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { AppError } from '../../../lib/errors';
import { exportProgress, finishedExportUrl } from '../../../lib/export-files';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { assertVisibleFilters } from '../../attendance/public';
import { findAccount } from '../../people/public';
import { timesheetTotals, timesheetWhere } from '../timesheets.query';
import { timesheetExports } from '../timesheets.table';
import { fileNameOf, filtersOf, timesheetExport } from './exports.service';
import { contentTypeOf } from './table-writer';

/**
 * Background exports (the web starts one above `TIMESHEETS.directExportRows` rows): a row with the
 * requester's filters and role, a pg-boss job that streams the same file into object storage while it counts
 * `rows_done`, and a daily sweep of what is older than `TIMESHEETS.exportKeepHours`.
 */
export const EXPORT_QUEUE = 'timesheets.export';
export const EXPORT_SWEEP_QUEUE = 'timesheets.export-sweep';

type ExportRow = typeof timesheetExports.$inferSelect;
const HOUR = 3_600_000;

const notFound = () => new AppError('not_found', M.export_not_found);

/** The area the job's viewer is rebuilt in, from the role the export was asked under. */
const areaOf = (role: string): Area | null =>
  role === 'admin' || role === 'super_admin'
    ? 'admin'
    : role === 'manager' || role === 'client'
      ? role
      : null;

export async function createExportJob(deps: Deps, viewer: Viewer, q: ExportQuery): Promise<ExportJob> {
  const filters = filtersOf(q);
  await assertVisibleFilters(deps.db, viewer, filters);
  const totals = await timesheetTotals(deps.db, timesheetWhere(viewer, filters));
  const id = randomUUID();
  const fileName = await fileNameOf(deps, q);
  const row = await deps.transaction(async (uow) => {
    const [created] = await uow.tx
      .insert(timesheetExports)
      .values({
        id,
        organizationId: viewer.organizationId,
        requestedBy: viewer.userId,
        role: viewer.role,
        format: q.format,
        // JSON drops the filters left out; the worker parses them again with the query's schema.
        filters: JSON.parse(JSON.stringify(filters)),
        rowsTotal: totals?.count ?? 0,
        fileName,
        createdAt: deps.clock.now(),
      })
      .returning();
    // In the transaction: the job exists exactly when its row does.
    await deps.jobs.send(uow, EXPORT_QUEUE, { export_id: id });
    return created;
  });
  return toExportJob(row, null);
}

/** The requester's own export (anyone else's answers 404), with a short-lived link once it is done. */
export async function readExportJob(deps: Deps, viewer: Viewer, id: string): Promise<ExportJob> {
  const [row] = await deps.db
    .select()
    .from(timesheetExports)
    .where(
      and(
        eq(timesheetExports.id, id),
        eq(timesheetExports.organizationId, viewer.organizationId),
        eq(timesheetExports.requestedBy, viewer.userId),
      ),
    );
  if (!row) throw notFound();
  return toExportJob(row, await finishedExportUrl(deps, row));
}

function toExportJob(row: ExportRow, url: string | null): ExportJob {
  return {
    id: row.id,
    status: row.status,
    format: row.format,
    rows_done: row.rowsDone,
    rows_total: row.rowsTotal,
    progress: exportProgress(row.status, row.rowsDone, row.rowsTotal),
    file_name: row.fileName,
    url,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const setRow = (deps: Pick<Deps, 'db'>, id: string, values: Partial<typeof timesheetExports.$inferInsert>) =>
  deps.db.update(timesheetExports).set(values).where(eq(timesheetExports.id, id));

/** What the requester reads when a job fails; the log has the cause. */
const FAILED = 'The export failed. Try again, or narrow the filters.';

/**
 * The job: rebuilds the requester's viewer as it is now (roles and scope may have changed since), streams the
 * file into storage, counting rows per batch. A job run again after its worker died starts over.
 */
export async function runExportJob(deps: Deps, exportId: string): Promise<void> {
  const [row] = await deps.db.select().from(timesheetExports).where(eq(timesheetExports.id, exportId));
  if (!row || row.status === 'done' || row.status === 'failed') return;
  try {
    const viewer = await requesterViewer(deps, row);
    const query = exportQuerySchema.parse({ ...row.filters, format: row.format });
    await setRow(deps, row.id, { status: 'running', rowsDone: 0 });
    let done = 0;
    const file = await timesheetExport(deps, viewer, query, {
      onBatch: async (rows) => {
        done += rows.length;
        await setRow(deps, row.id, { rowsDone: done });
      },
    });
    const key = `exports/${row.organizationId}/${row.id}.${file.format}`;
    await deps.storage.put(key, file.body, { contentType: contentTypeOf(file.format) });
    await setRow(deps, row.id, {
      status: 'done',
      storageKey: key,
      rowsDone: done,
      rowsTotal: Math.max(row.rowsTotal, done),
      finishedAt: deps.clock.now(),
    });
  } catch (err) {
    deps.log.error(
      { err, exportId: row.id, requestedBy: row.requestedBy, format: row.format, filters: row.filters },
      'a timesheet export job failed',
    );
    await setRow(deps, row.id, { status: 'failed', error: FAILED, finishedAt: deps.clock.now() });
  }
}

async function requesterViewer(deps: Deps, row: ExportRow): Promise<Viewer> {
  const account = await findAccount(deps.db, row.requestedBy);
  const area = areaOf(row.role);
  if (
    !account ||
    !area ||
    account.status !== 'active' ||
    account.organizationId !== row.organizationId ||
    !account.roles.some((r) => (AREA_ROLES[area] as readonly string[]).includes(r))
  )
    throw new Error('the requester no longer holds the role the export was asked under');
  return deps.viewers(
    {
      userId: account.id,
      organizationId: row.organizationId,
      roles: account.roles as Viewer['roles'],
      sessionId: `export:${row.id}`,
      timezone: account.timezone,
    },
    area,
  );
}

/** Daily: removes the files and rows of exports older than `TIMESHEETS.exportKeepHours`. Answers how many. */
export async function sweepExports(deps: Pick<Deps, 'db' | 'clock' | 'storage'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - TIMESHEETS.exportKeepHours * HOUR);
  let total = 0;
  for (;;) {
    const rows = await deps.db
      .select({ id: timesheetExports.id, key: timesheetExports.storageKey })
      .from(timesheetExports)
      .where(lt(timesheetExports.createdAt, before))
      .limit(500);
    if (!rows.length) return total;
    // Files first: a failure leaves the rows, and the next run deletes again (a missing key is no error).
    const keys = rows.flatMap((r) => (r.key ? [r.key] : []));
    if (keys.length) await deps.storage.delete(keys);
    await deps.db.delete(timesheetExports).where(
      inArray(
        timesheetExports.id,
        rows.map((r) => r.id),
      ),
    );
    total += rows.length;
  }
}
