import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts, schedules } from '../src/modules/contracts/contracts.table';
import { contract, setContractSettings } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ANA,
  ask,
  buildWindow,
  codesOf,
  dayShift,
  NEXT_MON,
  pdfBytes,
  type RequestWorld,
  seedRequestWorld,
  vacation,
  workedShift,
} from './requests-fixtures';

// Asking for overtime on a worked shift, and for a make-up shift: their own rules, each refusal on its field.
let h: Harness;
let w: RequestWorld;
useWorld('each', seedRequestWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const file = { bytes: pdfBytes() };
const refused = (res: { status: number; body: { codes?: Record<string, Array<{ code: string }>> } }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  return res.body;
};
const overtime = (attendanceId: number, minutes: number | string, contractId = w.contracts.c1.id) => ({
  type: 'overtime',
  contract_id: contractId,
  attendance_id: attendanceId,
  minutes,
});
const mus = (date: string, start: number, end: number) => ({
  type: 'mus',
  contract_id: w.contracts.c1.id,
  mus: { date, start, end },
});

describe('an overtime request', () => {
  it('names a worked shift and its minutes; its dates are the shift’s', async () => {
    const a = await workedShift(h, w.contracts.c1, '2026-03-17');
    const res = await ask(h, ANA, overtime(a.id, '45'), file);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      type: 'overtime',
      attendance_id: a.id,
      minutes: 45,
      target_start_date: '2026-03-17',
      target_end_date: '2026-03-17',
      days: null,
      has_file: true,
      effect: { kind: 'overtime', overtime_minutes: 45 },
    });
    expect(res.body.effect.timesheet_id).toEqual(expect.any(Number));
  });

  it('refuses a shift not worked, another VA’s, too many minutes, a second request for the shift, no document', async () => {
    const worked = await workedShift(h, w.contracts.c1, '2026-03-17');
    const upcoming = await dayShift(h, w.contracts.c1, NEXT_MON);
    const bens = await workedShift(h, w.contracts.c2, '2026-03-17');

    expect(codesOf(refused(await ask(h, ANA, overtime(worked.id, 30))), 'file')).toEqual([
      'requests.file_required',
    ]);
    expect(codesOf(refused(await ask(h, ANA, overtime(upcoming.id, 30), file)), 'attendance_id')).toEqual([
      'requests.attendance_not_worked',
    ]);
    expect(codesOf(refused(await ask(h, ANA, overtime(bens.id, 30), file)), 'attendance_id')).toEqual([
      'requests.attendance_not_yours',
    ]);
    const noShift = refused(
      await ask(h, ANA, { type: 'overtime', contract_id: w.contracts.c1.id, minutes: 30 }, file),
    );
    expect(codesOf(noShift, 'attendance_id')).toEqual(['requests.choose_attendance']);
    // The contract's cap (120 by default) is the limit, beyond the schema's own.
    const tooMany = refused(await ask(h, ANA, overtime(worked.id, 121), file));
    expect(tooMany.codes?.minutes).toEqual([{ code: 'requests.minutes_range', params: { max: 120 } }]);
    const zero = refused(await ask(h, ANA, overtime(worked.id, 0), file));
    expect(codesOf(zero, 'minutes')).toEqual(['requests.minutes_range']);

    expect((await ask(h, ANA, overtime(worked.id, 120), file)).status).toBe(201);
    const again = refused(await ask(h, ANA, overtime(worked.id, 10), file));
    expect(codesOf(again, 'attendance_id')).toEqual(['requests.overlaps']);
  });

  it('is refused where the contract already counts time beyond the schedule, or allows none', async () => {
    const a = await workedShift(h, w.contracts.c1, '2026-03-17');
    await setContractSettings(h, w.contracts.c1.id, { overtimeAllowed: true });
    expect(codesOf(refused(await ask(h, ANA, overtime(a.id, 30), file)), 'contract_id')).toEqual([
      'requests.overtime_counted',
    ]);
    await setContractSettings(h, w.contracts.c1.id, { overtimeAllowed: false, maxOvertimeMinutes: 0 });
    expect(codesOf(refused(await ask(h, ANA, overtime(a.id, 30), file)), 'contract_id')).toEqual([
      'requests.overtime_not_allowed',
    ]);
  });
});

