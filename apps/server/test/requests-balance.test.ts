import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts } from '../src/modules/contracts/contracts.table';
import { setContractSettings } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ADMIN,
  ANA,
  ask,
  BEN,
  call,
  codesOf,
  decide,
  NEXT_FRI,
  NEXT_MON,
  pdfBytes,
  type RequestWorld,
  requestRow,
  seedRequestWorld,
  vacation,
} from './requests-fixtures';

// Working days and balances: allowance − approved days per contract and calendar year; pending days count when
// a request is made; a range across New Year draws on each year's allowance.
let h: Harness;
let w: RequestWorld;
useWorld('each', seedRequestWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const days = (email: string, body: Record<string, unknown>) =>
  call(h, email, 'POST', 'va-access/user-vacations/days', body);
const approved = async (res: { body: { id: number } }) =>
  expect((await decide(h, ADMIN, 'admin', res.body.id, { status: 'approved' })).status).toBe(200);

describe('user-vacations/days', () => {
  it('counts the scheduled working days of the range and the balance of its pool', async () => {
    const res = await days(ANA, { ...vacation(w.contracts.c1.id), target_end_date: '2026-03-29' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      days: 5,
      balance: 10,
      pool: 'vacation',
      dates: ['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27'],
      years: [{ year: 2026, days: 5, allowance: 10, used: 0, pending: 0, balance: 10 }],
      overlap: null,
      taken_dates: [],
    });
    const weekend = await days(ANA, vacation(w.contracts.c1.id, '2026-03-21', '2026-03-22'));
    expect(weekend.body).toMatchObject({ days: 0, balance: 10, dates: [] });
    const sick = await days(ANA, { ...vacation(w.contracts.c1.id), type: 'sick_leave' });
    expect(sick.body).toMatchObject({ days: 5, balance: 5, pool: 'sick' });
    const unpaid = await days(ANA, { ...vacation(w.contracts.c1.id), type: 'unpaid_leave' });
    expect(unpaid.body).toEqual({
      days: 5,
      balance: null,
      pool: null,
      dates: expect.any(Array),
      years: [],
      overlap: null,
      taken_dates: [],
    });
  });

  it('says before sending which days are already on leave, as sending would be judged', async () => {
    // Wed 25 – Thu 26 March approved; Mon 30 March pending.
    const leave = await ask(h, ANA, vacation(w.contracts.c1.id, '2026-03-25', '2026-03-26'));
    await approved(leave);
    expect((await ask(h, ANA, vacation(w.contracts.c1.id, '2026-03-30', '2026-03-30'))).status).toBe(201);

    const range = vacation(w.contracts.c1.id, '2026-03-23', '2026-03-31');
    const preview = await days(ANA, range);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      days: 7,
      overlap: {
        type: 'vacation_leave',
        status: 'approved',
        target_start_date: '2026-03-25',
        target_end_date: '2026-03-26',
      },
      taken_dates: ['2026-03-25', '2026-03-26', '2026-03-30'],
    });
    // The same range sent: refused for the same request the preview named.
    const sent = await ask(h, ANA, range);
    expect(sent.body.codes?.target_start_date).toEqual([
      {
        code: 'requests.overlaps',
        params: { type: 'vacation_leave', start: '2026-03-25', end: '2026-03-26', status: 'approved' },
      },
    ]);
    // Any type meets them, unpaid leave included; another contract's leave does not.
    const unpaid = await days(ANA, { ...range, type: 'unpaid_leave' });
    expect(unpaid.body.taken_dates).toEqual(['2026-03-25', '2026-03-26', '2026-03-30']);
    expect((await days(BEN, vacation(w.contracts.c2.id, '2026-03-23', '2026-03-31'))).body).toMatchObject({
      overlap: null,
      taken_dates: [],
    });
    // A range that meets none of them.
    const clear = await days(ANA, vacation(w.contracts.c1.id, '2026-03-23', '2026-03-24'));
    expect(clear.body).toMatchObject({ overlap: null, taken_dates: [] });
  });

  it('refuses another VA’s contract and a range that runs backwards; reads instants in the VA’s zone', async () => {
    const other = await days(BEN, vacation(w.contracts.c1.id));
    expect(codesOf(other.body, 'contract_id')).toEqual(['requests.contract_not_yours']);
    const backwards = await days(ANA, vacation(w.contracts.c1.id, NEXT_FRI, NEXT_MON));
    expect(codesOf(backwards.body, 'target_end_date')).toEqual(['requests.end_before_start']);
    const missing = await days(ANA, { type: 'vacation_leave', contract_id: w.contracts.c1.id });
    expect(missing.status).toBe(422);
    // Sunday 16:00 UTC is Monday in Manila.
    const instants = await days(
      ANA,
      vacation(w.contracts.c1.id, '2026-03-22T16:00:00Z', '2026-03-23T15:00:00Z'),
    );
    expect(instants.body).toMatchObject({ days: 1, dates: ['2026-03-23'] });
  });
});

