import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendances } from '../src/modules/attendance/attendance.table';
import { activeContract, logsOf, seedEngineWorld, setShift, shiftsOf } from './attendance-engine-fixtures';
import { useWorld } from './attendance-world';
import { as, auditRows, type Caller, type People, WEEKDAYS } from './contracts-fixtures';
import type { Harness } from './harness';

let h: Harness;
let p: People;
let admin: Caller;
useWorld('each', seedEngineWorld, (harness, world) => {
  h = harness;
  ({ p, admin } = world);
});

/** London, Monday to Friday 9–17, activated Monday 2 March 2026 09:00 UTC (09:00 in London). */
const london = () =>
  activeContract(h, admin, { va: p.va.id, client: p.london.id, blocks: [[WEEKDAYS, '09:00', '17:00']] });
const byDate = async (contractId: number, date: string) =>
  (await shiftsOf(h, contractId)).find((r) => r.date === date);
const problem = (res: { statusCode: number; json: () => { errors?: Record<string, string[]> } }) => ({
  status: res.statusCode,
  errors: res.json().errors,
});

describe('reset-upcoming', () => {
  it("rebuilds an active contract's window, audited", async () => {
    const id = await london();
    const before = await shiftsOf(h, id);
    // A shift lost (say, a failed event): the reset puts it back, the others keep their ids.
    await h.db.delete(attendances).where(eq(attendances.id, before[3].id));
    const res = await admin.post('attendance/reset-upcoming', { contract_id: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ contract_id: id, removed: 0, created: 1, kept: 19 });
    const after = await shiftsOf(h, id);
    expect(after).toHaveLength(20);
    expect(after.map((r) => r.id)).toEqual(before.map((r, i) => (i === 3 ? expect.any(Number) : r.id)));
    expect(after[3]).toMatchObject({ date: before[3].date, scheduledStartAt: before[3].scheduledStartAt });
    expect(after[3].id).not.toBe(before[3].id);
    expect((await auditRows(h, 'contract', id)).map((r) => r.action)).toContain('attendance.upcoming_reset');
  });

  it('refuses a contract that is not active (422) or unknown (404)', async () => {
    const id = await london();
    await admin.patch(`contracts/${id}`, { status: 'paused' });
    expect(problem(await admin.post('attendance/reset-upcoming', { contract_id: id }))).toEqual({
      status: 422,
      errors: { contract_id: ['Only an active contract has upcoming shifts'] },
    });
    expect((await admin.post('attendance/reset-upcoming', { contract_id: 99999 })).statusCode).toBe(404);
    expect((await admin.post('attendance/reset-upcoming', {})).statusCode).toBe(422);
  });
});

describe('fix-date', () => {
  it('moves an upcoming shift to its wall times on another date; a rebuild keeps the move', async () => {
    const id = await london();
    const wednesday = await byDate(id, '2026-03-04');
    if (!wednesday) throw new Error('no Wednesday shift');
    // Saturday 28 March is still GMT, Sunday 29 is BST: 9:00 local either way.
    const res = await admin.post('attendance/fix-date', { attendance_id: wednesday.id, date: '2026-03-29' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: wednesday.id,
      date: '2026-03-29',
      scheduled_start_at: '2026-03-29T08:00:00.000Z',
      scheduled_end_at: '2026-03-29T16:00:00.000Z',
      status: 'upcoming',
    });
    const logs = await logsOf(h, wednesday.id);
    expect(logs.map((l) => [l.type, l.actorId])).toEqual([['date_fixed', p.admin.id]]);
    expect(logs[0].details).toMatchObject({ from: { date: '2026-03-04' }, to: { date: '2026-03-29' } });
    expect((await auditRows(h, 'attendance', wednesday.id)).map((r) => r.action)).toEqual([
      'attendance.date_fixed',
    ]);

    // Neither a reset nor a schedule event undoes it, nor builds 4 March again.
    const reset = await admin.post('attendance/reset-upcoming', { contract_id: id });
    expect(reset.json()).toMatchObject({ removed: 0, created: 0 });
    expect(await byDate(id, '2026-03-04')).toBeUndefined();
    expect((await byDate(id, '2026-03-29'))?.id).toBe(wednesday.id);

    // Moved back to its own date: an ordinary shift again.
    const back = await admin.post('attendance/fix-date', { attendance_id: wednesday.id, date: '2026-03-04' });
    expect(back.json()).toMatchObject({ date: '2026-03-04', scheduled_start_at: '2026-03-04T09:00:00.000Z' });
    expect((await byDate(id, '2026-03-04'))?.dateFixedFrom).toBeNull();
  });

  it('answers 422 for a shift not upcoming, a date taken, over, outside the contract or overlapping', async () => {
    const id = await london();
    // Another contract of the same VA on Saturdays 08:00–10:00 London.
    await activeContract(h, admin, {
      va: p.va.id,
      client: p.ny.id,
      timezone: 'Europe/London',
      blocks: [[[6], '08:00', '10:00']],
    });
    const shifts = await shiftsOf(h, id);
    const [monday, tuesday] = shifts;
    await setShift(h, monday.id, { status: 'ongoing', startedAt: monday.scheduledStartAt });
    const fix = (attendance_id: number, date: string) =>
      admin.post('attendance/fix-date', { attendance_id, date }).then(problem);

    expect(await fix(monday.id, '2026-03-07')).toEqual({
      status: 422,
      errors: { attendance_id: ['Only an upcoming shift can move to another date'] },
    });
    expect(await fix(tuesday.id, '2026-03-10')).toEqual({
      status: 422,
      errors: { date: ['This contract already has a shift from the same schedule on that date'] },
    });
    // Sunday 1 March is inside the contract (from 1 March) but its 9–17 is over.
    expect(await fix(tuesday.id, '2026-03-01')).toEqual({
      status: 422,
      errors: { date: ['That date is over: the shift would already have ended'] },
    });
    expect(await fix(tuesday.id, '2026-02-27')).toEqual({
      status: 422,
      errors: { date: ["That date lies outside the contract's dates"] },
    });
    expect(await fix(tuesday.id, '2026-03-07')).toEqual({
      status: 422,
      errors: { date: ["On that date the shift would overlap another of this VA's shifts"] },
    });
    expect((await fix(tuesday.id, 'not-a-date')).status).toBe(422);
    // Nothing moved.
    expect((await byDate(id, '2026-03-03'))?.id).toBe(tuesday.id);
    expect(await logsOf(h, tuesday.id)).toEqual([]);
  });
});