describe('a make-up shift request', () => {
  it('is a future local shift of the contract; one past midnight ends the next day', async () => {
    const res = await ask(h, ANA, mus('2026-03-21', 600, 840), file);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      type: 'mus',
      mus: { date: '2026-03-21', start: 600, end: 840 },
      minutes: 240,
      target_start_date: '2026-03-21',
      target_end_date: '2026-03-21',
      // Saturday 10:00–14:00 in Manila.
      effect: {
        kind: 'mus',
        makeup: {
          start_at: '2026-03-21T02:00:00.000Z',
          end_at: '2026-03-21T06:00:00.000Z',
          attendance_id: null,
        },
      },
    });
    const overnight = await ask(h, ANA, mus('2026-03-28', 22 * 60, 120), file);
    expect(overnight.status, JSON.stringify(overnight.body)).toBe(201);
    expect(overnight.body.minutes).toBe(240);
    expect(overnight.body.effect.makeup).toMatchObject({
      start_at: '2026-03-28T14:00:00.000Z',
      end_at: '2026-03-28T18:00:00.000Z',
    });
  });

  it('refuses a past start, a missing or empty shift, dates outside the contract, and no document', async () => {
    expect(codesOf(refused(await ask(h, ANA, mus('2026-03-21', 600, 840))), 'file')).toEqual([
      'requests.file_required',
    ]);
    // Today 16:00 Manila has passed (it is 17:00 there).
    expect(codesOf(refused(await ask(h, ANA, mus('2026-03-18', 960, 1020), file)), 'mus')).toEqual([
      'requests.mus_past',
    ]);
    expect(
      codesOf(refused(await ask(h, ANA, { type: 'mus', contract_id: w.contracts.c1.id }, file)), 'mus'),
    ).toEqual(['requests.mus_required']);
    expect(codesOf(refused(await ask(h, ANA, mus('2026-03-21', 600, 600), file)), 'mus')).toEqual([
      'requests.mus_length',
    ]);
    expect(codesOf(refused(await ask(h, ANA, mus('2026-03-21', 600, 1500), file)), 'mus')).toEqual([
      'requests.mus_time',
    ]);
    await h.db.update(contracts).set({ endDate: '2026-03-20' }).where(eq(contracts.id, w.contracts.c1.id));
    expect(codesOf(refused(await ask(h, ANA, mus('2026-03-21', 600, 840), file)), 'mus')).toEqual([
      'requests.outside_contract',
    ]);
  });

  it('refuses to clash with a built shift of the VA, on any contract, or with one the schedule will build', async () => {
    await buildWindow(h, w.contracts.c1.id);
    const built = refused(await ask(h, ANA, mus(NEXT_MON, 16 * 60, 18 * 60), file));
    expect(built.codes?.mus).toEqual([
      { code: 'requests.mus_clash', params: { date: NEXT_MON, start: '09:00', end: '17:00' } },
    ]);
    // Touching the shift's end is no clash.
    expect((await ask(h, ANA, mus(NEXT_MON, 17 * 60, 18 * 60), file)).status).toBe(201);

    // Ana's Saturday shift for Theo (another contract) at 10:00–12:00.
    const c3 = await contract(h, w.people.ana.id, w.people.theo.id, 1);
    await h.db.delete(schedules).where(eq(schedules.contractId, c3.id));
    await dayShift(h, c3, '2026-03-28', {
      scheduledStartAt: new Date('2026-03-28T02:00:00Z'),
      scheduledEndAt: new Date('2026-03-28T04:00:00Z'),
    });
    const other = refused(await ask(h, ANA, mus('2026-03-28', 11 * 60, 13 * 60), file));
    expect(other.codes?.mus).toEqual([
      { code: 'requests.mus_clash', params: { date: '2026-03-28', start: '10:00', end: '12:00' } },
    ]);

    // Six weeks ahead no shift is built yet: the schedule says Monday 09:00–17:00.
    const ahead = refused(await ask(h, ANA, mus('2026-05-04', 8 * 60, 10 * 60), file));
    expect(ahead.codes?.mus).toEqual([
      { code: 'requests.mus_clash', params: { date: '2026-05-04', start: '09:00', end: '17:00' } },
    ]);
  });

  it('refuses a date another pending leave of the contract covers', async () => {
    expect((await ask(h, ANA, vacation(w.contracts.c1.id))).status).toBe(201);
    // The Saturday after it is free.
    expect((await ask(h, ANA, mus('2026-03-28', 600, 700), file)).status).toBe(201);
    expect(codesOf(refused(await ask(h, ANA, mus(NEXT_MON, 18 * 60, 20 * 60), file)), 'mus')).toEqual([
      'requests.overlaps',
    ]);
  });
});