describe('user-vacations/days with instants', () => {
  it('reads an instant as a date of the sender’s zone, not the contract’s; a plain date as it is', async () => {
    await h.db
      .update(contracts)
      .set({ timezone: 'America/New_York' })
      .where(eq(contracts.id, w.contracts.c1.id));
    // Ana is in Manila: her local midnights of Wed 30 and Thu 31 December, sent as the spec's client sends them.
    const res = await days(
      ANA,
      vacation(w.contracts.c1.id, '2026-12-29T16:00:00.000Z', '2026-12-30T16:00:00.000Z'),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ days: 2, dates: ['2026-12-30', '2026-12-31'] });
    const plain = await days(ANA, vacation(w.contracts.c1.id, '2026-12-30', '2026-12-31'));
    expect(plain.body).toMatchObject({ dates: ['2026-12-30', '2026-12-31'] });
  });
});

describe('balances', () => {
  it('are the allowance less approved days; pending days are shown apart and count when asking', async () => {
    const first = await ask(h, ANA, vacation(w.contracts.c1.id));
    const second = await ask(h, ANA, vacation(w.contracts.c1.id, '2026-03-30', '2026-04-03'));
    expect(second.status).toBe(201);
    await approved(first);
    const now = await days(ANA, vacation(w.contracts.c1.id, '2026-04-06', '2026-04-06'));
    expect(now.body.years).toEqual([{ year: 2026, days: 1, allowance: 10, used: 5, pending: 5, balance: 5 }]);
    expect(now.body.balance).toBe(5);

    // 10 − 5 approved − 5 pending leaves nothing, for every type of the vacation pool.
    for (const type of ['vacation_leave', 'emergency_leave']) {
      const refused = await ask(h, ANA, { ...vacation(w.contracts.c1.id, '2026-04-06', '2026-04-06'), type });
      expect(refused.status).toBe(422);
      expect(refused.body.codes?.target_end_date).toEqual([
        { code: 'requests.balance_exceeded', params: { left: 0, pool: 'vacation', year: 2026, days: 1 } },
      ]);
    }
    // The sick pool is its own; unpaid leave and absences have no allowance.
    const sick = {
      type: 'sick_leave',
      contract_id: w.contracts.c1.id,
      target_start_date: '2026-04-06',
      target_end_date: '2026-04-08',
    };
    expect((await ask(h, ANA, sick, { bytes: pdfBytes() })).status).toBe(201);
    const unpaid = await ask(h, ANA, {
      ...vacation(w.contracts.c1.id, '2026-04-13', '2026-05-29'),
      type: 'unpaid_leave',
    });
    expect(unpaid.status).toBe(201);
    expect(unpaid.body.days).toBe(35);
    // Ben's allowance is his own contract's.
    expect((await days(BEN, vacation(w.contracts.c2.id))).body.balance).toBe(10);
  });

  it('are checked again at approval, against approved days only', async () => {
    const asked = await ask(h, ANA, vacation(w.contracts.c1.id));
    const other = await ask(h, ANA, vacation(w.contracts.c1.id, '2026-03-30', '2026-04-03'));
    await setContractSettings(h, w.contracts.c1.id, { vacationDaysPerYear: 7 });
    // The other pending one does not stand in the way; the allowance cut does once the first is approved.
    await approved(asked);
    const res = await decide(h, ADMIN, 'admin', other.body.id, { status: 'approved' });
    expect(res.body.codes?.target_end_date).toEqual([
      { code: 'requests.balance_exceeded', params: { left: 2, pool: 'vacation', year: 2026, days: 5 } },
    ]);
    expect((await requestRow(h, other.body.id)).status).toBe('pending');
  });

  it('split a range across New Year by year and check each year’s allowance', async () => {
    await setContractSettings(h, w.contracts.c1.id, { vacationDaysPerYear: 3 });
    // Tuesday and Wednesday of the new year's first full week, approved.
    await approved(await ask(h, ANA, vacation(w.contracts.c1.id, '2027-01-05', '2027-01-06')));

    // Wed 30 and Thu 31 Dec, then Fri 1 and Mon 4 Jan: two days in each year.
    const range = vacation(w.contracts.c1.id, '2026-12-30', '2027-01-04');
    const counted = await days(ANA, range);
    expect(counted.body).toMatchObject({
      days: 4,
      balance: 3,
      years: [
        { year: 2026, days: 2, allowance: 3, used: 0, pending: 0, balance: 3 },
        { year: 2027, days: 2, allowance: 3, used: 2, pending: 0, balance: 1 },
      ],
    });
    const refused = await ask(h, ANA, range);
    expect(refused.body.codes?.target_end_date).toEqual([
      { code: 'requests.balance_exceeded', params: { left: 1, pool: 'vacation', year: 2027, days: 2 } },
    ]);
    const fits = await ask(h, ANA, vacation(w.contracts.c1.id, '2026-12-30', '2027-01-01'));
    expect(fits.status).toBe(201);
    expect((await requestRow(h, fits.body.id)).daysByYear).toEqual({ '2026': 2, '2027': 1 });
  });
});
