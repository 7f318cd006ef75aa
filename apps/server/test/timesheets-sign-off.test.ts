import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox as mails } from '../src/modules/mail/mail.table';
import { autoApproveSweep, signOffReminderSweep } from '../src/modules/timesheets/timesheets.jobs';
import { timesheets } from '../src/modules/timesheets/timesheets.table';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  asUser,
  seedTimesheetWorld,
  setContractSettings,
  setTimesheetPolicy,
  signOffRows,
  type TimesheetWorld,
  timesheetOf,
} from './timesheets-fixtures';

// The client's weekly sign-off, the VA's reply, and the two sweeps (reminder mails, auto-approval).

let h: Harness;
let w: TimesheetWorld;
useWorld('each', seedTimesheetWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const signOff = (email: string, body: object) =>
  asUser(h, email, 'client', 'POST', 'timesheets/sign-off', body);
const reply = (email: string, body: object) =>
  asUser(h, email, 'va', 'POST', 'timesheets/sign-off/reply', body);

describe('client sign-off', () => {
  it("approves a VA's week: every timesheet of it, and the week says so", async () => {
    const res = await signOff('theo@home.test', {
      va_id: w.people.ana.id,
      week_start: '2026-03-02',
      decision: 'approve',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      count: 1,
      week: { client_status: 'approved', decided_by: { id: w.people.theo.id }, count: 1 },
    });
    expect((await timesheetOf(h, w.attendances.anaTheoThu1.id)).clientStatus).toBe('approved');
    // Mina's week of Ana is another week: untouched.
    expect((await timesheetOf(h, w.attendances.anaMon1.id)).clientStatus).toBe('waiting');
  });

  it('a dispute needs a comment; the VA answers it; a new decision clears the answer', async () => {
    const week = { va_id: w.people.ana.id, week_start: '2026-03-09' };
    const bare = await signOff('mina@home.test', { ...week, decision: 'dispute' });
    expect(bare.status).toBe(422);
    expect(bare.body.errors.comment).toEqual(['Say what is wrong: a dispute needs a comment']);

    const before = await reply('ana@home.test', {
      client_id: w.people.mina.id,
      week_start: '2026-03-09',
      comment: 'Hm',
    });
    expect(before.status).toBe(422);

    const dispute = await signOff('mina@home.test', {
      ...week,
      decision: 'dispute',
      comment: 'Tuesday was short',
    });
    expect(dispute.body).toMatchObject({
      count: 2,
      week: { client_status: 'disputed', comment: 'Tuesday was short' },
    });
    const answered = await reply('ana@home.test', {
      client_id: w.people.mina.id,
      week_start: '2026-03-09',
      comment: 'Power cut, see the note',
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ client_status: 'disputed', va_reply: 'Power cut, see the note' });
    const detail = await asUser(
      h,
      'admin@home.test',
      'admin',
      'GET',
      `timesheets/${(await timesheetOf(h, w.attendances.anaTue2.id)).id}`,
    );
    expect(detail.body.history.map((e: { action: string }) => e.action)).toEqual(['disputed', 'replied']);
    expect(detail.body.sign_off).toMatchObject({ decision: 'dispute', va_reply: 'Power cut, see the note' });

    const approve = await signOff('mina@home.test', { ...week, decision: 'approve' });
    expect(approve.body.week).toMatchObject({ client_status: 'approved', va_reply: null, comment: null });
  });

  it('refuses: another VA (404), sign-off turned off, a future week, a week without timesheets (422)', async () => {
    const other = await signOff('mina@home.test', {
      va_id: w.people.ben.id,
      week_start: '2026-03-02',
      decision: 'approve',
    });
    expect(other.status).toBe(404);
    const future = await signOff('mina@home.test', {
      va_id: w.people.ana.id,
      week_start: '2026-03-23',
      decision: 'approve',
    });
    expect(future.status).toBe(422);
    expect(future.body.errors.week_start).toEqual(['This week has not started yet']);
    const empty = await signOff('mina@home.test', {
      va_id: w.people.ana.id,
      week_start: '2026-02-23',
      decision: 'approve',
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.week_start).toEqual([
      'There are no timesheets of Ana Test in the week of 2026-02-23',
    ]);
    await setTimesheetPolicy(h, 1, { client_sign_off: false });
    const off = await signOff('mina@home.test', {
      va_id: w.people.ana.id,
      week_start: '2026-03-02',
      decision: 'approve',
    });
    expect(off.status).toBe(422);
    expect(off.body.message).toBe('Client sign-off is turned off in this organization');
    expect(await signOffRows(h)).toHaveLength(0);
  });
});

describe('sweeps', () => {
  it('reminds a client once per waiting week that ended at least the policy days ago', async () => {
    // Now is Wednesday 2026-03-18: week 1 ended 10 days ago, week 2 three days ago (policy: 3 days, ended + 3 = Thursday).
    expect(await signOffReminderSweep(h.deps)).toBe(4); // week 1: Ana–Mina, Ana–Theo, Ben–Theo; org 2's Gus–Finn
    const sent = await h.db.select().from(mails);
    expect(sent.map((m) => m.to).sort()).toEqual([
      'client@else.test',
      'mina@home.test',
      'theo@home.test',
      'theo@home.test',
    ]);
    expect(await signOffReminderSweep(h.deps)).toBe(0);
    h.clock.set('2026-03-19T09:00:00Z');
    // Week 2's turn: Ana–Mina, Ana–Theo, Ben–Theo.
    const next = await signOffReminderSweep(h.deps);
    expect(next).toBe(3);
    expect((await signOffRows(h)).every((r) => r.remindedAt !== null && r.decision === null)).toBe(true);
  });

  it('does not remind a week the client decided, nor where sign-off is off', async () => {
    await signOff('mina@home.test', {
      va_id: w.people.ana.id,
      week_start: '2026-03-02',
      decision: 'approve',
    });
    await setTimesheetPolicy(h, 2, { client_sign_off: false });
    expect(await signOffReminderSweep(h.deps)).toBe(2);
    expect((await h.db.select().from(mails)).map((m) => m.to)).toEqual(['theo@home.test', 'theo@home.test']);
  });

  it('approves, by nobody, the timesheets of contracts without approval once their shift ended 48 h ago', async () => {
    await setContractSettings(h, w.contracts.c2.id, { timesheetApprovalRequired: false });
    h.clock.set('2026-03-13T08:59:00Z'); // Ben's Wednesday ended 2026-03-11 09:00: 47 h 59 min ago
    expect(await autoApproveSweep(h.deps)).toBe(2); // his Monday and Tuesday of week 1
    const wed = await timesheetOf(h, w.attendances.benWed2.id);
    expect(wed.status).toBe('pending');
    h.clock.set('2026-03-13T09:01:00Z');
    expect(await autoApproveSweep(h.deps)).toBe(1);
    const approved = await timesheetOf(h, w.attendances.benWed2.id);
    expect(approved).toMatchObject({ status: 'approved', approvedBy: null, frozenWorkedMinutes: 470 });
    // Approval required elsewhere: Ana's stay pending.
    const pending = await h.db.select().from(timesheets).where(eq(timesheets.vaId, w.people.ana.id));
    expect(pending.every((t) => t.status === 'pending')).toBe(true);
    const detail = await asUser(h, 'admin@home.test', 'admin', 'GET', `timesheets/${approved.id}`);
    expect(detail.body.history).toEqual([expect.objectContaining({ action: 'approved', actor: null })]);
  });
});
