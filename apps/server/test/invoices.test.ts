import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/modules/mail/mail.table';
import { notifications } from '../src/modules/notifications/notifications.table';
import { addOvertimeMinutes } from '../src/modules/timesheets/public';
import { contract } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ADMIN,
  ADMIN2,
  admin,
  approve,
  approveAll,
  download,
  draft,
  ids,
  MANAGER,
  MINA,
  pdfText,
  setRates,
  THEO,
} from './money-fixtures';
import {
  asUser,
  completedShift,
  seedTimesheetWorld,
  setTimesheetPolicy,
  type TimesheetWorld,
  timesheetOf,
  WEEK1,
} from './timesheets-fixtures';

// Client invoices (issue 30): amounts, what a draft leaves out, issuing (numbers, the lock, the mail and the
// PDF), voiding, and who reaches which invoice.

let h: Harness;
let w: TimesheetWorld;
useWorld('each', seedTimesheetWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const WEEK1_END = '2026-03-08';
const WEEK2_END = '2026-03-15';
const issue = (id: number) => admin(h, 'PATCH', `invoices/${id}`, { status: 'issued' });

describe('amounts', () => {
  it("bills each contract's billable hours at its rate, then discount and tax, each rounded half up once", async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00', currency: 'USD' });
    await approveAll(h, w);
    expect((await admin(h, 'PATCH', 'invoicing-settings', { tax_rate: 10 })).status).toBe(200);

    const inv = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK1_END });
    // Ana's week with Mina: 480 + 450 + 480 (540 worked, capped at the schedule) = 1410 minutes = 23.5 h.
    expect(inv).toMatchObject({
      status: 'draft',
      number: null,
      currency: 'USD',
      tax_rate: 10,
      subtotal_cents: 58_750,
      tax_cents: 5_875,
      total_cents: 64_625,
    });
    expect(inv.lines).toEqual([
      expect.objectContaining({
        minutes: 1410,
        hours: 23.5,
        rate_cents: 2500,
        amount_cents: 58_750,
        timesheet_count: 3,
      }),
    ]);

    // 5% of 587.50 is 29.375 → 29.38; 10% of 558.12 is 55.812 → 55.81.
    const discounted = await admin(h, 'PATCH', `invoices/${inv.id}`, { discount_percent: 5 });
    expect(discounted.body).toMatchObject({
      subtotal_cents: 58_750,
      discount_cents: 2_938,
      tax_cents: 5_581,
      total_cents: 61_393,
    });
    // 23.5 h × 33.33 = 783.255 → 783.26 (half up, once per line).
    const line = inv.lines[0].id as number;
    const rated = await admin(h, 'PATCH', `invoices/${inv.id}`, {
      discount_percent: 0,
      tax_rate: 0,
      lines: [{ id: line, rate: 33.33, description: 'Ana: support, week 10' }],
    });
    expect(rated.body.lines[0]).toMatchObject({ amount_cents: 78_326, description: 'Ana: support, week 10' });
    expect(rated.body.total_cents).toBe(78_326);
  });

  it('keeps currencies apart: a client billed in two asks for one, the other is left out and says so', async () => {
    await setRates(h, w.contracts.c2.id, { rate: '20.00', currency: 'USD' });
    await setRates(h, w.contracts.c3.id, { rate: '30.00', currency: 'EUR' });
    await approveAll(h, w);
    const mixed = await admin(h, 'POST', 'invoices', {
      client_id: w.people.theo.id,
      start_date: WEEK1,
      end_date: WEEK2_END,
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.message).toContain('several currencies (EUR, USD)');

    const eur = await draft(h, {
      client_id: w.people.theo.id,
      start_date: WEEK1,
      end_date: WEEK2_END,
      currency: 'EUR',
    });
    // Ana for Theo: 240 + 360 minutes = 10 h × 30.00.
    expect(eur.lines).toEqual([expect.objectContaining({ minutes: 600, amount_cents: 30_000 })]);
    expect(eur.total_cents).toBe(30_000);
    expect(eur.left_out).toHaveLength(3);
    expect(eur.left_out.every((l) => l.reason === 'other_currency' && l.detail === 'USD')).toBe(true);
  });

  it('bills a rate change mid-period (a new contract at the new rate) as two lines, each at its rate', async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    const raised = await contract(h, w.people.ana.id, w.people.mina.id, 1);
    await setRates(h, raised.id, { rate: '30.00' });
    const friday = await completedShift(h, raised, '2026-03-06', { worked: 480, active: 400, idle: 80 });
    await approveAll(h, w);
    await approve(h, [(await timesheetOf(h, friday.id)).id]);

    const inv = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK1_END });
    expect(
      inv.lines
        .map((l) => [l.contract_id, l.minutes, l.rate_cents, l.amount_cents])
        .sort((a, b) => Number(a[2]) - Number(b[2])),
    ).toEqual([
      [w.contracts.c1.id, 1410, 2500, 58_750],
      [raised.id, 480, 3000, 24_000],
    ]);
    expect(inv.subtotal_cents).toBe(82_750);
  });

  it('leaves out contracts without a rate, saying why', async () => {
    await approveAll(h, w);
    const res = await admin(h, 'POST', 'invoices', {
      client_id: w.people.mina.id,
      start_date: WEEK1,
      end_date: WEEK1_END,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'There is no approved time of this client in this period that is not on another invoice',
    );
  });
});

