import { randomUUID } from 'node:crypto';
import { DATA_RIGHTS_MESSAGES as M } from '@vahub/shared/data-rights/messages';
import type { DataExport } from '@vahub/shared/data-rights/schemas';
import { and, eq, inArray, lt, lte } from 'drizzle-orm';
import type { DataScope, RowBatches } from '../../lib/data-scope';
import { AppError } from '../../lib/errors';
import { exportProgress, finishedExportUrl } from '../../lib/export-files';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { exportAttendances, exportPings } from '../attendance/public';
import { exportAudit } from '../audit/public';
import { exportContracts, exportSchedules } from '../contracts/public';
import { exportInvoiceLines } from '../money/public';
import { exportNotifications } from '../notifications/public';
import { exportPeople, findAccount } from '../people/public';
import { exportProjects, exportTasks } from '../projects/public';
import { exportRequests, requestAttachments } from '../requests/public';
import { exportScreenshots, keptScreenshotFiles } from '../screenshots/public';
import { exportTimesheets } from '../timesheets/public';
import { dataScopeOf, type ExportScopeKind } from './data-rights.scope';
import { dataExports } from './data-rights.table';
import { exportZip, type ZipFileSource } from './export.zip';

/**
 * Data exports as jobs (issue 33), the timesheet export jobs' shape: a row with the requester and the scope, a
 * pg-boss job that streams the ZIP into object storage while it counts steps, a signed link once done, and a
 * daily sweep of the files older than a day.
 */
export const DATA_EXPORT_QUEUE = 'data-rights.export';
export const DATA_EXPORT_SWEEP_QUEUE = 'data-rights.export-sweep';
const KEEP_HOURS = 24;
const HOUR = 3_600_000;

type Row = typeof dataExports.$inferSelect;

/** The kinds of rows, in the ZIP's order: each a JSON and a CSV file. */
const KINDS: Array<[string, (deps: Deps, scope: DataScope) => RowBatches]> = [
  ['people', (d, s) => exportPeople(d.db, s)],
  ['contracts', (d, s) => exportContracts(d.db, s)],
  ['schedules', (d, s) => exportSchedules(d.db, s)],
  ['attendance', (d, s) => exportAttendances(d.db, s)],
  ['pings', (d, s) => exportPings(d.db, s)],
  ['timesheets', (d, s) => exportTimesheets(d.db, s)],
  ['requests', (d, s) => exportRequests(d.db, s)],
  ['projects', (d, s) => exportProjects(d.db, s)],
  ['tasks', (d, s) => exportTasks(d.db, s)],
  ['notifications', (d, s) => exportNotifications(d.db, s)],
  ['audit', (d, s) => exportAudit(d.db, s)],
  ['screenshots', (d, s) => exportScreenshots(d.db, s)],
  ['invoice_lines', (d, s) => exportInvoiceLines(d.db, s)],
];
/** The kinds, then the files. */
const STEPS = KINDS.length + 1;

const notFound = () => new AppError('not_found', M.export_not_found);

/** Where a download's file name says whose data it is. */
const fileNameOf = (kind: ExportScopeKind, at: Date) =>
  `${kind === 'organization' ? 'organization' : kind === 'client' ? 'client' : 'my'}-data_${at.toISOString().slice(0, 10)}.zip`;

export async function createDataExport(
  deps: Deps,
  viewer: Viewer,
  kind: ExportScopeKind,
): Promise<DataExport> {
  const id = randomUUID();
  const now = deps.clock.now();
  const row = await deps.transaction(async (uow) => {
    const [created] = await uow.tx
      .insert(dataExports)
      .values({
        id,
        organizationId: viewer.organizationId,
        requestedBy: viewer.userId,
        scope: kind,
        stepsTotal: STEPS,
        fileName: fileNameOf(kind, now),
        createdAt: now,
      })
      .returning();
    // In the transaction: the job exists exactly when its row does.
    await deps.jobs.send(uow, DATA_EXPORT_QUEUE, { export_id: id });
    return created;
  });
  return toDataExport(row, null);
}

/** The requester's own export of that scope (anyone else's answers 404), with a short-lived link once done. */
export async function readDataExport(
  deps: Deps,
  viewer: Viewer,
  kind: ExportScopeKind,
  id: string,
): Promise<DataExport> {
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.organizationId, viewer.organizationId),
        eq(dataExports.requestedBy, viewer.userId),
        eq(dataExports.scope, kind),
      ),
    );
  if (!row) throw notFound();
  return toDataExport(row, await finishedExportUrl(deps, row));
}

