import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/modules/people/users.table';
import {
  addBlocks,
  as,
  auditRows,
  type Caller,
  events,
  hm,
  makeContract,
  type People,
  useContractsWorld,
  WEEKDAYS,
} from './contracts-fixtures';
import type { Harness } from './harness';

let h: Harness;
let p: People;
let admin: Caller;
useContractsWorld((harness, people, caller) => {
  h = harness;
  p = people;
  admin = caller;
});

const block = (contract_id: number, weekday: number, start: string, end: string) => ({
  contract_id,
  weekday,
  start_minute: hm(start),
  end_minute: hm(end),
});

describe('schedule blocks of one contract', () => {
  it('stores Sunday given as 0 as 7, and filters by either', async () => {
    const id = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    const res = await admin.post('schedules', block(id, 0, '10:00', '14:00'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ weekday: 7, contract: { id }, timezone: 'America/New_York' });
    expect((await admin.get('schedules?weekday=0')).json().meta.total).toBe(1);
    expect((await admin.get('schedules?weekday=7')).json().meta.total).toBe(1);
    expect((await admin.get('schedules?weekday=1')).json().meta.total).toBe(0);
  });

  it('refuses bad input with field errors', async () => {
    const id = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    const bad = await admin.post('schedules', {
      contract_id: id,
      weekday: 8,
      start_minute: -1,
      end_minute: 1440,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['end_minute', 'start_minute', 'weekday']);
    const zero = await admin.post('schedules', block(id, 1, '09:00', '09:00'));
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.end_minute[0]).toMatch(/must differ/);
    const range = await admin.post('schedules', {
      ...block(id, 1, '09:00', '10:00'),
      effective_from: '2026-04-01',
      effective_to: '2026-03-01',
    });
    expect(range.json().errors.effective_to).toBeDefined();
    expect((await admin.post('schedules', block(99999, 1, '09:00', '10:00'))).statusCode).toBe(404);
  });

  it('refuses overlapping blocks, overnight and Sunday-to-Monday included', async () => {
    const id = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    await addBlocks(admin, id, [1], '08:00', '12:00');
    expect((await admin.post('schedules', block(id, 1, '13:00', '17:00'))).statusCode).toBe(201);
    expect((await admin.post('schedules', block(id, 1, '12:00', '13:00'))).statusCode).toBe(201);
    const clash = await admin.post('schedules', block(id, 1, '11:00', '12:30'));
    expect(clash.statusCode).toBe(422);
    // On the viewer's clock (12 hours here: no setting, English), the block's day and times only, no id.
    expect(clash.json().errors.start_minute[0]).toBe(
      'This block overlaps the Monday 8:00 AM–12:00 PM block of this contract.',
    );
    expect(clash.json().codes.start_minute[0]).toEqual({
      code: 'contracts.block_overlap',
      params: { block: 'Monday 8:00 AM–12:00 PM' },
    });
    const sunday = await admin.post('schedules', block(id, 0, '22:00', '09:00'));
    expect(sunday.statusCode).toBe(422);
    expect(sunday.json().errors.start_minute[0]).toMatch(/Monday 8:00 AM–12:00 PM/);
    // A viewer on a 24-hour clock reads it on theirs.
    await h.db.update(users).set({ timeFormat: '24h' }).where(eq(users.email, 'admin@home.test'));
    const day24 = await admin.post('schedules', block(id, 1, '11:00', '12:30'));
    expect(day24.json().errors.start_minute[0]).toBe(
      'This block overlaps the Monday 08:00–12:00 block of this contract.',
    );
    await h.db.update(users).set({ timeFormat: null }).where(eq(users.email, 'admin@home.test'));
    expect((await admin.post('schedules', block(id, 7, '22:00', '08:00'))).statusCode).toBe(201);
    const tue = await admin.post('schedules', block(id, 2, '22:00', '02:00'));
    expect(tue.statusCode).toBe(201);
    expect((await admin.post('schedules', block(id, 3, '01:00', '03:00'))).statusCode).toBe(422);
  });

  it('moves and deletes blocks with audit rows and events', async () => {
    const id = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    await addBlocks(admin, id, [1, 2], '09:00', '17:00');
    const list = (await admin.get(`schedules?contract_id=${id}`)).json();
    const [mon, tue] = list.data;
    expect(
      (await admin.patch(`schedules/${tue.id}`, { weekday: 1, start_minute: hm('16:00') })).statusCode,
    ).toBe(422);
    const moved = await admin.patch(`schedules/${tue.id}`, { weekday: 3, end_minute: hm('18:00') });
    expect(moved.json()).toMatchObject({ weekday: 3, start_minute: hm('09:00'), end_minute: hm('18:00') });
    expect((await admin.patch(`schedules/${mon.id}`, { start_minute: hm('10:00') })).statusCode).toBe(200);
    expect((await admin.del(`schedules/${mon.id}`)).statusCode).toBe(200);
    expect((await admin.get(`schedules/${mon.id}`)).statusCode).toBe(404);
    expect((await auditRows(h, 'schedule', tue.id)).map((r) => r.action)).toEqual([
      'schedule.created',
      'schedule.updated',
    ]);
    expect((await auditRows(h, 'schedule', mon.id)).map((r) => r.action)).toEqual([
      'schedule.created',
      'schedule.updated',
      'schedule.deleted',
    ]);
    const changed = await events(h, 'contract.schedules_changed');
    expect(changed).toHaveLength(5);
    expect(changed[0].payload).toEqual({ contract_id: id });
  });

  it('keeps the last block of an active contract and freezes ended ones', async () => {
    const id = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    await addBlocks(admin, id, [1], '09:00', '17:00');
    await admin.post(`contracts/${id}/activate`);
    const only = (await admin.get(`schedules?contract_id=${id}`)).json().data[0];
    expect((await admin.del(`schedules/${only.id}`)).statusCode).toBe(422);
    await admin.patch(`contracts/${id}`, { status: 'ended' });
    expect((await admin.post('schedules', block(id, 2, '09:00', '17:00'))).statusCode).toBe(422);
  });

  it('lists with filters: client, VA, team', async () => {
    const a = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    const b = await makeContract(admin, { va_id: p.va2.id, client_id: p.london.id });
    await addBlocks(admin, a, WEEKDAYS, '09:00', '17:00');
    await addBlocks(admin, b, [1], '09:00', '17:00');
    expect((await admin.get(`schedules?client_id=${p.ny.id}`)).json().meta.total).toBe(5);
    expect((await admin.get(`schedules?va_id=${p.va2.id}`)).json().meta.total).toBe(1);
    const { teams, teamMembers } = await import('../src/modules/people/teams.table');
    const [team] = await h.db.insert(teams).values({ organizationId: 1, name: 'Night shift' }).returning();
    await h.db.insert(teamMembers).values({ teamId: team.id, userId: p.va2.id });
    const byTeam = (await admin.get(`schedules?team_id=${team.id}`)).json();
    expect(byTeam.meta.total).toBe(1);
    expect(byTeam.data[0]).toMatchObject({
      va: { id: p.va2.id },
      client: { id: p.london.id },
      contract: { title: 'Support' },
    });
  });
});

