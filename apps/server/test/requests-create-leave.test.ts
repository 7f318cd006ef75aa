import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { contracts } from '../src/modules/contracts/contracts.table';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ANA,
  ask,
  BEN,
  call,
  codesOf,
  eventsOf,
  NEXT_FRI,
  NEXT_MON,
  pdfBytes,
  type RequestWorld,
  seedRequestWorld,
  vacation,
} from './requests-fixtures';

// Asking for leave: the rules of each leave type under the contract, each refusal a 422 on the field it is about.
let h: Harness;
let w: RequestWorld;
useWorld('each', seedRequestWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const refused = (res: { status: number; body: { codes?: Record<string, Array<{ code: string }>> } }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  return res.body;
};

describe('a leave request', () => {
  it('is pending with its working days, the contract and its client, an audit entry and request.created', async () => {
    const res = await ask(h, ANA, {
      ...vacation(w.contracts.c1.id),
      details: 'Family trip',
      paid_by: 'agency',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      type: 'vacation_leave',
      status: 'pending',
      va_id: w.people.ana.id,
      client_id: w.people.mina.id,
      contract_id: w.contracts.c1.id,
      target_start_date: NEXT_MON,
      target_end_date: NEXT_FRI,
      days: 5,
      details: 'Family trip',
      paid_by: 'agency',
      timezone: 'Asia/Manila',
      has_file: false,
      file: null,
      decider: null,
      va: { id: w.people.ana.id },
      client: { id: w.people.mina.id },
      contract: { id: w.contracts.c1.id, title: w.contracts.c1.title },
      effect: { kind: 'leave', shifts: [] },
    });
    const [event] = await eventsOf(h, 'request.created');
    expect(event.organizationId).toBe(1);
    expect(event.payload).toEqual({
      request_id: res.body.id,
      va_id: w.people.ana.id,
      client_id: w.people.mina.id,
      contract_id: w.contracts.c1.id,
      type: 'vacation_leave',
      target_start_date: NEXT_MON,
      target_end_date: NEXT_FRI,
      minutes: null,
      actor_id: w.people.ana.id,
    });
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'request'), eq(auditLog.entityId, res.body.id)));
    expect(audits).toMatchObject([{ action: 'request.created', actorId: w.people.ana.id }]);
  });

  it('takes a JSON body too, and dates sent as instants are read as dates of the VA’s zone', async () => {
    // 2026-03-22T16:00Z is Monday 00:00 in Manila; 2026-03-24T15:59Z still Tuesday there.
    const res = await call(h, ANA, 'POST', 'va-access/user-requests', {
      type: 'unpaid_leave',
      contract_id: w.contracts.c1.id,
      target_start_date: '2026-03-22T16:00:00.000Z',
      target_end_date: '2026-03-24T15:59:00.000Z',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      target_start_date: NEXT_MON,
      target_end_date: '2026-03-24',
      days: 2,
      paid_by: 'unpaid',
    });
  });

  it('an instant is a date of the sender’s zone: a Manila VA’s 30 December stays the 30th on a New York contract', async () => {
    await h.db
      .update(contracts)
      .set({ timezone: 'America/New_York' })
      .where(eq(contracts.id, w.contracts.c1.id));
    // 2026-12-29T16:00Z is Wednesday 30 December 00:00 in Manila (Ana's zone), still the 29th in New York.
    const res = await call(h, ANA, 'POST', 'va-access/user-requests', {
      type: 'vacation_leave',
      contract_id: w.contracts.c1.id,
      target_start_date: '2026-12-29T16:00:00.000Z',
      target_end_date: '2026-12-30T16:00:00.000Z',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      target_start_date: '2026-12-30',
      target_end_date: '2026-12-31',
      days: 2,
    });
    // A plain date stays as it is.
    const plain = await call(h, ANA, 'POST', 'va-access/user-requests', {
      type: 'vacation_leave',
      contract_id: w.contracts.c1.id,
      target_start_date: '2026-12-28',
    });
    expect(plain.body).toMatchObject({ target_start_date: '2026-12-28', days: 1 });
  });

  it('a one-day leave needs no last day, and a sick leave needs its document', async () => {
    const noFile = refused(
      await ask(h, ANA, { type: 'sick_leave', contract_id: w.contracts.c1.id, target_start_date: NEXT_MON }),
    );
    expect(codesOf(noFile, 'file')).toEqual(['requests.file_required']);
    const res = await ask(
      h,
      ANA,
      { type: 'sick_leave', contract_id: w.contracts.c1.id, target_start_date: NEXT_MON },
      { bytes: pdfBytes() },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ target_start_date: NEXT_MON, target_end_date: NEXT_MON, days: 1 });
  });

  it('refuses what the schema refuses, each on its field', async () => {
    const c = w.contracts.c1.id;
    const noType = refused(await ask(h, ANA, { contract_id: c, target_start_date: NEXT_MON }));
    expect(codesOf(noType, 'type')).toEqual(['requests.choose_type']);
    const noStart = refused(await ask(h, ANA, { type: 'vacation_leave', contract_id: c }));
    expect(codesOf(noStart, 'target_start_date')).toEqual(['requests.start_date_required']);
    const backwards = refused(await ask(h, ANA, vacation(c, NEXT_FRI, NEXT_MON)));
    expect(codesOf(backwards, 'target_end_date')).toEqual(['requests.end_before_start']);
    const absent = refused(
      await ask(h, ANA, { type: 'absent', contract_id: c, target_start_date: NEXT_MON }),
    );
    expect(codesOf(absent, 'details')).toEqual(['requests.details_required']);
    const unpaid = refused(
      await ask(h, ANA, {
        type: 'unpaid_leave',
        contract_id: c,
        target_start_date: NEXT_MON,
        paid_by: 'client',
      }),
    );
    expect(codesOf(unpaid, 'paid_by')).toEqual(['requests.unpaid_is_unpaid']);
    const badDate = refused(await ask(h, ANA, vacation(c, '2026-02-30', NEXT_FRI)));
    expect(codesOf(badDate, 'target_start_date')).toEqual(['requests.request_date']);
    // An instant's range is compared once it is read in the contract's zone.
    const instants = refused(await ask(h, ANA, vacation(c, '2026-03-27T01:00:00Z', '2026-03-23T01:00:00Z')));
    expect(codesOf(instants, 'target_end_date')).toEqual(['requests.end_before_start']);
  });

  it('refuses a contract that is not the VA’s or not active, and a client that is not the contract’s', async () => {
    const bens = refused(await ask(h, ANA, vacation(w.contracts.c2.id)));
    expect(codesOf(bens, 'contract_id')).toEqual(['requests.contract_not_yours']);
    const elsewhere = refused(await ask(h, ANA, vacation(w.contracts.c9.id)));
    expect(codesOf(elsewhere, 'contract_id')).toEqual(['requests.contract_not_yours']);
    const client = refused(
      await ask(h, ANA, { ...vacation(w.contracts.c1.id), client_id: w.people.theo.id }),
    );
    expect(codesOf(client, 'client_id')).toEqual(['requests.client_mismatch']);
    expect((await ask(h, ANA, { ...vacation(w.contracts.c1.id), client_id: w.people.mina.id })).status).toBe(
      201,
    );

    await h.db.update(contracts).set({ status: 'paused' }).where(eq(contracts.id, w.contracts.c2.id));
    const paused = refused(await ask(h, BEN, vacation(w.contracts.c2.id)));
    expect(codesOf(paused, 'contract_id')).toEqual(['requests.contract_not_active']);
    expect(await eventsOf(h, 'request.created')).toHaveLength(1);
  });

  it('keeps the dates inside the contract and needs at least one working day', async () => {
    const c = w.contracts.c1.id;
    const before = refused(await ask(h, ANA, vacation(c, '2025-12-29', '2026-01-02')));
    expect(before.codes?.target_start_date).toEqual([
      { code: 'requests.outside_contract', params: { start: '2026-01-01', end: '…' } },
    ]);
    await h.db.update(contracts).set({ endDate: '2026-03-25' }).where(eq(contracts.id, c));
    const after = refused(await ask(h, ANA, vacation(c)));
    expect(after.codes?.target_end_date).toEqual([
      { code: 'requests.outside_contract', params: { start: '2026-01-01', end: '2026-03-25' } },
    ]);
    const weekend = refused(await ask(h, ANA, vacation(c, '2026-03-21', '2026-03-22')));
    expect(codesOf(weekend, 'target_start_date')).toEqual(['requests.no_working_days']);
  });

  it('refuses to meet another pending or approved leave of the same contract; cancelled ones free the dates', async () => {
    const first = await ask(h, ANA, vacation(w.contracts.c1.id));
    expect(first.status).toBe(201);
    const sick = { type: 'sick_leave', contract_id: w.contracts.c1.id, target_start_date: '2026-03-25' };
    const clash = refused(await ask(h, ANA, sick, { bytes: pdfBytes() }));
    expect(clash.codes?.target_start_date).toEqual([
      {
        code: 'requests.overlaps',
        params: { type: 'vacation_leave', start: NEXT_MON, end: NEXT_FRI, status: 'pending' },
      },
    ]);
    expect((await call(h, ANA, 'DELETE', `va-access/user-requests/${first.body.id}`)).status).toBe(200);
    expect((await ask(h, ANA, sick, { bytes: pdfBytes() })).status).toBe(201);
    // Ben's leave on the same dates is his own business.
    expect((await ask(h, BEN, vacation(w.contracts.c2.id))).status).toBe(201);
  });
});
