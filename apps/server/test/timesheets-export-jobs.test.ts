import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/modules/people/users.table';
import { runExportJob, sweepExports } from '../src/modules/timesheets/exports/export-jobs';
import { timesheetExports } from '../src/modules/timesheets/timesheets.table';
import { useWorld } from './attendance-world';
import { eventually } from './background';
import type { Harness } from './harness';
import { download, readXlsx } from './timesheets-export-read';
import { asUser, seedTimesheetWorld, type TimesheetWorld } from './timesheets-fixtures';

let h: Harness;
let w: TimesheetWorld;
useWorld('each', seedTimesheetWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

type Job = {
  id: string;
  status: string;
  progress: number;
  rows_done: number;
  rows_total: number;
  url: string | null;
};

async function start(email: string, area: 'admin' | 'manager' | 'client', body: object) {
  const res = await asUser(h, email, area, 'POST', 'timesheets/export-jobs', body);
  expect(res.status).toBe(202);
  return res.body as Job;
}

const finished = (email: string, area: 'admin' | 'manager' | 'client', id: string) =>
  eventually(`export ${id} to finish`, async () => {
    const res = await asUser(h, email, area, 'GET', `timesheets/export-jobs/${id}`);
    const job = res.body as Job;
    return job.status === 'done' || job.status === 'failed' ? job : null;
  });

/** The signed link: a path on this server, no session needed. */
const fetchSigned = (url: string) => h.app.inject({ method: 'GET', url });

describe('timesheet export jobs', () => {
  it('counts the rows, reaches 100 %, and its signed link downloads the same file as the direct export', async () => {
    const q = { format: 'csv', start_date: '2026-03-02', end_date: '2026-03-15' };
    const job = await start('admin@home.test', 'admin', q);
    expect(job).toMatchObject({ status: 'queued', rows_total: 10, rows_done: 0, progress: 0, url: null });
    expect(job).toMatchObject({ file_name: 'timesheets_2026-03-02_2026-03-15.csv' });

    const done = await finished('admin@home.test', 'admin', job.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, rows_done: 10, rows_total: 10 });
    expect(done.url).toEqual(expect.any(String));
    const file = await fetchSigned(done.url as string);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('timesheets_2026-03-02_2026-03-15.csv');
    const direct = await download(
      h,
      'admin@home.test',
      'admin',
      'timesheets/export?format=csv&start_date=2026-03-02&end_date=2026-03-15',
    );
    expect(file.rawPayload.equals(direct.bytes)).toBe(true);
  });

  it("exports in the requester's scope as it is when the job runs; an XLSX reads back", async () => {
    const job = await start('theo@home.test', 'client', { format: 'xlsx' });
    expect(job.rows_total).toBe(5);
    const done = await finished('theo@home.test', 'client', job.id);
    expect(done.status).toBe('done');
    const book = await readXlsx((await fetchSigned(done.url as string)).rawPayload);
    const [header, ...rows] = book.Timesheets;
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r[header.indexOf('Client')] === 'Theo Test')).toBe(true);
  });

  it("answers 404 for another user's job, and 404 for a filter outside the scope", async () => {
    const job = await start('admin@home.test', 'admin', { format: 'csv' });
    for (const [email, area] of [
      ['manager@home.test', 'manager'],
      ['theo@home.test', 'client'],
      ['admin@else.test', 'admin'],
    ] as const)
      expect((await asUser(h, email, area, 'GET', `timesheets/export-jobs/${job.id}`)).status).toBe(404);
    const outside = await asUser(h, 'manager@home.test', 'manager', 'POST', 'timesheets/export-jobs', {
      format: 'csv',
      va_id: w.people.ben.id,
    });
    expect(outside.status).toBe(404);
    const pdf = await asUser(h, 'admin@home.test', 'admin', 'POST', 'timesheets/export-jobs', {
      format: 'pdf',
    });
    expect(pdf.status).toBe(422);
  });

  it('fails with a friendly error when the requester lost the role, and the sweep removes old files and rows', async () => {
    const job = await start('manager@home.test', 'manager', { format: 'csv' });
    await finished('manager@home.test', 'manager', job.id);
    const [row] = await h.db.select().from(timesheetExports).where(eq(timesheetExports.id, job.id));
    expect(row.storageKey).toMatch(/^exports\/1\/.+\.csv$/);
    const stored = await h.deps.storage.get(row.storageKey as string);
    expect(stored).not.toBeNull();
    stored?.body.destroy();

    // A queued export whose requester is no longer a manager: the job refuses to run in a scope they lost.
    await h.db
      .update(timesheetExports)
      .set({ status: 'queued', storageKey: null })
      .where(eq(timesheetExports.id, job.id));
    await h.db
      .update(users)
      .set({ roles: ['va'] })
      .where(eq(users.id, w.people.manager.id));
    await runExportJob(h.deps, job.id);
    const [failed] = await h.db.select().from(timesheetExports).where(eq(timesheetExports.id, job.id));
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'The export failed. Try again, or narrow the filters.',
    });

    const kept = await start('admin@home.test', 'admin', { format: 'csv' });
    const keptRow = await finished('admin@home.test', 'admin', kept.id);
    const [keptFile] = await h.db.select().from(timesheetExports).where(eq(timesheetExports.id, keptRow.id));
    h.clock.advance(23 * 3_600_000);
    expect(await sweepExports(h.deps)).toBe(0);
    h.clock.advance(2 * 3_600_000);
    expect(await sweepExports(h.deps)).toBe(2);
    expect(await h.deps.storage.get(keptFile.storageKey as string)).toBeNull();
    expect(
      (await asUser(h, 'admin@home.test', 'admin', 'GET', `timesheets/export-jobs/${kept.id}`)).status,
    ).toBe(404);
  });
});