describe('what a draft takes', () => {
  it('takes only signed-off weeks where the organization requires sign-off, and lists the rest as left out', async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    await approveAll(h, w, { signOff: true });
    const signed = await asUser(h, MINA, 'client', 'POST', 'timesheets/sign-off', {
      va_id: w.people.ana.id,
      week_start: WEEK1,
      decision: 'approve',
    });
    expect(signed.status).toBe(200);

    const inv = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK2_END });
    expect(inv.lines).toEqual([expect.objectContaining({ minutes: 1410, timesheet_count: 3 })]);
    const week2 = await ids(h, w, 'anaMon2', 'anaTue2');
    expect(inv.left_out.map((l) => [l.timesheet_id, l.reason])).toEqual(
      week2.map((id) => [id, 'not_signed_off']),
    );
  });

  it('takes every approved week where sign-off is off, and never a pending timesheet', async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    await approveAll(h, w);
    const [tue2] = await ids(h, w, 'anaTue2');
    await admin(h, 'PATCH', `timesheets/${tue2}`, { status: 'pending' });
    const inv = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK2_END });
    // 1410 + 480 (Monday of week 2); Tuesday was reopened.
    expect(inv.lines).toEqual([expect.objectContaining({ minutes: 1890, timesheet_count: 4 })]);
    expect(inv.left_out).toEqual([]);
  });

  it('leaves out time on another invoice, naming it', async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    await approveAll(h, w);
    const first = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK1_END });
    const second = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK2_END });
    expect(second.lines).toEqual([expect.objectContaining({ minutes: 780 })]);
    expect(second.left_out.map((l) => [l.reason, l.detail])).toEqual([
      ['on_other_invoice', `draft #${first.id}`],
      ['on_other_invoice', `draft #${first.id}`],
      ['on_other_invoice', `draft #${first.id}`],
    ]);
  });
});

