import { and, asc, between, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { attendances } from '../src/modules/attendance/attendance.table';
import { contracts, schedules } from '../src/modules/contracts/contracts.table';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ADMIN,
  ANA,
  ask,
  buildWindow,
  call,
  codesOf,
  dayShift,
  decide,
  eventsOf,
  MANAGER,
  NEXT_FRI,
  NEXT_MON,
  pdfBytes,
  type RequestWorld,
  requestRow,
  seedRequestWorld,
  vacation,
  workedShift,
} from './requests-fixtures';

// Deciding a leave: approval puts the covered shifts on leave in the same transaction, a reversal gives them back,
// shifts built later start on leave, and shifts that started are never touched.
let h: Harness;
let w: RequestWorld;
useWorld('each', seedRequestWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const statusesBetween = async (from: string, to: string) =>
  (
    await h.db
      .select({ date: attendances.date, status: attendances.status })
      .from(attendances)
      .where(and(eq(attendances.contractId, w.contracts.c1.id), between(attendances.date, from, to)))
      .orderBy(asc(attendances.scheduledStartAt))
  ).map((r) => `${r.date} ${r.status}`);

describe('a leave decision', () => {
  it('approval marks the shifts on leave (and says so before and after); a reversal with a note gives them back', async () => {
    await buildWindow(h, w.contracts.c1.id);
    const asked = await ask(h, ANA, vacation(w.contracts.c1.id));
    const pending = await call(h, MANAGER, 'GET', `manager-access/user-requests/${asked.body.id}`);
    expect(
      pending.body.effect.shifts.map((s: { date: string; status: string }) => [s.date, s.status]),
    ).toEqual([
      ['2026-03-23', 'upcoming'],
      ['2026-03-24', 'upcoming'],
      ['2026-03-25', 'upcoming'],
      ['2026-03-26', 'upcoming'],
      ['2026-03-27', 'upcoming'],
    ]);

    const publish = vi.spyOn(h.deps.realtime, 'publish');
    const approved = await decide(h, MANAGER, 'manager', asked.body.id, { status: 'approved' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      decided_by: w.people.manager.id,
      decider: { id: w.people.manager.id },
      decision_note: null,
      decided_at: '2026-03-18T09:00:00.000Z',
    });
    expect(approved.body.effect.shifts.map((s: { status: string }) => s.status)).toEqual(
      Array(5).fill('on_leave'),
    );
    expect(await statusesBetween('2026-03-20', '2026-03-30')).toEqual([
      '2026-03-20 upcoming',
      '2026-03-23 on_leave',
      '2026-03-24 on_leave',
      '2026-03-25 on_leave',
      '2026-03-26 on_leave',
      '2026-03-27 on_leave',
      '2026-03-30 upcoming',
    ]);
    // Each changed shift is announced to those who see Ana, once the decision committed.
    const changed = publish.mock.calls.filter(([m]) => m.type === 'attendance.changed');
    expect(changed).toHaveLength(5);
    expect(changed[0][0]).toMatchObject({ data: { va_id: w.people.ana.id, status: 'on_leave' } });
    expect(changed[0][1]).toEqual({ organizationId: 1, aboutVa: w.people.ana.id });
    publish.mockRestore();

    const noNote = await decide(h, ADMIN, 'admin', asked.body.id, { status: 'rejected' });
    expect(noNote.status).toBe(422);
    expect(codesOf(noNote.body, 'note')).toEqual(['requests.note_required']);
    expect((await requestRow(h, asked.body.id)).status).toBe('approved');

    const reversed = await decide(h, ADMIN, 'admin', asked.body.id, {
      status: 'rejected',
      note: 'Busy week',
    });
    expect(reversed.status).toBe(200);
    expect(reversed.body).toMatchObject({
      status: 'rejected',
      decision_note: 'Busy week',
      decided_by: w.people.admin.id,
    });
    expect(await statusesBetween(NEXT_MON, NEXT_FRI)).toEqual([
      '2026-03-23 upcoming',
      '2026-03-24 upcoming',
      '2026-03-25 upcoming',
      '2026-03-26 upcoming',
      '2026-03-27 upcoming',
    ]);
    const again = await decide(h, ADMIN, 'admin', asked.body.id, {
      status: 'approved',
      note: 'Covered after all',
    });
    expect(again.status).toBe(200);
    expect((await statusesBetween(NEXT_MON, NEXT_FRI)).every((s) => s.endsWith('on_leave'))).toBe(true);

    expect((await eventsOf(h, 'request.decided')).map((e) => e.payload)).toEqual([
      {
        request_id: asked.body.id,
        va_id: w.people.ana.id,
        client_id: w.people.mina.id,
        type: 'vacation_leave',
        status: 'approved',
        reversed: false,
        note: null,
        target_start_date: NEXT_MON,
        target_end_date: NEXT_FRI,
        actor_id: w.people.manager.id,
      },
      expect.objectContaining({
        status: 'rejected',
        reversed: true,
        note: 'Busy week',
        actor_id: w.people.admin.id,
      }),
      expect.objectContaining({ status: 'approved', reversed: true, note: 'Covered after all' }),
    ]);
  });

  it('leaves started shifts alone; past ones come back absent', async () => {
    await dayShift(h, w.contracts.c1, '2026-03-16', { status: 'absent' });
    await workedShift(h, w.contracts.c1, '2026-03-17');
    // Today's shift ended at 17:00 Manila, just now, and the sweep has not marked it yet.
    await dayShift(h, w.contracts.c1, '2026-03-18');
    const sick = {
      type: 'sick_leave',
      contract_id: w.contracts.c1.id,
      target_start_date: '2026-03-16',
      target_end_date: '2026-03-18',
    };
    const asked = await ask(h, ANA, sick, { bytes: pdfBytes() });
    expect(asked.body.days).toBe(3);
    expect(asked.body.effect.shifts.map((s: { date: string }) => s.date)).toEqual([
      '2026-03-16',
      '2026-03-18',
    ]);

    expect((await decide(h, ADMIN, 'admin', asked.body.id, { status: 'approved' })).status).toBe(200);
    expect(await statusesBetween('2026-03-16', '2026-03-18')).toEqual([
      '2026-03-16 on_leave',
      '2026-03-17 completed',
      '2026-03-18 on_leave',
    ]);
    expect(
      (await decide(h, ADMIN, 'admin', asked.body.id, { status: 'rejected', note: 'No certificate' })).status,
    ).toBe(200);
    expect(await statusesBetween('2026-03-16', '2026-03-18')).toEqual([
      '2026-03-16 absent',
      '2026-03-17 completed',
      '2026-03-18 absent',
    ]);
  });

  it('a shift the engine builds after the approval starts on leave', async () => {
    const asked = await ask(h, ANA, vacation(w.contracts.c1.id, '2026-04-20', '2026-04-21'));
    expect(asked.body.effect.shifts).toEqual([]);
    expect((await decide(h, ADMIN, 'admin', asked.body.id, { status: 'approved' })).status).toBe(200);
    // Three weeks on, the rolling window reaches those dates.
    h.clock.set('2026-04-08T09:00:00Z');
    await buildWindow(h, w.contracts.c1.id);
    expect(await statusesBetween('2026-04-17', '2026-04-22')).toEqual([
      '2026-04-17 upcoming',
      '2026-04-20 on_leave',
      '2026-04-21 on_leave',
      '2026-04-22 upcoming',
    ]);
    const detail = await call(h, ADMIN, 'GET', `admin-access/user-requests/${asked.body.id}`);
    expect(detail.body.effect.shifts).toHaveLength(2);
  });

  it('a schedule changed after the approval moves the leave with its shifts; a pause takes them all', async () => {
    await buildWindow(h, w.contracts.c1.id);
    const asked = await ask(h, ANA, vacation(w.contracts.c1.id));
    expect((await decide(h, ADMIN, 'admin', asked.body.id, { status: 'approved' })).status).toBe(200);
    const startsOf = async () =>
      (
        await h.db
          .select({ start: attendances.scheduledStartAt })
          .from(attendances)
          .where(
            and(eq(attendances.contractId, w.contracts.c1.id), between(attendances.date, NEXT_MON, NEXT_FRI)),
          )
          .orderBy(asc(attendances.scheduledStartAt))
      ).map((r) => r.start.getTime());
    const before = await startsOf();
    // Every block an hour later: the week's shifts are rebuilt at the new times, still on leave.
    await h.db
      .update(schedules)
      .set({ startMinute: sql`${schedules.startMinute} + 60`, endMinute: sql`${schedules.endMinute} + 60` })
      .where(eq(schedules.contractId, w.contracts.c1.id));
    await buildWindow(h, w.contracts.c1.id);
    expect(await startsOf()).toEqual(before.map((t) => t + 3_600_000));
    expect(await statusesBetween(NEXT_MON, NEXT_FRI)).toEqual(
      ['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27'].map((d) => `${d} on_leave`),
    );
    // A paused contract keeps no future shift, on leave or not.
    await h.db.update(contracts).set({ status: 'paused' }).where(eq(contracts.id, w.contracts.c1.id));
    await buildWindow(h, w.contracts.c1.id);
    expect(await statusesBetween(NEXT_MON, NEXT_FRI)).toEqual([]);
  });

  it('a rejection needs a note; a cancelled or already decided request cannot be decided so again', async () => {
    const asked = await ask(h, ANA, vacation(w.contracts.c1.id));
    const bare = await decide(h, ADMIN, 'admin', asked.body.id, { status: 'rejected', note: '  ' });
    expect(codesOf(bare.body, 'note')).toEqual(['requests.note_required']);
    const rejected = await decide(h, ADMIN, 'admin', asked.body.id, { status: 'rejected', note: 'Not now' });
    expect(rejected.body.effect.shifts).toEqual([]);
    const same = await decide(h, ADMIN, 'admin', asked.body.id, { status: 'rejected', note: 'Still not' });
    expect(same.body.codes?.status).toEqual([
      { code: 'requests.same_decision', params: { status: 'rejected' } },
    ]);
    const bad = await decide(h, ADMIN, 'admin', asked.body.id, { status: 'cancelled' });
    expect(codesOf(bad.body, 'status')).toEqual(['requests.choose_decision']);

    const other = await ask(h, ANA, vacation(w.contracts.c1.id, '2026-03-30', '2026-03-31'));
    expect((await call(h, ANA, 'DELETE', `va-access/user-requests/${other.body.id}`)).body.status).toBe(
      'cancelled',
    );
    const cancelled = await decide(h, ADMIN, 'admin', other.body.id, { status: 'approved' });
    expect(codesOf(cancelled.body, 'status')).toEqual(['requests.not_cancellable']);
    expect(
      (await call(h, ADMIN, 'GET', `admin-access/user-requests/${other.body.id}`)).body.effect,
    ).toBeNull();
  });

  it('approval checks the rules again: a contract no longer active is refused and nothing changes', async () => {
    await buildWindow(h, w.contracts.c1.id);
    const asked = await ask(h, ANA, vacation(w.contracts.c1.id));
    await h.db.update(contracts).set({ status: 'paused' }).where(eq(contracts.id, w.contracts.c1.id));
    const paused = await decide(h, ADMIN, 'admin', asked.body.id, { status: 'approved' });
    expect(codesOf(paused.body, 'contract_id')).toEqual(['requests.contract_not_active']);
    expect((await requestRow(h, asked.body.id)).status).toBe('pending');
    expect((await statusesBetween(NEXT_MON, NEXT_FRI)).every((s) => s.endsWith('upcoming'))).toBe(true);
    expect(await eventsOf(h, 'request.decided')).toEqual([]);
  });
});
