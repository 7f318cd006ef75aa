import { inflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { contracts } from '../src/modules/contracts/contracts.table';
import { dataExports } from '../src/modules/data-rights/data-rights.table';
import { eraseDue } from '../src/modules/data-rights/erase.service';
import { invoiceLines } from '../src/modules/money/money.table';
import { notifications } from '../src/modules/notifications/notifications.table';
import { users } from '../src/modules/people/users.table';
import { userRequests } from '../src/modules/requests/requests.table';
import { screenshots } from '../src/modules/screenshots/screenshots.table';
import { timesheets } from '../src/modules/timesheets/timesheets.table';
import { useWorld } from './attendance-world';
import { eventually } from './background';
import type { Harness } from './harness';
import { approveAll, draft, setRates } from './money-fixtures';
import { screenshotRow } from './screenshots-fixtures';
import { asUser, seedTimesheetWorld, WEEK1 } from './timesheets-fixtures';

// Data export and erasure (issue 33, part B): the ZIPs of an organization, a client and a VA hold their rows and
// nobody else's; erasing a VA leaves their name and email in no read and no export, keeps the figures under the
// alias, removes their files and ends their sessions; the daily job erases after the organization's period.

const ADMIN = 'admin@home.test';
const ANA_NAME = 'Ana Test';
const ANA_EMAIL = 'ana@home.test';
const PNG = Buffer.from('89504e470d0a1a0a-fake-image', 'utf8');

async function seed(h: Harness) {
  const w = await seedTimesheetWorld(h);
  const { ana, mina, va2 } = w.people;
  // An invoice to Mina for Ana's week: its line names Ana.
  await setRates(h, w.contracts.c1.id, { rate: '20.00', currency: 'USD' });
  await approveAll(h, w);
  const invoice = await draft(h, { client_id: mina.id, start_date: WEEK1, end_date: '2026-03-08' });
  // Screenshots with their files: Ana's (organization 1) and Gus's (organization 2).
  const shots = await h.db
    .insert(screenshots)
    .values([
      screenshotRow(w.attendances.anaMon1, '2026-03-02T02:00:00Z'),
      screenshotRow(w.attendances.gusTue1, '2026-03-03T02:00:00Z'),
    ])
    .returning();
  for (const s of shots) {
    await h.deps.storage.put(s.imageKey as string, PNG, { contentType: 'image/png' });
    await h.deps.storage.put(s.thumbnailKey as string, PNG, { contentType: 'image/webp' });
  }
  // A request of Ana's with an attachment.
  const fileKey = `requests/1/${ana.id}/note.pdf`;
  await h.deps.storage.put(fileKey, Buffer.from('%PDF-1.4 sick note'), { contentType: 'application/pdf' });
  await h.db.insert(userRequests).values({
    organizationId: 1,
    vaId: ana.id,
    clientId: mina.id,
    contractId: w.contracts.c1.id,
    type: 'vacation_leave',
    status: 'pending',
    targetStartDate: '2026-04-01',
    targetEndDate: '2026-04-02',
    fileKey,
    fileName: 'sick note.pdf',
    fileType: 'application/pdf',
  });
  // Texts quoting her: a contract's title and a timesheet's note, Mina's notification, Ana's own, audit entries about her account and naming her.
  await h.db
    .update(contracts)
    .set({ title: `${ANA_NAME} for Mina` })
    .where(eq(contracts.id, w.contracts.c1.id));
  await h.db
    .update(timesheets)
    .set({ note: `Checked with ${ANA_NAME}` })
    .where(eq(timesheets.attendanceId, w.attendances.anaMon1.id));
  await h.db.insert(notifications).values([
    {
      organizationId: 1,
      userId: mina.id,
      vaId: ana.id,
      type: 'request.created',
      title: `${ANA_NAME} asked for leave`,
      body: `${ANA_NAME} (${ANA_EMAIL}) asked for 2 days.`,
      data: { va_name: ANA_NAME },
    },
    { organizationId: 1, userId: ana.id, type: 'request.created', title: 'Your request', body: 'Sent.' },
  ]);
  await h.db.insert(auditLog).values([
    {
      organizationId: 1,
      actorId: w.people.admin.id,
      action: 'user.updated',
      entityType: 'user',
      entityId: ana.id,
      before: { first_name: 'Ana', email: ANA_EMAIL },
      after: { first_name: 'Ana', email: ANA_EMAIL, position: 'Designer' },
    },
    {
      organizationId: 1,
      actorId: w.people.admin.id,
      action: 'contract.updated',
      entityType: 'contract',
      entityId: w.contracts.c1.id,
      after: { title: `${ANA_NAME} for Mina` },
    },
  ]);
  return { ...w, invoiceId: invoice.id as number, shots, fileKey, gus: va2 };
}

let h: Harness;
let w: Awaited<ReturnType<typeof seed>>;
useWorld('once', seed, (hh, ww) => {
  h = hh;
  w = ww;
});

/** The entries of a ZIP, read from its central directory (stored or deflated, as yazl writes them). */
function readZip(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const [nameLength, extraLength, commentLength] = [28, 30, 32].map((o) => zip.readUInt16LE(at + o));
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    out.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

type Area = 'admin' | 'client' | 'va';
type Job = { id: string; status: string; progress: number; url: string | null };
const START = { admin: 'exports/organization', client: 'exports/mine', va: 'exports/me' } as const;

/** Starts an export, waits for its job, downloads the ZIP through its signed link. */
async function exportOf(email: string, area: Area) {
  const started = await asUser(h, email, area, 'POST', START[area]);
  expect(started.status).toBe(202);
  const job = await eventually('the export to finish', async () => {
    const res = await asUser(h, email, area, 'GET', `exports/${(started.body as Job).id}`);
    const body = res.body as Job;
    return body.status === 'done' || body.status === 'failed' ? body : null;
  });
  expect(job).toMatchObject({ status: 'done', progress: 100 });
  const file = await h.app.inject({ method: 'GET', url: job.url as string });
  expect(file.statusCode).toBe(200);
  const entries = readZip(file.rawPayload);
  const rows = (kind: string) =>
    JSON.parse(String(entries.get(`${kind}.json`))) as Array<Record<string, unknown>>;
  /** Whether any file of the ZIP holds the text. */
  const holds = (text: string) => [...entries.values()].some((bytes) => bytes.includes(Buffer.from(text)));
  return { id: job.id, entries, rows, holds };
}

const KINDS = ['people', 'contracts', 'schedules', 'attendance', 'pings', 'timesheets', 'requests'];
const ids = (rows: Array<Record<string, unknown>>, key = 'id') =>
  [...new Set(rows.map((r) => r[key]))].sort();

describe('data export', () => {
  it("holds a JSON and a CSV file per kind with the organization's rows, its kept screenshots and attachments, nothing of another", async () => {
    const zip = await exportOf(ADMIN, 'admin');
    for (const kind of [
      ...KINDS,
      'projects',
      'tasks',
      'notifications',
      'audit',
      'screenshots',
      'invoice_lines',
    ]) {
      const rows = zip.rows(kind);
      const csv = String(zip.entries.get(`${kind}.csv`))
        .split('\r\n')
        .filter(Boolean);
      expect(csv.length, kind).toBe(rows.length ? rows.length + 1 : 0);
      for (const row of rows) if ('organization_id' in row) expect(row.organization_id, kind).toBe(1);
    }
    const people = zip.rows('people');
    expect(people.map((p) => p.email)).toContain(ANA_EMAIL);
    expect(people.map((p) => p.email)).not.toContain('va@else.test');
    expect(people.some((p) => 'password_hash' in p)).toBe(false);
    expect(zip.rows('timesheets')).toHaveLength(10);
    expect(zip.rows('invoice_lines').map((l) => l.description)).toEqual([expect.stringContaining(ANA_NAME)]);
    const [anaShot, gusShot] = w.shots;
    expect(zip.entries.get(`screenshots/${anaShot.id}.png`)?.equals(PNG)).toBe(true);
    expect(zip.entries.has(`screenshots/${gusShot.id}.png`)).toBe(false);
    expect([...zip.entries.keys()].filter((k) => k.startsWith('attachments/'))).toEqual([
      expect.stringMatching(/^attachments\/\d+-sick_note\.pdf$/),
    ]);
    expect(zip.holds('else.test')).toBe(false);
  });

  it("a client's holds only their contracts and the VAs of those; a VA's only them", async () => {
    const { theo, ben, ana, mina } = w.people;
    const client = await exportOf('theo@home.test', 'client');
    expect(ids(client.rows('people'))).toEqual([theo.id, ana.id, ben.id].sort());
    expect(ids(client.rows('contracts'), 'client_id')).toEqual([theo.id]);
    for (const kind of ['attendance', 'timesheets', 'screenshots', 'requests'])
      expect(ids(client.rows(kind), 'client_id'), kind).not.toContain(mina.id);
    expect(client.rows('timesheets')).toHaveLength(5);
    // What a client never reads in the product: pay, requests, pings, their VAs' phone.
    expect(client.rows('contracts').some((c) => 'pay_rate' in c)).toBe(false);
    expect(client.rows('requests')).toEqual([]);
    expect(client.rows('pings')).toEqual([]);
    expect(client.rows('people').find((p) => p.id === ana.id)).not.toHaveProperty('phone');
    expect(client.rows('invoice_lines')).toEqual([]);
    expect([...client.entries.keys()].some((k) => k.startsWith('screenshots/'))).toBe(false);

    const va = await exportOf('ben@home.test', 'va');
    expect(ids(va.rows('people'))).toEqual([ben.id]);
    for (const kind of ['contracts', 'attendance', 'pings', 'timesheets', 'requests'])
      expect(ids(va.rows(kind), 'va_id'), kind).toEqual(va.rows(kind).length ? [ben.id] : []);
    expect(va.rows('notifications')).toEqual([]);
    expect(va.holds(ANA_EMAIL)).toBe(false);
    // Another person's job answers 404.
    expect((await asUser(h, 'ana@home.test', 'va', 'GET', `exports/${va.id}`)).status).toBe(404);
    expect((await asUser(h, 'admin@else.test', 'admin', 'GET', `exports/${va.id}`)).status).toBe(404);
  });
});

describe('erasure', () => {
  it('is refused to a client or a VA, 404 in another organization, 422 without the exact name or for oneself', async () => {
    const path = `user/${w.people.ana.id}/erase`;
    const body = { confirm_name: ANA_NAME };
    for (const email of ['theo@home.test', 'ben@home.test']) {
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/v1/admin-access/${path}`,
        headers: await h.bearer(email),
        payload: body,
      });
      expect(res.statusCode, email).toBe(403);
    }
    expect((await asUser(h, 'admin@else.test', 'admin', 'POST', path, body)).status).toBe(404);
    const wrong = await asUser(h, ADMIN, 'admin', 'POST', path, { confirm_name: 'Ana Tess' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toHaveProperty('confirm_name');
    const self = await asUser(h, ADMIN, 'admin', 'POST', `user/${w.people.admin.id}/erase`, {
      confirm_name: 'Ada Test',
    });
    expect(self.status).toBe(422);
  });

  it('leaves her name and email in no read and no export, keeps the figures under the alias, removes her files and sessions', async () => {
    const { ana } = w.people;
    const anaHeader = await h.bearer(ANA_EMAIL);
    const figures = async () =>
      (
        await h.db
          .select({
            id: timesheets.id,
            worked: timesheets.frozenWorkedMinutes,
            adjustment: timesheets.adjustmentMinutes,
            status: timesheets.status,
          })
          .from(timesheets)
          .where(eq(timesheets.vaId, ana.id))
      ).sort((a, b) => a.id - b.id);
    const before = await figures();
    const [lineBefore] = await h.db.select().from(invoiceLines).where(eq(invoiceLines.vaId, ana.id));
    const oldExport = await h.db.select().from(dataExports);

    const res = await asUser(h, ADMIN, 'admin', 'POST', `user/${ana.id}/erase`, {
      confirm_name: ' ana  test ',
    });
    expect(res.status).toBe(200);
    const alias = res.body.alias as string;
    expect(alias).toMatch(/^Erased person [0-9a-f]{6}$/);
    expect(res.body).toMatchObject({ screenshots_removed: 2, attachments_removed: 1, sessions_ended: 1 });

    // Figures stay, under the alias.
    expect(await figures()).toEqual(before);
    const [lineAfter] = await h.db.select().from(invoiceLines).where(eq(invoiceLines.vaId, ana.id));
    expect(lineAfter.amountCents).toBe(lineBefore.amountCents);
    expect(lineAfter.minutes).toBe(lineBefore.minutes);
    expect(lineAfter.description).toContain(alias);
    // Files gone from storage; the exports made before went with them.
    for (const key of [w.shots[0].imageKey, w.shots[0].thumbnailKey, w.fileKey])
      expect(await h.deps.storage.get(key as string)).toBeNull();
    const kept = await h.deps.storage.get(w.shots[1].imageKey as string);
    expect(kept).not.toBeNull();
    kept?.body.destroy();
    for (const e of oldExport) expect(await h.deps.storage.get(e.storageKey as string)).toBeNull();
    // Her session ended.
    const me = await h.app.inject({ method: 'GET', url: '/api/v1/va-access/user', headers: anaHeader });
    expect(me.statusCode).toBe(401);
    h.forget(ANA_EMAIL);
    // The audit keeps who erased whom and when, under the alias.
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'user.erased'));
    expect(entry).toMatchObject({
      actorId: w.people.admin.id,
      entityId: ana.id,
      after: { alias, by: 'admin' },
    });

    const reads: Array<[string, Area | 'manager', string]> = [
      [ADMIN, 'admin', 'users'],
      [ADMIN, 'admin', `user/${ana.id}`],
      [ADMIN, 'admin', 'timesheets'],
      [ADMIN, 'admin', 'contracts'],
      [ADMIN, 'admin', `timesheets/${before[0].id}`],
      [ADMIN, 'admin', `invoices/${w.invoiceId}`],
      [ADMIN, 'admin', 'audit-log'],
      [ADMIN, 'admin', 'user-requests'],
      ['manager@home.test', 'manager', 'timesheets'],
      ['mina@home.test', 'client', 'timesheets'],
    ];
    for (const [email, area, path] of reads) {
      const read = await asUser(h, email, area as Area, 'GET', path);
      expect(read.status, path).toBe(200);
      const text = JSON.stringify(read.body);
      expect(text, `${area} ${path}`).not.toContain(ANA_NAME);
      expect(text, `${area} ${path}`).not.toContain(ANA_EMAIL);
    }
    expect(JSON.stringify((await asUser(h, ADMIN, 'admin', 'GET', 'timesheets')).body)).toContain(alias);
    const feed = await h.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: await h.bearer('mina@home.test'),
    });
    expect(feed.body).not.toContain(ANA_NAME);
    expect(feed.body).not.toContain(ANA_EMAIL);
    expect(feed.body).toContain(alias);

    for (const [email, area] of [
      [ADMIN, 'admin'],
      ['mina@home.test', 'client'],
    ] as const) {
      const zip = await exportOf(email, area);
      for (const [name, bytes] of zip.entries) {
        expect(bytes.includes(Buffer.from(ANA_NAME)), name).toBe(false);
        expect(bytes.includes(Buffer.from(ANA_EMAIL)), name).toBe(false);
      }
      expect(zip.rows('people').map((p) => `${p.first_name} ${p.last_name}`)).toContain(alias);
    }
    // Once is enough.
    const again = await asUser(h, ADMIN, 'admin', 'POST', `user/${ana.id}/erase`, { confirm_name: alias });
    expect(again.status).toBe(409);
  });

  it("the daily job erases the people deactivated or deleted longer ago than the organization's period", async () => {
    const { ben } = w.people;
    const now = h.clock.now().getTime();
    await h.db
      .update(users)
      .set({ status: 'inactive', updatedAt: new Date(now - 40 * 86_400_000) })
      .where(eq(users.id, ben.id));
    // Dora had no history: deleted, but the audit's snapshot and Mina's notification still name her.
    const dora = await h.createUser({
      email: 'dora@home.test',
      roles: ['va'],
      firstName: 'Dora',
      lastName: 'Gone',
    });
    expect((await asUser(h, ADMIN, 'admin', 'DELETE', `user/${dora.id}`)).status).toBe(204);
    await h.db
      .update(auditLog)
      .set({ createdAt: new Date(now - 40 * 86_400_000) })
      .where(eq(auditLog.entityId, dora.id));
    await h.db.insert(notifications).values({
      organizationId: 1,
      userId: w.people.mina.id,
      type: 'request.created',
      title: 'Dora Gone left',
      body: 'dora@home.test is no longer with us.',
    });
    expect((await asUser(h, ADMIN, 'admin', 'GET', 'data-rights/settings')).body).toEqual({
      erase_after_days: 30,
    });
    const setDays = async (days: number) =>
      h.app.inject({
        method: 'PUT',
        url: '/api/v1/admin-access/data-rights/settings',
        headers: await h.bearer(ADMIN),
        payload: { erase_after_days: days },
      });
    const bad = await setDays(0);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('erase_after_days');
    expect((await setDays(60)).statusCode).toBe(200);
    expect(await eraseDue(h.deps)).toBe(0);
    expect((await setDays(30)).statusCode).toBe(200);
    expect(await eraseDue(h.deps)).toBe(2);
    expect(await eraseDue(h.deps)).toBe(0);
    const texts = JSON.stringify([
      await h.db.select().from(notifications),
      await h.db.select().from(auditLog).where(eq(auditLog.entityId, dora.id)),
    ]);
    expect(texts).not.toContain('Dora Gone');
    expect(texts).not.toContain('dora@home.test');
    const [row] = await h.db.select().from(users).where(eq(users.id, ben.id));
    expect(`${row.firstName} ${row.lastName}`).toMatch(/^Erased person [0-9a-f]{6}$/);
    expect(row.email).not.toContain('ben@');
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, ben.id))
      .orderBy(auditLog.id)
      .then((rows) => rows.filter((r) => r.action === 'user.erased'));
    expect(entry).toMatchObject({ actorId: null, after: { by: 'erasure period' } });
  });
});