function toDataExport(row: Row, url: string | null): DataExport {
  return {
    id: row.id,
    scope: row.scope,
    status: row.status,
    steps_done: row.stepsDone,
    steps_total: row.stepsTotal,
    progress: exportProgress(row.status, row.stepsDone, row.stepsTotal),
    file_name: row.fileName,
    url,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const setRow = (deps: Pick<Deps, 'db'>, id: string, values: Partial<typeof dataExports.$inferInsert>) =>
  deps.db.update(dataExports).set(values).where(eq(dataExports.id, id));

/** A file's name inside the ZIP: no folders, nothing a file system refuses. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-100) || 'file';

async function* filesOf(deps: Deps, scope: DataScope): AsyncGenerator<ZipFileSource[]> {
  const open = (key: string) => async () => (await deps.storage.get(key))?.body ?? null;
  for await (const batch of keptScreenshotFiles(deps.db, scope))
    yield batch.flatMap((s) =>
      s.key ? [{ path: `screenshots/${s.id}${s.key.slice(s.key.lastIndexOf('.'))}`, open: open(s.key) }] : [],
    );
  for await (const batch of requestAttachments(deps.db, scope))
    yield batch.flatMap((r) =>
      r.key ? [{ path: `attachments/${r.id}-${safeName(r.name ?? 'file')}`, open: open(r.key) }] : [],
    );
}

/**
 * The job: checks the requester still holds an active account of the organization, builds the scope as it is
 * now, and streams the ZIP into storage. Run again after its worker died, it starts over.
 */
export async function runDataExport(deps: Deps, exportId: string): Promise<void> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status === 'done' || row.status === 'failed') return;
  try {
    const account = await findAccount(deps.db, row.requestedBy);
    if (account?.status !== 'active' || account.organizationId !== row.organizationId)
      throw new Error('the requester no longer holds an active account of the organization');
    const scope = await dataScopeOf(deps.db, row.scope, row.organizationId, row.requestedBy);
    await setRow(deps, row.id, { status: 'running', stepsDone: 0 });
    let done = 0;
    const body = exportZip(
      KINDS.map(([name, rows]) => ({ name, rows: () => rows(deps, scope) })),
      () => filesOf(deps, scope),
      async () => {
        done += 1;
        await setRow(deps, row.id, { stepsDone: done });
      },
      deps.clock.now(),
    );
    const key = `exports/${row.organizationId}/data-${row.id}.zip`;
    await deps.storage.put(key, body, { contentType: 'application/zip' });
    await setRow(deps, row.id, {
      status: 'done',
      storageKey: key,
      stepsDone: STEPS,
      finishedAt: deps.clock.now(),
    });
  } catch (err) {
    deps.log.error({ err, exportId: row.id, scope: row.scope }, 'a data export job failed');
    await setRow(deps, row.id, { status: 'failed', error: M.export_failed, finishedAt: deps.clock.now() });
  }
}

/**
 * Removes export files and rows: those older than a day, or (an erasure) every one of an organization made
 * at or before `before`, so no file made earlier still holds the erased person. Answers how many.
 */
export async function sweepDataExports(
  deps: Pick<Deps, 'db' | 'clock' | 'storage'>,
  only?: { organizationId: number; before: Date },
): Promise<number> {
  const before = only?.before ?? new Date(deps.clock.now().getTime() - KEEP_HOURS * HOUR);
  let total = 0;
  for (;;) {
    const rows = await deps.db
      .select({ id: dataExports.id, key: dataExports.storageKey })
      .from(dataExports)
      .where(
        and(
          only ? lte(dataExports.createdAt, before) : lt(dataExports.createdAt, before),
          only ? eq(dataExports.organizationId, only.organizationId) : undefined,
        ),
      )
      .limit(500);
    if (!rows.length) return total;
    // Files first: a failure leaves the rows, and the next run deletes again (a missing key is no error).
    const keys = rows.flatMap((r) => (r.key ? [r.key] : []));
    if (keys.length) await deps.storage.delete(keys);
    await deps.db.delete(dataExports).where(
      inArray(
        dataExports.id,
        rows.map((r) => r.id),
      ),
    );
    total += rows.length;
  }
}