describe("a VA's active contracts never overlap in absolute time", () => {
  async function activeNewYork() {
    const id = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id, title: 'New York desk' });
    await addBlocks(admin, id, WEEKDAYS, '09:00', '17:00');
    expect((await admin.post(`contracts/${id}/activate`)).statusCode).toBe(200);
    return id;
  }

  it('New York 9–17 and London 8–13 fit; London 13–18 does not', async () => {
    const ny = await activeNewYork();
    const london = await makeContract(admin, { va_id: p.va.id, client_id: p.london.id });
    await addBlocks(admin, london, WEEKDAYS, '08:00', '13:00');
    expect((await admin.post(`contracts/${london}/activate`)).statusCode).toBe(200);
    const clash = await admin.post('schedules', block(london, 1, '13:00', '18:00'));
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.start_minute[0]).toContain(
      'Monday 1:00 PM–6:00 PM overlaps the VA\'s active contract "New York desk" from',
    );
    expect(clash.json().errors.start_minute[0]).not.toContain(`#${ny}`);
  });

  it('refuses to activate a contract that clashes, naming the other contract', async () => {
    const ny = await activeNewYork();
    const manila = await makeContract(admin, { va_id: p.va.id, client_id: p.manila.id });
    // Manila Tue 01:00–03:00 is Monday 12:00–14:00 in New York.
    await addBlocks(admin, manila, [2], '01:00', '03:00');
    const res = await admin.post(`contracts/${manila}/activate`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('"New York desk"');
    expect(res.json().message).not.toContain(`#${ny}`);
    expect(res.json().message).toContain('Tuesday 1:00 AM–3:00 AM');
    // Other VAs are not concerned.
    const other = await makeContract(admin, { va_id: p.va2.id, client_id: p.manila.id });
    await addBlocks(admin, other, [2], '01:00', '03:00');
    expect((await admin.post(`contracts/${other}/activate`)).statusCode).toBe(200);
  });

  it('finds a clash that only starts after the autumn DST change', async () => {
    h.clock.set('2026-06-01T00:00:00Z');
    admin = await as(h, 'admin@home.test', 'admin');
    await activeNewYork();
    const manila = await makeContract(admin, {
      va_id: p.va.id,
      client_id: p.manila.id,
      start_date: '2026-06-01',
    });
    // Manila Tue 05:00–06:00 = Mon 21:00–22:00 UTC: touches New York summer time, overlaps winter time.
    await addBlocks(admin, manila, [2], '05:00', '06:00');
    const res = await admin.post(`contracts/${manila}/activate`);
    expect(res.statusCode).toBe(422);
    // The other contract's block, New York's Monday 2 November 9:00–17:00 (EST), in the admin's zone (UTC) and
    // clock: no ISO stamps, no ids.
    expect(res.json().message).toBe(
      'Tuesday 5:00 AM–6:00 AM overlaps the VA\'s active contract "New York desk" from 2:00 PM on Mon, Nov 2 to 10:00 PM on Mon, Nov 2.',
    );
  });

  it('checks blocks added to an active contract, and a timezone change of an active contract', async () => {
    await activeNewYork();
    const london = await makeContract(admin, { va_id: p.va.id, client_id: p.london.id });
    await addBlocks(admin, london, [6], '09:00', '17:00');
    expect((await admin.post(`contracts/${london}/activate`)).statusCode).toBe(200);
    expect((await admin.post('schedules', block(london, 2, '07:00', '09:00'))).statusCode).toBe(201);
    const moved = await admin.patch(`contracts/${london}`, { timezone: 'America/Chicago' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.timezone).toBeDefined();
    // A paused contract does not count.
    const paused = await makeContract(admin, { va_id: p.va.id, client_id: p.manila.id });
    await addBlocks(admin, paused, [2], '01:00', '03:00');
    expect((await admin.patch(`contracts/${london}`, { status: 'paused' })).statusCode).toBe(200);
  });
});
