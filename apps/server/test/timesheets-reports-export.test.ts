import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { DEFAULT_PERIOD, type ReportsWorld, report, seedReportsWorld } from './timesheets-reports-world';

// Each report's export read back: XLSX (exceljs) and CSV, every row of every page and a totals row equal to the
// JSON report's `meta.totals`; the file named after the report and its period; the roles' scope as the reads.
let h: Harness;
let w: ReportsWorld;
useWorld('once', seedReportsWorld, (harness, world) => {
  h = harness;
  w = world;
});

async function download(email: string, area: string, path: string) {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/v1/${area}-access/reports/${path}`,
    headers: await h.bearer(email),
  });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
}

/** The sheet's rows as arrays of cell values (header first). */
async function xlsxRows(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** The CSV's records (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks), BOM dropped. */
function csvRows(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8').replace(/^\ufeff/, '');
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') field += text[++i];
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || record.length) records.push([...record, field]);
  return records;
}

const { start_date: from, end_date: to } = DEFAULT_PERIOD;

describe('report exports', () => {
  it('exports the summary as XLSX: every VA, then totals equal to the JSON report', async () => {
    const json = (await report(h, 'admin@home.test', 'admin', 'summary')).body;
    const file = await download('admin@home.test', 'admin', 'summary/export');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain(`filename="summary_${from}_${to}.xlsx"`);
    const rows = await xlsxRows(file.body);
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    expect(rows.map((r) => r[0])).toEqual(['Virtual assistant', 'Ana Test', 'Ben Test', 'Total']);
    const total = rows[rows.length - 1];
    const t = json.meta.totals;
    expect(total[col('Worked minutes')]).toBe(t.worked_minutes);
    expect(total[col('Billable minutes')]).toBe(t.billable_minutes);
    expect(total[col('Adjustment minutes')]).toBe(t.adjustment_minutes);
    expect(total[col('Screenshots')]).toBe(t.screenshots);
    expect(total[col('Worked hours')]).toBe(38.88);
    // Percentages are stored as fractions (shown as %).
    expect(total[col('Activity %')]).toBe(t.activity_percent / 100);
    const sum = (name: string) => rows.slice(1, -1).reduce((n, r) => n + Number(r[col(name)]), 0);
    expect(sum('Billable minutes')).toBe(t.billable_minutes);
    expect(sum('Shifts')).toBe(t.shifts);
  });

  it('exports the daily report as CSV with every row of every page, not one page', async () => {
    const json = (await report(h, 'admin@home.test', 'admin', 'daily?per_page=3')).body;
    const file = await download('admin@home.test', 'admin', 'daily/export?format=csv&per_page=3');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain(`filename="daily_${from}_${to}.csv"`);
    const [header, ...rest] = csvRows(file.body);
    const body = rest.slice(0, -1);
    const total = rest[rest.length - 1];
    expect(body).toHaveLength(json.meta.total);
    expect(body[0].slice(0, 2)).toEqual(['2026-03-09', 'Ana Test']);
    expect(total[0]).toBe('Total');
    const col = (name: string) => header.indexOf(name);
    for (const [name, key] of [
      ['Scheduled minutes', 'scheduled_minutes'],
      ['Worked minutes', 'worked_minutes'],
      ['Active minutes', 'active_minutes'],
      ['Late minutes', 'late_minutes'],
      ['Shifts', 'shifts'],
      ['Absent', 'absent'],
    ]) {
      expect(Number(total[col(name)])).toBe(json.meta.totals[key]);
      expect(body.reduce((n, r) => n + Number(r[col(name)]), 0)).toBe(json.meta.totals[key]);
    }
    expect(body[0][col('Statuses')]).toBe('completed');
  });

  it('exports the attendance report and the team summary with their totals', async () => {
    const attendance = await download('admin@home.test', 'admin', 'attendance/export?format=csv');
    const [aHeader, ...aRows] = csvRows(attendance.body);
    const aTotal = aRows[aRows.length - 1];
    expect(aTotal[aHeader.indexOf('Shifts')]).toBe('9');
    expect(aTotal[aHeader.indexOf('Punctuality %')]).toBe('57');
    const teams = await download('admin@home.test', 'admin', 'team-summary/export');
    expect(teams.headers['content-disposition']).toContain(`team-summary_${from}_${to}.xlsx`);
    const rows = await xlsxRows(teams.body);
    expect(rows.map((r) => r[0])).toEqual(['Team', 'Days', 'Empty', 'Nights', 'No team', 'Total']);
    expect(rows[rows.length - 1].slice(1, 3)).toEqual([2, 2520]);
  });

  it('names the period given, and keeps every role to its scope', async () => {
    const ranged = await download(
      'mina@home.test',
      'client',
      'daily/export?format=csv&start_date=2026-03-09&end_date=2026-03-10',
    );
    expect(ranged.headers['content-disposition']).toContain('daily_2026-03-09_2026-03-10.csv');
    const [, ...rows] = csvRows(ranged.body);
    expect(rows.map((r) => r[0])).toEqual(['2026-03-09', '2026-03-10', 'Total']);
    // Mina's Monday is her 8 hours, without Ana's evening for Theo.
    expect(rows[0][3]).toBe('480');
    const leo = await download('leader@home.test', 'manager', 'summary/export?format=csv');
    expect(csvRows(leo.body).map((r) => r[0])).toEqual(['Virtual assistant', 'Ben Test', 'Total']);
    expect(
      (await download('manager@home.test', 'manager', `summary/export?va_id=${w.people.ben.id}`)).status,
    ).toBe(404);
    expect((await download('manager@home.test', 'manager', 'attendance/export')).status).toBe(404);
    expect((await download('ana@home.test', 'admin', 'summary/export')).status).toBe(403);
    expect((await download('admin@home.test', 'admin', 'summary/export?format=pdf')).status).toBe(422);
  });
});