describe('who may', () => {
  it('managers, clients and VAs get 403; another organization gets 404', async () => {
    const id = await london();
    const [monday] = await shiftsOf(h, id);
    const org = await h.createOrg('Elsewhere');
    await h.createUser({ email: 'admin@else.test', roles: ['admin'], organizationId: org.id });
    const other = await as(h, 'admin@else.test', 'admin');
    expect((await other.post('attendance/reset-upcoming', { contract_id: id })).statusCode).toBe(404);
    expect(
      (await other.post('attendance/fix-date', { attendance_id: monday.id, date: '2026-03-07' })).statusCode,
    ).toBe(404);

    for (const [email, area] of [
      ['manager@home.test', 'manager'],
      ['london@home.test', 'client'],
      ['va@home.test', 'va'],
    ]) {
      const headers = await h.bearer(email);
      for (const [path, payload] of [
        ['attendance/reset-upcoming', { contract_id: id }],
        ['attendance/fix-date', { attendance_id: monday.id, date: '2026-03-07' }],
      ] as const) {
        const res = await h.app.inject({
          method: 'POST',
          url: `/api/v1/admin-access/${path}`,
          headers,
          payload,
        });
        expect(res.statusCode, `${area} ${path}`).toBe(403);
      }
    }
    expect((await shiftsOf(h, id)).map((r) => r.id)).toContain(monday.id);
    expect(await logsOf(h, monday.id)).toEqual([]);
  });
});

describe('deleting a contract', () => {
  it('with attendance history answers 409 and keeps everything', async () => {
    const id = await london();
    const [monday] = await shiftsOf(h, id);
    await setShift(h, monday.id, {
      status: 'completed',
      startedAt: monday.scheduledStartAt,
      endedAt: monday.scheduledEndAt,
    });
    expect((await admin.patch(`contracts/${id}`, { status: 'ended' })).statusCode).toBe(200);
    const res = await admin.del(`contracts/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This contract has attendance history, so it cannot be deleted; keep it ended instead',
    );
    expect((await admin.get(`contracts/${id}`)).statusCode).toBe(200);
    expect(await shiftsOf(h, id)).not.toHaveLength(0);
  });

  it('with only shifts that never happened deletes them with it', async () => {
    const id = await london();
    expect(await shiftsOf(h, id)).toHaveLength(20);
    // Ended before the events ran: the delete takes the shifts the engine has not removed yet.
    expect((await admin.patch(`contracts/${id}`, { status: 'ended' })).statusCode).toBe(200);
    const res = await admin.del(`contracts/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    await h.deps.events.drain();
    expect(await shiftsOf(h, id)).toEqual([]);
    expect((await admin.get(`contracts/${id}`)).statusCode).toBe(404);
  });
});
