import { buffer } from 'node:stream/consumers';
import type { Role } from '@vahub/shared/auth/roles';
import { exportQuerySchema } from '@vahub/shared/timesheets/schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/modules/people/users.table';
import { timesheetExport } from '../src/modules/timesheets/exports/exports.service';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { download, parseCsv, pdfText, readXlsx } from './timesheets-export-read';
import { seedTimesheetWorld, type TimesheetWorld } from './timesheets-fixtures';

// A client is named by their company in every export, as on every screen; the contact person stands beside it.
// Mina (client of Ana's c1) has a company here; Theo has none and keeps his own name.
let h: Harness;
let w: TimesheetWorld;
useWorld(
  'once',
  async (hh) => {
    const world = await seedTimesheetWorld(hh);
    await hh.db.update(users).set({ companyName: 'Acme Dental' }).where(eq(users.id, world.people.mina.id));
    return world;
  },
  (hh, ww) => {
    h = hh;
    w = ww;
  },
);

const col = (header: unknown[], name: string) => {
  const i = header.indexOf(name);
  if (i < 0) throw new Error(`no column ${name}`);
  return i;
};
const pairs = (header: unknown[], rows: unknown[][]) =>
  new Set(rows.map((r) => `${r[col(header, 'Client')]} / ${r[col(header, 'Client contact')]}`));

describe('the client of a timesheet export', () => {
  it('XLSX: the company in Client, the person in Client contact, and the totals per client by company', async () => {
    const res = await download(h, 'admin@home.test', 'admin', 'timesheets/export');
    expect(res.status).toBe(200);
    const book = await readXlsx(res.bytes);
    const [header, ...rows] = book.Timesheets;
    expect(pairs(header, rows)).toEqual(new Set(['Acme Dental / Mina Test', 'Theo Test / Theo Test']));
    const [totalsHeader, ...lines] = book.Totals;
    const clients = lines.filter((l) => l[0] === 'Client');
    expect(clients.map((l) => [l[col(totalsHeader, 'Name')], l[col(totalsHeader, 'Email')]])).toEqual([
      ['Acme Dental', w.people.mina.email],
      ['Theo Test', w.people.theo.email],
    ]);
  });

  it('CSV: the same two columns', async () => {
    const res = await download(h, 'admin@home.test', 'admin', 'timesheets/export?format=csv');
    expect(res.status).toBe(200);
    const records = parseCsv(res.bytes.toString('utf8').slice(1));
    const blank = records.findIndex((r) => r.length === 1 && r[0] === '');
    const [header, ...rows] = records.slice(0, blank);
    expect(pairs(header, rows)).toEqual(new Set(['Acme Dental / Mina Test', 'Theo Test / Theo Test']));
  });

  it('PDF: the company in the Client column, never the contact alone', async () => {
    const admin = w.people.admin;
    const viewer = h.deps.viewers(
      {
        userId: admin.id,
        organizationId: admin.organizationId,
        roles: admin.roles as Role[],
        sessionId: 'test',
        timezone: admin.timezone,
      },
      'admin',
    );
    const query = exportQuerySchema.parse({
      format: 'pdf',
      va_id: w.people.ana.id,
      start_date: '2026-03-02',
      end_date: '2026-03-08',
    });
    const file = await timesheetExport(h.deps, viewer, query, { compressPdf: false });
    const text = pdfText(await buffer(file.body));
    // Ana's week 1: three days for Mina's company (c1), one for Theo (c3).
    expect(text.filter((t) => t === 'Acme Dental')).toHaveLength(3);
    expect(text.filter((t) => t === 'Theo Test')).toHaveLength(1);
    expect(text).not.toContain('Mina Test');
  });
});