describe('issuing', () => {
  it('numbers the invoice, dates it, locks its time (409 naming it) until voided', async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    await approveAll(h, w);
    const inv = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK1_END });
    const issued = await issue(inv.id);
    expect(issued.status).toBe(200);
    // Now is 2026-03-18; payment terms 14 days by default.
    expect(issued.body).toMatchObject({
      status: 'issued',
      number: 'INV-2026-0001',
      issue_date: '2026-03-18',
      due_date: '2026-04-01',
      left_out: [],
    });

    const [mon1, tue1] = await ids(h, w, 'anaMon1', 'anaTue1');
    const refused = 'This timesheet is on invoice INV-2026-0001; void it first';
    const reopen = await admin(h, 'PATCH', `timesheets/${mon1}`, { status: 'pending' });
    expect(reopen).toMatchObject({ status: 409, body: { message: refused } });
    expect(reopen.body.message_code).toEqual({
      code: 'timesheets.locked_invoice',
      params: { label: 'INV-2026-0001' },
    });
    const adjust = await admin(h, 'PATCH', `timesheets/${tue1}`, {
      adjustment_minutes: 30,
      note: 'late fix',
    });
    expect(adjust).toMatchObject({ status: 409, body: { message: refused } });
    const reapprove = await asUser(h, MANAGER, 'manager', 'PATCH', `timesheets/${mon1}`, {
      status: 'approved',
    });
    expect(reapprove).toMatchObject({ status: 409, body: { message: refused } });
    await setTimesheetPolicy(h, 1, { client_sign_off: true });
    const dispute = await asUser(h, MINA, 'client', 'POST', 'timesheets/sign-off', {
      va_id: w.people.ana.id,
      week_start: WEEK1,
      decision: 'dispute',
      comment: 'Too many hours',
    });
    expect(dispute).toMatchObject({ status: 409, body: { message: refused } });
    await setTimesheetPolicy(h, 1, { client_sign_off: false });
    await expect(
      h.deps.transaction(({ tx }) => addOvertimeMinutes(tx, w.attendances.anaMon1.id, 30)),
    ).rejects.toThrow(refused);

    // An issued invoice is not edited nor deleted; a second invoice finds nothing left in the week.
    expect((await admin(h, 'PATCH', `invoices/${inv.id}`, { notes: 'x' })).status).toBe(409);
    expect((await admin(h, 'DELETE', `invoices/${inv.id}`)).status).toBe(409);
    expect(
      (
        await admin(h, 'POST', 'invoices', {
          client_id: w.people.mina.id,
          start_date: WEEK1,
          end_date: WEEK1_END,
        })
      ).status,
    ).toBe(422);

    const voided = await admin(h, 'PATCH', `invoices/${inv.id}`, { status: 'void' });
    expect(voided.body).toMatchObject({ status: 'void', number: 'INV-2026-0001' });
    expect((await admin(h, 'PATCH', `timesheets/${mon1}`, { status: 'pending' })).status).toBe(200);
    // The released time goes on a new invoice, which gets the next number.
    await approve(h, [mon1]);
    const again = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK1_END });
    expect((await issue(again.id)).body.number).toBe('INV-2026-0002');
  });

  it('moves issued → paid (still locked), refuses other moves, and audits each', async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    await approveAll(h, w);
    const inv = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK1_END });
    expect((await admin(h, 'PATCH', `invoices/${inv.id}`, { status: 'paid' })).status).toBe(409);
    await issue(inv.id);
    const paid = await admin(h, 'PATCH', `invoices/${inv.id}`, { status: 'paid' });
    expect(paid.body).toMatchObject({ status: 'paid', paid_at: '2026-03-18T09:00:00.000Z' });
    const voidPaid = await admin(h, 'PATCH', `invoices/${inv.id}`, { status: 'void' });
    expect(voidPaid).toMatchObject({
      status: 409,
      body: { message: 'An invoice that is paid cannot become void' },
    });
    const [mon1] = await ids(h, w, 'anaMon1');
    expect((await admin(h, 'PATCH', `timesheets/${mon1}`, { status: 'pending' })).status).toBe(409);
    const audit = await admin(h, 'GET', 'audit-logs?entity_type=invoice&per_page=50');
    if (audit.status === 200) {
      const actions = (audit.body.data as Array<{ action: string }>).map((a) => a.action).sort();
      expect(actions).toEqual(['created', 'issued', 'paid']);
    }
  });

  it('refuses to issue a draft whose time changed since, and gives no number away', async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    await approveAll(h, w);
    const inv = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK1_END });
    const [mon1] = await ids(h, w, 'anaMon1');
    await admin(h, 'PATCH', `timesheets/${mon1}`, {
      status: 'pending',
      adjustment_minutes: -60,
      note: 'lunch',
    });
    await approve(h, [mon1]);
    const refused = await issue(inv.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('no longer approved');
    expect((await admin(h, 'GET', 'invoicing-settings')).body.next_number).toBe(1);
  });

  it('mails the client the PDF through the outbox and notifies them', async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    await approveAll(h, w);
    await admin(h, 'PATCH', 'invoicing-settings', {
      footer: 'Pay to IBAN XX00 1234',
      payment_terms_days: 30,
    });
    const inv = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK1_END });
    await issue(inv.id);

    const mails = (await h.db.select().from(mailOutbox)).filter((m) => m.to === MINA);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('invoice INV-2026-0001 (587.50 USD)');
    expect(mails[0].text).toContain('due on 2026-04-17');
    expect(mails[0].attachments.map((a) => [a.filename, a.content_type])).toEqual([
      ['INV-2026-0001.pdf', 'application/pdf'],
    ]);
    const text = await pdfText(Buffer.from(mails[0].attachments[0].content_base64, 'base64'));
    expect(text).toContain('Invoice INV-2026-0001');
    expect(text).toContain('Mina Test');
    expect(text).toContain('587.50 USD');
    expect(text).toContain('Due date: 2026-04-17');
    expect(text).toContain('Pay to IBAN XX00 1234');

    await h.deps.events.drain();
    const notes = (await h.db.select().from(notifications)).filter((n) => n.userId === w.people.mina.id);
    expect(notes.map((n) => n.type)).toEqual(['invoice.issued']);
  });

  it('serves the PDF: its text has the organization, the client, the lines, the totals and the due date', async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    await approveAll(h, w);
    await admin(h, 'PATCH', 'invoicing-settings', { tax_rate: 7.5, prefix: 'ACME-' });
    const inv = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK1_END });
    await issue(inv.id);
    const file = await download(h, MINA, `/api/v1/client-access/invoices/${inv.id}/pdf`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toContain('ACME-0001.pdf');
    const text = await pdfText(file.body);
    for (const part of [
      'Home',
      'Invoice ACME-0001',
      'Bill to',
      'Mina Test',
      'mina@home.test',
      '23.50',
      '25.00 USD',
      'Subtotal',
      'Tax 7.5%',
      // 587.50 + 44.06 (7.5%, 44.0625 → 44.06)
      '631.56 USD',
      'Due date: 2026-04-01',
    ])
      expect(text).toContain(part);
  });
});

