import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { timesheetLocks, timesheets } from '../src/modules/timesheets/timesheets.table';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { ADMIN, ANA, admin, approveAll, BEN, download, ids, MANAGER, MINA, setRates } from './money-fixtures';
import { asUser, seedTimesheetWorld, type TimesheetWorld, WEEK1 } from './timesheets-fixtures';

// VA payroll (issue 30): per VA and currency, overtime at the pay multiplier, the export's rows, the lock of an
// approved run, the VA's own earnings, and that nobody but an admin and the VA sees a pay rate.

let h: Harness;
let w: TimesheetWorld;
useWorld('each', seedTimesheetWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const PERIOD = { start_date: WEEK1, end_date: '2026-03-15' };

/** Ana: 10.00 USD an hour for Mina (overtime 1.5×), 500.00 PHP for Theo; Ben: no pay rate yet. 30 minutes of
 * approved overtime on Ana's Monday of week 2. Everything approved, sign-off off. */
async function payWorld() {
  await setRates(h, w.contracts.c1.id, {
    rate: '25.00',
    pay: '10.00',
    payCurrency: 'USD',
    multiplier: '1.50',
  });
  await setRates(h, w.contracts.c3.id, { rate: '30.00', currency: 'EUR', pay: '500.00', payCurrency: 'PHP' });
  await setRates(h, w.contracts.c2.id, { rate: '20.00' });
  const [mon2] = await ids(h, w, 'anaMon2');
  await h.db.update(timesheets).set({ overtimeMinutes: 30 }).where(eq(timesheets.id, mon2));
  await approveAll(h, w);
}

describe('payroll runs', () => {
  it('pays per VA and currency: regular time at the pay rate, overtime at the multiplier, unpriced flagged', async () => {
    await payWorld();
    const res = await admin(h, 'POST', 'payroll', PERIOD);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'draft',
      label: `PR-${res.body.id} (2026-03-02 to 2026-03-15)`,
    });
    const byKey = Object.fromEntries(
      (res.body.lines as Array<Record<string, unknown> & { va: { email: string } }>).map((l) => [
        `${l.va.email} ${l.currency}`,
        l,
      ]),
    );
    // Ana/USD: 1410 + 510 (480 + 30 overtime) + 300 = 2220 billable; 2190 × 10.00/h + 30 × 15.00/h = 365.00 + 7.50.
    expect(byKey['ana@home.test USD']).toMatchObject({
      worked_minutes: 2250,
      billable_minutes: 2220,
      overtime_minutes: 30,
      unpriced_minutes: 0,
      amount_cents: 37_250,
      timesheet_count: 5,
    });
    // Ana/PHP: 600 minutes × 500.00/h.
    expect(byKey['ana@home.test PHP']).toMatchObject({ billable_minutes: 600, amount_cents: 500_000 });
    // Ben: no pay rate: counted, paid nothing, flagged.
    expect(byKey['ben@home.test USD']).toMatchObject({
      billable_minutes: 890,
      unpriced_minutes: 890,
      amount_cents: 0,
    });
    expect(res.body.totals).toEqual([
      { currency: 'PHP', amount_cents: 500_000 },
      { currency: 'USD', amount_cents: 37_250 },
    ]);
    // The same time is never on two runs: the run holding it is named.
    const again = await admin(h, 'POST', 'payroll', PERIOD);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Some of this time is already on payroll run ${res.body.label}: void that run first, or choose another period`,
    );
    // A period without approved time at all: 422.
    const empty = await admin(h, 'POST', 'payroll', { start_date: '2026-01-05', end_date: '2026-01-11' });
    expect(empty.status).toBe(422);
  });

  it('answers 409 naming the run, never 500, to two runs made at once over the same time', async () => {
    await payWorld();
    const both = await Promise.all([
      admin(h, 'POST', 'payroll', PERIOD),
      admin(h, 'POST', 'payroll', PERIOD),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const made = both.find((r) => r.status === 201)!.body;
    expect(both.find((r) => r.status === 409)!.body.message).toContain(`payroll run ${made.label}:`);
    expect((await admin(h, 'GET', 'payroll')).body.data.map((r: { id: number }) => r.id)).toEqual([made.id]);
    // Voiding the draft frees its time for the next run.
    expect((await admin(h, 'PATCH', `payroll/${made.id}`, { status: 'void' })).body.status).toBe('void');
    expect((await admin(h, 'POST', 'payroll', PERIOD)).status).toBe(201);
  });

  it('voids a draft or an approved run, releasing its time (locks gone, free for a new run), never a paid one', async () => {
    await payWorld();
    const run = (await admin(h, 'POST', 'payroll', PERIOD)).body;
    await admin(h, 'PATCH', `payroll/${run.id}`, { status: 'approved' });
    const [mon1] = await ids(h, w, 'anaMon1');
    expect((await admin(h, 'PATCH', `timesheets/${mon1}`, { status: 'pending' })).status).toBe(409);
    const locks = () =>
      h.db
        .select()
        .from(timesheetLocks)
        .where(and(eq(timesheetLocks.kind, 'payroll'), eq(timesheetLocks.ownerId, run.id)));
    expect((await locks()).length).toBeGreaterThan(0);

    const voided = await admin(h, 'PATCH', `payroll/${run.id}`, { status: 'void' });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: 'void', voided_at: '2026-03-18T09:00:00.000Z' });
    expect(await locks()).toEqual([]);
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payroll_run'), eq(auditLog.action, 'voided')));
    expect(entry).toMatchObject({ entityId: run.id, before: { status: 'approved' } });
    const onRun = run.lines.reduce((n: number, l: { timesheet_count: number }) => n + l.timesheet_count, 0);
    expect((entry.after as { timesheets_released: number }).timesheets_released).toBe(onRun);
    // A voided run is final; its VA's earnings no longer list it.
    expect((await admin(h, 'PATCH', `payroll/${run.id}`, { status: 'approved' })).status).toBe(409);
    const earnings = await asUser(h, ANA, 'va', 'GET', 'earnings?start_date=2026-03-02&end_date=2026-03-15');
    expect(earnings.body.runs).toEqual([]);

    // The time is free: it changes again, and a new run takes it; that one paid cannot be voided.
    expect((await admin(h, 'PATCH', `timesheets/${mon1}`, { status: 'pending' })).status).toBe(200);
    expect((await admin(h, 'PATCH', `timesheets/${mon1}`, { status: 'approved' })).status).toBe(200);
    const next = (await admin(h, 'POST', 'payroll', PERIOD)).body;
    expect(next.lines.length).toBe(3);
    await admin(h, 'PATCH', `payroll/${next.id}`, { status: 'approved' });
    await admin(h, 'PATCH', `payroll/${next.id}`, { status: 'paid' });
    const paidVoid = await admin(h, 'PATCH', `payroll/${next.id}`, { status: 'void' });
    expect(paidVoid.status).toBe(409);
    expect(paidVoid.body.message).toBe('A payroll run that is paid cannot become void');
  });

  it('exports one row per VA and currency, in CSV and XLSX', async () => {
    await payWorld();
    const run = (await admin(h, 'POST', 'payroll', PERIOD)).body;
    const csv = await download(h, ADMIN, `/api/v1/admin-access/payroll/${run.id}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const rows = csv.body.toString('utf8').trim().split(/\r?\n/);
    expect(rows[0]).toBe(
      'Run,Period start,Period end,VA id,VA name,VA email,Currency,Worked hours,Billable hours,Overtime hours,Unpriced hours,Amount,Status',
    );
    expect(rows.slice(1).sort()).toEqual(
      [
        `${run.label},2026-03-02,2026-03-15,${w.people.ana.id},Ana Test,ana@home.test,PHP,10,10,0,0,5000.00,draft`,
        `${run.label},2026-03-02,2026-03-15,${w.people.ana.id},Ana Test,ana@home.test,USD,37.5,37,0.5,0,372.50,draft`,
        `${run.label},2026-03-02,2026-03-15,${w.people.ben.id},Ben Test,ben@home.test,USD,14.83,14.83,0,14.83,0.00,draft`,
      ].sort(),
    );
    const xlsx = await download(h, ADMIN, `/api/v1/admin-access/payroll/${run.id}/export?format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.body.subarray(0, 2).toString()).toBe('PK');
    expect((await admin(h, 'GET', `payroll/${run.id}/export?format=pdf`)).status).toBe(422);
  });

  it('locks the time of an approved run (409 naming it), recomputing what changed since the draft', async () => {
    await payWorld();
    const run = (await admin(h, 'POST', 'payroll', PERIOD)).body;
    // Reopened after the draft: leaves the run at approval.
    const [tue2, mon1] = await ids(h, w, 'anaTue2', 'anaMon1');
    expect((await admin(h, 'PATCH', `timesheets/${tue2}`, { status: 'pending' })).status).toBe(200);
    expect((await admin(h, 'PATCH', `payroll/${run.id}`, { status: 'paid' })).status).toBe(409);
    const approved = await admin(h, 'PATCH', `payroll/${run.id}`, { status: 'approved' });
    expect(approved.status).toBe(200);
    const usd = approved.body.lines.find(
      (l: { va_id: number; currency: string }) => l.va_id === w.people.ana.id && l.currency === 'USD',
    );
    expect(usd).toMatchObject({ billable_minutes: 1920, timesheet_count: 4 });

    const reopen = await admin(h, 'PATCH', `timesheets/${mon1}`, { status: 'pending' });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe(
      `This timesheet is on payroll run ${run.label}, which is approved or paid: it can no longer change`,
    );
    // The reopened one is free.
    expect((await admin(h, 'PATCH', `timesheets/${tue2}`, { status: 'approved' })).status).toBe(200);

    const paid = await admin(h, 'PATCH', `payroll/${run.id}`, { status: 'paid' });
    expect(paid.body).toMatchObject({ status: 'paid', paid_at: '2026-03-18T09:00:00.000Z' });
    expect((await admin(h, 'PATCH', `timesheets/${mon1}`, { adjustment_minutes: 5, note: 'x' })).status).toBe(
      409,
    );
    const list = await admin(h, 'GET', 'payroll?status=paid');
    expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([run.id]);
  });

  it('is for admins only; another organization reads none', async () => {
    await payWorld();
    const run = (await admin(h, 'POST', 'payroll', PERIOD)).body;
    expect((await asUser(h, 'manager@home.test', 'manager', 'GET', 'payroll')).status).toBe(404);
    expect((await asUser(h, 'manager@home.test', 'admin', 'GET', 'payroll')).status).toBe(403);
    expect((await asUser(h, MINA, 'admin', 'GET', `payroll/${run.id}`)).status).toBe(403);
    expect((await asUser(h, ANA, 'admin', 'GET', `payroll/${run.id}`)).status).toBe(403);
    expect((await asUser(h, 'admin@else.test', 'admin', 'GET', `payroll/${run.id}`)).status).toBe(404);
    expect((await asUser(h, 'admin@else.test', 'admin', 'GET', 'payroll')).body.data).toEqual([]);
  });
});

describe("the VA's earnings", () => {
  it('shows a VA their own hours and amounts per currency and run, nobody else’s', async () => {
    await payWorld();
    const run = (await admin(h, 'POST', 'payroll', { ...PERIOD, va_id: w.people.ana.id })).body;
    const mine = await asUser(h, ANA, 'va', 'GET', 'earnings?start_date=2026-03-02&end_date=2026-03-15');
    expect(mine.status).toBe(200);
    expect(mine.body.totals).toEqual([
      { currency: 'PHP', billable_minutes: 600, overtime_minutes: 0, amount_cents: 500_000 },
      { currency: 'USD', billable_minutes: 2220, overtime_minutes: 30, amount_cents: 37_250 },
    ]);
    expect(mine.body.runs.map((r: { id: number; currency: string }) => [r.id, r.currency]).sort()).toEqual([
      [run.id, 'PHP'],
      [run.id, 'USD'],
    ]);
    const ben = await asUser(h, BEN, 'va', 'GET', 'earnings?start_date=2026-03-02&end_date=2026-03-15');
    expect(ben.body.totals).toEqual([
      { currency: 'USD', billable_minutes: 890, overtime_minutes: 0, amount_cents: 0 },
    ]);
    expect(ben.body.runs).toEqual([]);
    const bad = await asUser(h, ANA, 'va', 'GET', 'earnings?start_date=2026-03-15&end_date=2026-03-01');
    expect(bad.status).toBe(422);
    expect(
      (await asUser(h, MINA, 'va', 'GET', 'earnings?start_date=2026-03-02&end_date=2026-03-15')).status,
    ).toBe(403);
  });
});

describe('who sees a pay rate', () => {
  it('an admin and the VA themself; never a client, in contract reads or timesheet exports', async () => {
    await payWorld();
    const c1 = w.contracts.c1.id;
    const adminRead = await admin(h, 'GET', `contracts/${c1}`);
    expect(adminRead.body).toMatchObject({ pay_rate: 10, pay_currency: 'USD', pay_overtime_multiplier: 1.5 });
    const adminList = await admin(h, 'GET', 'contracts');
    expect(adminList.body.data.every((c: object) => 'pay_rate' in c)).toBe(true);

    const vaList = await asUser(h, ANA, 'va', 'GET', 'contracts');
    expect(vaList.status).toBe(200);
    expect(vaList.body.data.find((c: { id: number }) => c.id === c1)).toMatchObject({ pay_rate: 10 });

    const clientReads = [
      await asUser(h, MINA, 'client', 'GET', `contracts/${c1}`),
      await asUser(h, MINA, 'client', 'GET', 'contracts'),
      await asUser(h, MINA, 'client', 'GET', `user/${w.people.ana.id}/contracts-schedules`),
    ];
    for (const read of clientReads) {
      expect(read.status).toBe(200);
      expect(JSON.stringify(read.body)).not.toMatch(/pay_rate|pay_currency|pay_overtime/);
    }
    const csv = await download(
      h,
      MINA,
      '/api/v1/client-access/timesheets/export?format=csv&start_date=2026-03-02&end_date=2026-03-15',
    );
    expect(csv.status).toBe(200);
    expect(csv.body.toString('utf8')).not.toMatch(/pay|10\.00/i);

    // A manager (Mina's): their clients' contracts, without pay unless the organization allows; Theo's: 404.
    const c3 = w.contracts.c3.id;
    const managerReads = async () => [
      await asUser(h, MANAGER, 'manager', 'GET', 'contracts'),
      await asUser(h, MANAGER, 'manager', 'GET', `contracts/${c1}`),
    ];
    for (const read of await managerReads()) {
      expect(read.status).toBe(200);
      expect(JSON.stringify(read.body)).not.toMatch(/pay_rate|pay_currency|pay_overtime/);
    }
    expect((await asUser(h, MANAGER, 'manager', 'GET', `contracts/${c3}`)).status).toBe(404);
    expect(await admin(h, 'PATCH', 'invoicing-settings', { managers_see_pay: true })).toMatchObject({
      status: 200,
      body: { managers_see_pay: true },
    });
    const [list, one] = await managerReads();
    expect(one.body).toMatchObject({ pay_rate: 10, pay_currency: 'USD', pay_overtime_multiplier: 1.5 });
    expect(list.body.data.map((c: { id: number }) => c.id)).not.toContain(c3);
    expect(list.body.data.every((c: object) => 'pay_rate' in c)).toBe(true);
    expect((await asUser(h, MANAGER, 'manager', 'GET', `contracts/${c3}`)).status).toBe(404);
    // Still never a client, and never another role on the manager's paths.
    const clientAgain = await asUser(h, MINA, 'client', 'GET', `contracts/${c1}`);
    expect(JSON.stringify(clientAgain.body)).not.toMatch(/pay_rate/);
    expect((await asUser(h, MINA, 'manager', 'GET', 'contracts')).status).toBe(403);
    expect((await asUser(h, ANA, 'manager', 'GET', `contracts/${c1}`)).status).toBe(403);

    // An admin sets it on the contract form; a client's update of a contract (none) cannot.
    const set = await admin(h, 'PATCH', `contracts/${c1}`, { pay_rate: 12.5, pay_overtime_multiplier: 2 });
    expect(set.body).toMatchObject({ pay_rate: 12.5, pay_overtime_multiplier: 2 });
    const badMultiplier = await admin(h, 'PATCH', `contracts/${c1}`, { pay_overtime_multiplier: 9 });
    expect(badMultiplier.status).toBe(422);
    expect(badMultiplier.body.errors.pay_overtime_multiplier).toEqual([
      'The overtime multiplier is a number from 1 to 5',
    ]);
  });
});
