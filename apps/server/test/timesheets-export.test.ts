import { buffer } from 'node:stream/consumers';
import type { Area, Role } from '@vahub/shared/auth/roles';
import { exportQuerySchema } from '@vahub/shared/timesheets/schemas';
import { describe, expect, it } from 'vitest';
import { peopleByIds } from '../src/modules/people/public';
import { timesheetExport } from '../src/modules/timesheets/exports/exports.service';
import {
  streamExportRows,
  timesheetPage,
  timesheetTotals,
  timesheetWhere,
} from '../src/modules/timesheets/timesheets.query';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { download, minutesOf, parseCsv, pdfText, readXlsx } from './timesheets-export-read';
import { seedTimesheetWorld, type TimesheetWorld } from './timesheets-fixtures';

let h: Harness;
let w: TimesheetWorld;
useWorld('once', seedTimesheetWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

type Person = TimesheetWorld['people']['admin'];
/** The viewer the route would build for `person` in `area`: the list's query and totals, straight from SQL. */
const viewerOf = (person: Person, area: Area) =>
  h.deps.viewers(
    {
      userId: person.id,
      organizationId: person.organizationId,
      roles: person.roles as Role[],
      sessionId: 'test',
      timezone: person.timezone,
    },
    area,
  );
async function listOf(person: Person, area: Area, filters: Record<string, unknown> = {}) {
  const where = timesheetWhere(viewerOf(person, area), filters);
  const [rows, totals] = await Promise.all([
    timesheetPage(h.db, where, { limit: 100, offset: 0 }),
    timesheetTotals(h.db, where),
  ]);
  return { rows, totals };
}

const col = (header: unknown[], name: string) => {
  const i = header.indexOf(name);
  if (i < 0) throw new Error(`no column ${name}`);
  return i;
};
const sum = (rows: unknown[][], i: number) => rows.reduce((s, r) => s + minutesOf(r[i]), 0);

describe('streaming rows', () => {
  it('walks every row once, oldest first, across batches (the keyset)', async () => {
    const where = timesheetWhere(viewerOf(w.people.admin, 'admin'), {});
    const { rows } = await listOf(w.people.admin, 'admin');
    const streamed: number[] = [];
    for await (const batch of streamExportRows(h.db, where, 3)) {
      expect(batch.length).toBeLessThanOrEqual(3);
      streamed.push(...batch.map((r) => r.id));
    }
    expect(rows.length).toBeGreaterThan(6);
    expect(streamed).toEqual(rows.map((r) => r.id));
  });
});

describe('timesheet export: XLSX', () => {
  it("holds the list's rows oldest first, decimal hours = minutes / 60, sums = the list's totals, and totals per VA and client", async () => {
    const res = await download(h, 'admin@home.test', 'admin', 'timesheets/export');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('filename="timesheets_all.xlsx"');
    const book = await readXlsx(res.bytes);
    expect(Object.keys(book)).toEqual(['Timesheets', 'Totals']);
    const [header, ...rows] = book.Timesheets;
    const list = await listOf(w.people.admin, 'admin');
    // Organization 1's ten timesheets; organization 2's one is not there.
    expect(rows).toHaveLength(10);
    expect(list.totals.count).toBe(10);
    expect(rows.map((r) => (r[col(header, 'Date')] as Date).toISOString().slice(0, 10))).toEqual(
      list.rows.map((r) => r.date),
    );
    const people = await peopleByIds(
      h.db,
      list.rows.flatMap((r) => [r.vaId, r.clientId]),
    );
    expect(rows.map((r) => r[col(header, 'VA')])).toEqual(list.rows.map((r) => people.get(r.vaId)?.name));
    expect(rows.map((r) => r[col(header, 'Client')])).toEqual(
      list.rows.map((r) => people.get(r.clientId)?.name),
    );
    expect(rows.map((r) => r[col(header, 'Contract')])).toEqual(list.rows.map((r) => r.contractTitle));

    for (const figure of ['Scheduled', 'Worked', 'Active', 'Idle', 'Overtime', 'Adjustment', 'Billable'])
      for (const r of rows) {
        const minutes = minutesOf(r[col(header, `${figure} (h:mm)`)]);
        expect(r[col(header, `${figure} (hours)`)]).toBe(Math.round((minutes / 60) * 100) / 100);
      }
    const worked = sum(rows, col(header, 'Worked (h:mm)'));
    const billable = sum(rows, col(header, 'Billable (h:mm)'));
    expect(worked).toBe(list.totals.worked_minutes);
    expect(billable).toBe(list.totals.billable_minutes);
    // The world's figures: Ana's Wednesday of 540 worked counts 480 (no overtime allowed).
    expect([worked, billable]).toEqual([3740, 3680]);
    // Ana's first Monday: 480 worked, 400 active.
    expect(rows[0][col(header, 'Activity %')]).toBe(0.83);

    const [totalsHeader, ...lines] = book.Totals;
    const line = (of: string, name: string) => {
      const found = lines.find((l) => l[0] === of && l[1] === name);
      if (!found) throw new Error(`no totals of ${of} ${name}`);
      return found;
    };
    const minutes = (l: unknown[], figure: string) => minutesOf(l[col(totalsHeader, `${figure} (h:mm)`)]);
    for (const [of, column] of [
      ['VA', 'VA'],
      ['Client', 'Client'],
    ])
      for (const name of new Set(rows.map((r) => r[col(header, column)] as string))) {
        const mine = rows.filter((r) => r[col(header, column)] === name);
        for (const figure of ['Worked', 'Billable', 'Scheduled'])
          expect(minutes(line(of, name), figure)).toBe(sum(mine, col(header, `${figure} (h:mm)`)));
        expect(line(of, name)[col(totalsHeader, 'Timesheets')]).toBe(mine.length);
      }
    expect(lines.map((l) => l[0])).toEqual(['VA', 'VA', 'Client', 'Client', 'All']);
    const all = line('All', 'All timesheets');
    expect([minutes(all, 'Worked'), minutes(all, 'Billable')]).toEqual([worked, billable]);
    expect(all[col(totalsHeader, 'Billable (hours)')]).toBe(Math.round((billable / 60) * 100) / 100);
  });

  it('keeps to the scope: a manager their VAs, a client their own, another organization its own', async () => {
    const vasOf = async (email: string, area: string) => {
      const res = await download(h, email, area, 'timesheets/export');
      expect(res.status).toBe(200);
      const [header, ...rows] = (await readXlsx(res.bytes)).Timesheets;
      return rows.map((r) => `${r[col(header, 'VA')]}/${r[col(header, 'Client')]}`);
    };
    expect(new Set(await vasOf('manager@home.test', 'manager'))).toEqual(
      new Set(['Ana Test/Mina Test', 'Ana Test/Theo Test']),
    );
    expect(await vasOf('manager@home.test', 'manager')).toHaveLength(
      (await listOf(w.people.manager, 'manager')).totals.count,
    );
    expect(new Set(await vasOf('leader@home.test', 'manager'))).toEqual(new Set(['Ben Test/Theo Test']));
    const theo = await vasOf('theo@home.test', 'client');
    expect(theo).toHaveLength(5);
    expect(theo.every((v) => v.endsWith('/Theo Test'))).toBe(true);
    expect(await vasOf('admin@else.test', 'admin')).toEqual(['Gus Test/Finn Test']);
  });

  it('answers 404 for a filter outside the scope, 403 to a VA, 422 for a bad format', async () => {
    const ben = w.people.ben.id;
    expect((await download(h, 'manager@home.test', 'manager', `timesheets/export?va_id=${ben}`)).status).toBe(
      404,
    );
    expect((await download(h, 'mina@home.test', 'client', `timesheets/export?va_id=${ben}`)).status).toBe(
      404,
    );
    const ana = w.people.ana.id;
    expect((await download(h, 'admin@else.test', 'admin', `timesheets/export?va_id=${ana}`)).status).toBe(
      404,
    );
    expect((await download(h, 'ana@home.test', 'admin', 'timesheets/export')).status).toBe(403);
    expect((await download(h, 'ana@home.test', 'client', 'timesheets/export')).status).toBe(403);
    const bad = await download(h, 'admin@home.test', 'admin', 'timesheets/export?format=doc');
    expect(bad.status).toBe(422);
  });
});

describe('timesheet export: CSV', () => {
  it('has a BOM, the period in its name, the filtered rows, then the totals after the rows', async () => {
    const q = 'start_date=2026-03-02&end_date=2026-03-08';
    const res = await download(h, 'admin@home.test', 'admin', `timesheets/export?format=csv&${q}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('timesheets_2026-03-02_2026-03-08.csv');
    expect(res.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parseCsv(res.bytes.toString('utf8').slice(1));
    const blank = records.findIndex((r) => r.length === 1 && r[0] === '');
    const [header, ...rows] = records.slice(0, blank);
    const list = await listOf(w.people.admin, 'admin', { start_date: '2026-03-02', end_date: '2026-03-08' });
    expect(rows.map((r) => r[col(header, 'Date')])).toEqual(list.rows.map((r) => r.date));
    expect(sum(rows, col(header, 'Worked (h:mm)'))).toBe(list.totals.worked_minutes);
    expect(sum(rows, col(header, 'Billable (h:mm)'))).toBe(list.totals.billable_minutes);
    for (const r of rows)
      expect(Number(r[col(header, 'Worked (hours)')])).toBe(
        Math.round((minutesOf(r[col(header, 'Worked (h:mm)')]) / 60) * 100) / 100,
      );
    expect(records[blank + 1]).toEqual(['Totals']);
    const [totalsHeader, ...lines] = records.slice(blank + 2).filter((r) => r.length > 1);
    const all = lines.find((l) => l[0] === 'All');
    expect(all && minutesOf(all[col(totalsHeader, 'Billable (h:mm)')])).toBe(list.totals.billable_minutes);
  });
});

describe('timesheet export: PDF', () => {
  it("needs a VA (422 on va_id) and prints that VA's period with totals and signature lines", async () => {
    const none = await download(h, 'admin@home.test', 'admin', 'timesheets/export?format=pdf');
    expect(none.status).toBe(422);
    expect(JSON.stringify(none.json())).toContain('va_id');

    const ana = w.people.ana.id;
    const q = `format=pdf&va_id=${ana}&start_date=2026-03-02&end_date=2026-03-08`;
    const res = await download(h, 'admin@home.test', 'admin', `timesheets/export?${q}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('timesheet_ana-test_2026-03-02_2026-03-08.pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The same document uncompressed, to read its text.
    const query = exportQuerySchema.parse({
      format: 'pdf',
      va_id: ana,
      start_date: '2026-03-02',
      end_date: '2026-03-08',
    });
    const file = await timesheetExport(h.deps, viewerOf(w.people.admin, 'admin'), query, {
      compressPdf: false,
    });
    const text = pdfText(await buffer(file.body));
    expect(text).toContain('Timesheet of Ana Test');
    expect(text).toContain('Period: 2026-03-02 to 2026-03-08');
    expect(text.filter((t) => /^2026-03-0\d$/.test(t))).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
    ]);
    // Ana's week 1: 480 + 450 + 540 + 240 worked; billable caps Wednesday at 480.
    expect(text.join('\n')).toContain('worked 28:30, overtime 0:00, adjustment 0:00, billable 27:30');
    expect(text).toContain('Signature, VA: Ana Test');
    expect(text).toContain('Signature, Client');
  });
});