describe('the organization logo', () => {
  const upload = async (email: string, bytes: Buffer, field = 'logo') => {
    const boundary = '----vahublogo';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/admin-access/settings/logo',
      headers: { ...(await h.bearer(email)), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const hasImage = (pdf: Buffer) => pdf.toString('latin1').includes('/Subtype /Image');

  it('is drawn on the invoice PDF (the text still there); a file that is no PNG or JPEG: 422; admins only', async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    await approveAll(h, w);
    const inv = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK1_END });
    await issue(inv.id);
    const pdfUrl = `/api/v1/client-access/invoices/${inv.id}/pdf`;
    expect(hasImage((await download(h, MINA, pdfUrl)).body)).toBe(false);

    const logo = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#2255aa' } })
      .jpeg()
      .toBuffer();
    const up = await upload(ADMIN, logo);
    expect(up.status).toBe(200);
    expect(up.body.logo_url).toMatch(/^\/api\/v1\/files\/logos\/[0-9a-f]{32}\.png$/);
    const served = await h.app.inject({ url: up.body.logo_url });
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(600);
    const org = await h.app.inject({ url: '/api/v1/organization', headers: await h.bearer(MINA) });
    expect(org.json().logo_url).toBe(up.body.logo_url);

    const file = await download(h, MINA, pdfUrl);
    expect(hasImage(file.body)).toBe(true);
    const text = await pdfText(file.body);
    for (const part of ['Home', 'Invoice INV-2026-0001', 'Bill to', 'Mina Test', 'Total'])
      expect(text).toContain(part);

    const bad = await upload(ADMIN, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.logo).toEqual(['The logo must be a PNG or JPEG image.']);
    const huge = Buffer.concat([logo.subarray(0, 3), Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(ADMIN, huge)).body.errors.logo).toEqual(['The logo must be at most 2 MB.']);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    expect((await upload(ADMIN, gif)).status).toBe(422);
    expect((await upload(ADMIN, logo, 'avatar')).body.errors.logo).toBeDefined();
    expect((await upload(MANAGER, logo)).status).toBe(403);
    expect((await upload(MINA, logo)).status).toBe(403);
    // Another organization's logo is its own.
    const other = await h.app.inject({ url: '/api/v1/organization', headers: await h.bearer(ADMIN2) });
    expect(other.json().logo_url).toBeNull();

    const removed = await h.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin-access/settings/logo',
      headers: await h.bearer(ADMIN),
    });
    expect(removed.json()).toEqual({ logo_url: null });
    expect((await h.app.inject({ url: up.body.logo_url })).statusCode).toBe(404);
    expect(hasImage((await download(h, MINA, pdfUrl)).body)).toBe(false);
  });
});

describe('numbering', () => {
  it('gives gap-free numbers to invoices issued at the same time, a refused one taking none', async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    await setRates(h, w.contracts.c3.id, { rate: '30.00' });
    await setRates(h, w.contracts.c2.id, { rate: '20.00' });
    await approveAll(h, w);
    const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-09', '2026-03-10'];
    const drafts = [];
    for (const d of days)
      drafts.push(await draft(h, { client_id: w.people.mina.id, start_date: d, end_date: d }));
    const bad = await draft(h, {
      client_id: w.people.theo.id,
      start_date: WEEK1,
      end_date: WEEK1_END,
      currency: 'USD',
    });
    // Ben's Monday changes after the draft: that issue is refused, inside the same burst.
    const [benMon] = await ids(h, w, 'benMon1');
    await admin(h, 'PATCH', `timesheets/${benMon}`, {
      status: 'pending',
      adjustment_minutes: 15,
      note: 'call',
    });
    await approve(h, [benMon]);

    const results = await Promise.all([...drafts, bad].map((d) => issue(d.id)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 409]);
    const numbers = results.slice(0, 5).map((r) => r.body.number as string);
    expect([...numbers].sort()).toEqual([1, 2, 3, 4, 5].map((n) => `INV-2026-000${n}`));
    expect((await admin(h, 'GET', 'invoicing-settings')).body.next_number).toBe(6);

    // Setting the counter below an issued number is refused.
    const back = await admin(h, 'PATCH', 'invoicing-settings', { next_number: 3 });
    expect(back.status).toBe(422);
    expect(back.body.message).toContain('(6)');
  });
});

describe('lists and scope', () => {
  it('lists newest first with totals per status and currency, filters validated', async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    await setRates(h, w.contracts.c3.id, { rate: '30.00', currency: 'EUR' });
    await setRates(h, w.contracts.c2.id, { rate: '20.00' });
    await approveAll(h, w);
    const a = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK1_END });
    const b = await draft(h, {
      client_id: w.people.theo.id,
      start_date: WEEK1,
      end_date: WEEK1_END,
      currency: 'EUR',
    });
    await draft(h, { client_id: w.people.theo.id, start_date: WEEK1, end_date: WEEK1_END, currency: 'USD' });
    await issue(a.id);
    await issue(b.id);

    const all = await admin(h, 'GET', 'invoices?per_page=2');
    expect(all.body.meta).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    expect(all.body.meta.totals).toEqual([
      { status: 'draft', currency: 'USD', count: 1, total_cents: 14_000 },
      { status: 'issued', currency: 'EUR', count: 1, total_cents: 12_000 },
      { status: 'issued', currency: 'USD', count: 1, total_cents: 58_750 },
    ]);
    const theo = await admin(h, 'GET', `invoices?client_id=${w.people.theo.id}&status=issued`);
    expect(theo.body.data.map((i: { id: number }) => i.id)).toEqual([b.id]);
    const bad = await admin(h, 'GET', 'invoices?status=sent&start_date=2026-13-01');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.status).toEqual(['Choose one of: draft, issued, paid, void']);
    expect(bad.body.errors.start_date).toBeDefined();
    const badBody = await admin(h, 'POST', 'invoices', {
      client_id: w.people.ana.id,
      start_date: WEEK1,
      end_date: '2026-01-01',
    });
    expect(badBody.status).toBe(422);
    expect(badBody.body.errors.end_date).toBeDefined();
  });

  it('shows a client only their issued and paid invoices; another client, another organization: 404', async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    await approveAll(h, w);
    const inv = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK1_END });
    expect((await asUser(h, MINA, 'client', 'GET', `invoices/${inv.id}`)).status).toBe(404);
    expect((await asUser(h, MINA, 'client', 'GET', 'invoices')).body.data).toEqual([]);
    await issue(inv.id);
    const mine = await asUser(h, MINA, 'client', 'GET', `invoices/${inv.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.lines[0]).not.toHaveProperty('pay_rate');
    expect((await asUser(h, MINA, 'client', 'GET', 'invoices')).body.data).toHaveLength(1);
    expect((await asUser(h, THEO, 'client', 'GET', `invoices/${inv.id}`)).status).toBe(404);
    expect((await download(h, THEO, `/api/v1/client-access/invoices/${inv.id}/pdf`)).status).toBe(404);
    expect((await asUser(h, ADMIN2, 'admin', 'GET', `invoices/${inv.id}`)).status).toBe(404);
    expect((await asUser(h, ADMIN2, 'admin', 'PATCH', `invoices/${inv.id}`, { status: 'void' })).status).toBe(
      404,
    );
    // Another role in the admin area: 403, before anything is read.
    expect((await asUser(h, 'ana@home.test', 'admin', 'GET', 'invoices')).status).toBe(403);
    expect((await asUser(h, MINA, 'admin', 'GET', `invoices/${inv.id}`)).status).toBe(403);
    // A client has no way to change one.
    expect((await asUser(h, MINA, 'client', 'PATCH', `invoices/${inv.id}`, { status: 'void' })).status).toBe(
      405,
    );
  });

  it("lets a manager handle their clients' invoices only where the organization allows", async () => {
    await setRates(h, w.contracts.c1.id, { rate: '25.00' });
    await setRates(h, w.contracts.c2.id, { rate: '20.00' });
    await approveAll(h, w);
    const theirs = await draft(h, { client_id: w.people.mina.id, start_date: WEEK1, end_date: WEEK1_END });
    const other = await draft(h, {
      client_id: w.people.theo.id,
      start_date: WEEK1,
      end_date: WEEK1_END,
      currency: 'USD',
    });
    const off = await asUser(h, MANAGER, 'manager', 'GET', 'invoices');
    expect(off).toMatchObject({
      status: 403,
      body: { message: 'This organization does not let managers handle invoices' },
    });

    await admin(h, 'PATCH', 'invoicing-settings', { managers_handle_invoices: true });
    const list = await asUser(h, MANAGER, 'manager', 'GET', 'invoices');
    expect(list.body.data.map((i: { id: number }) => i.id)).toEqual([theirs.id]);
    expect((await asUser(h, MANAGER, 'manager', 'GET', `invoices/${other.id}`)).status).toBe(404);
    const issued = await asUser(h, MANAGER, 'manager', 'PATCH', `invoices/${theirs.id}`, {
      status: 'issued',
    });
    expect(issued.body.number).toBe('INV-2026-0001');
    const notTheirs = await asUser(h, MANAGER, 'manager', 'POST', 'invoices', {
      client_id: w.people.theo.id,
      start_date: WEEK2_END,
      end_date: WEEK2_END,
    });
    expect(notTheirs.status).toBe(422);
    expect(notTheirs.body.errors.client_id).toEqual(['Choose a client']);
  });
});
