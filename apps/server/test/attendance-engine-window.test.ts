import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { extendWindow, sweepAbsences, sweepLate } from '../src/modules/attendance/engine/sweeps';
import {
  activeContract,
  futureShiftsOf,
  logsOf,
  rebuild,
  seedEngineWorld,
  setShift,
  shiftsOf,
  startsOf,
} from './attendance-engine-fixtures';
import { useWorld } from './attendance-world';
import { as, type Caller, events, type People, WEEKDAYS } from './contracts-fixtures';
import type { Harness } from './harness';

let h: Harness;
let p: People;
let admin: Caller;
useWorld('each', seedEngineWorld, (harness, world) => {
  h = harness;
  ({ p, admin } = world);
});

const HOUR = 3_600_000;
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
/** London, Monday to Friday 9–17: the clock starts Monday 2 March 2026 09:00 UTC, 09:00 in London. */
const london = (extra: Record<string, unknown> = {}) =>
  activeContract(h, admin, {
    va: p.va.id,
    client: p.london.id,
    blocks: [[WEEKDAYS, '09:00', '17:00']],
    ...extra,
  });

describe('the rolling window', () => {
  it('activation builds four weeks of a Monday–Friday schedule, in the contract zone, the running shift too', async () => {
    const id = await london();
    const rows = await shiftsOf(h, id);
    // 2–27 March: four working weeks; today's shift starts now, so it is built.
    expect(rows).toHaveLength(20);
    expect(rows[0]).toMatchObject({
      date: '2026-03-02',
      status: 'upcoming',
      timezone: 'Europe/London',
      vaId: p.va.id,
      clientId: p.london.id,
      organizationId: 1,
    });
    expect(startsOf(rows)[0]).toBe('2026-03-02T09:00:00.000Z');
    expect(rows.at(-1)?.date).toBe('2026-03-27');
    expect(new Set(rows.map((r) => r.date)).size).toBe(20);
  });

  it('rebuilding twice changes nothing: same rows, same ids', async () => {
    const id = await london();
    const before = await shiftsOf(h, id);
    expect(await rebuild(h, id)).toEqual({ removed: 0, created: 0, kept: 20 });
    expect(await rebuild(h, id)).toEqual({ removed: 0, created: 0, kept: 20 });
    const after = await shiftsOf(h, id);
    expect(after.map((r) => [r.id, r.scheduledStartAt.toISOString()])).toEqual(
      before.map((r) => [r.id, r.scheduledStartAt.toISOString()]),
    );
  });

  it('a schedule change replaces only future upcoming shifts; running, finished and past ones stay', async () => {
    const id = await london();
    const [monday, tuesday] = await shiftsOf(h, id);
    await setShift(h, monday.id, {
      status: 'completed',
      startedAt: new Date('2026-03-02T09:00:00Z'),
      endedAt: new Date('2026-03-02T17:00:00Z'),
    });
    // Tuesday 12:00: Tuesday's shift is running, nobody clocked in yet.
    h.clock.set('2026-03-03T12:00:00Z');
    admin = await as(h, 'admin@home.test', 'admin');
    const blocks = (await admin.get(`contracts/${id}`)).json().schedules as Array<{
      id: number;
      weekday: number;
    }>;
    const wednesday = blocks.find((b) => b.weekday === 3);
    expect((await admin.del(`schedules/${wednesday?.id}`)).statusCode).toBe(200);
    const saturday = await admin.post('schedules', {
      contract_id: id,
      weekday: 6,
      start_minute: 600,
      end_minute: 840,
    });
    expect(saturday.statusCode).toBe(201);
    await h.deps.events.drain();

    const rows = await shiftsOf(h, id);
    expect(rows.find((r) => r.id === monday.id)?.status).toBe('completed');
    expect(rows.find((r) => r.id === tuesday.id)).toMatchObject({ status: 'upcoming', date: '2026-03-03' });
    const weekdaysOf = (rs: typeof rows) => rs.map((r) => new Date(`${r.date}T12:00:00Z`).getUTCDay());
    expect(weekdaysOf(rows)).not.toContain(3);
    expect(rows.filter((r) => new Date(`${r.date}T12:00:00Z`).getUTCDay() === 6).map((r) => r.date)).toEqual([
      '2026-03-07',
      '2026-03-14',
      '2026-03-21',
      '2026-03-28',
    ]);
  });

  it('pausing or ending deletes the future shifts; resuming builds them again', async () => {
    const id = await london();
    h.clock.set('2026-03-02T10:00:00Z');
    admin = await as(h, 'admin@home.test', 'admin');
    expect((await admin.patch(`contracts/${id}`, { status: 'paused' })).statusCode).toBe(200);
    await h.deps.events.drain();
    expect(await futureShiftsOf(h, id)).toHaveLength(0);
    // The running shift (started 09:00) is not the engine's to remove.
    expect(startsOf(await shiftsOf(h, id))).toEqual(['2026-03-02T09:00:00.000Z']);

    expect((await admin.post(`contracts/${id}/activate`)).statusCode).toBe(200);
    await h.deps.events.drain();
    expect(await futureShiftsOf(h, id)).toHaveLength(19);

    expect((await admin.patch(`contracts/${id}`, { status: 'ended' })).statusCode).toBe(200);
    await h.deps.events.drain();
    expect(await futureShiftsOf(h, id)).toHaveLength(0);
  });

  it("the contract's end date cuts the window, and moving it rebuilds (contract.updated)", async () => {
    const id = await london({ end_date: '2026-03-13' });
    expect((await shiftsOf(h, id)).at(-1)?.date).toBe('2026-03-13');
    expect(await shiftsOf(h, id)).toHaveLength(10);
    expect((await admin.patch(`contracts/${id}`, { end_date: '2026-03-20' })).statusCode).toBe(200);
    await h.deps.events.drain();
    expect(await shiftsOf(h, id)).toHaveLength(15);
    const raised = await events(h, 'contract.updated');
    expect(raised.map((e) => e.payload)).toEqual([
      expect.objectContaining({ contract_id: id, changed: ['end_date'] }),
    ]);
    expect((await admin.patch(`contracts/${id}`, { end_date: '2026-03-06' })).statusCode).toBe(200);
    await h.deps.events.drain();
    expect((await shiftsOf(h, id)).map((r) => r.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
  });

  it('an overnight shift belongs to the date it starts on', async () => {
    const id = await activeContract(h, admin, {
      va: p.va.id,
      client: p.ny.id,
      blocks: [[[5], '22:00', '06:00']],
    });
    const [friday] = await shiftsOf(h, id);
    expect(friday.date).toBe('2026-03-06');
    expect(friday.scheduledStartAt.toISOString()).toBe('2026-03-07T03:00:00.000Z');
    expect(friday.scheduledEndAt.toISOString()).toBe('2026-03-07T11:00:00.000Z');
  });

  it('9:00 stays 9:00 local in the spring-forward and fall-back weeks of New York and London', async () => {
    const daily: Array<[number[], string, string]> = [[ALL_DAYS, '09:00', '17:00']];
    const ny = await activeContract(h, admin, { va: p.va.id, client: p.ny.id, blocks: daily });
    const ldn = await activeContract(h, admin, { va: p.va2.id, client: p.london.id, blocks: daily });
    const on = async (id: number, date: string) =>
      (await shiftsOf(h, id)).find((r) => r.date === date)?.scheduledStartAt.toISOString();
    expect(await on(ny, '2026-03-07')).toBe('2026-03-07T14:00:00.000Z');
    expect(await on(ny, '2026-03-08')).toBe('2026-03-08T13:00:00.000Z');
    expect(await on(ldn, '2026-03-28')).toBe('2026-03-28T09:00:00.000Z');
    expect(await on(ldn, '2026-03-29')).toBe('2026-03-29T08:00:00.000Z');

    // The autumn weeks, once the window has reached them.
    h.clock.set('2026-10-20T12:00:00Z');
    await extendWindow(h.deps, h.clock.now());
    expect(await on(ldn, '2026-10-24')).toBe('2026-10-24T08:00:00.000Z');
    expect(await on(ldn, '2026-10-25')).toBe('2026-10-25T09:00:00.000Z');
    expect(await on(ny, '2026-10-31')).toBe('2026-10-31T13:00:00.000Z');
    expect(await on(ny, '2026-11-01')).toBe('2026-11-01T14:00:00.000Z');
  });

  it('activation in the middle of a shift builds that shift, and so does adding a block mid-shift', async () => {
    h.clock.set('2026-03-02T11:30:00Z');
    admin = await as(h, 'admin@home.test', 'admin');
    const id = await activeContract(h, admin, {
      va: p.va.id,
      client: p.london.id,
      blocks: [[[1], '09:00', '17:00']],
    });
    expect(startsOf(await shiftsOf(h, id))[0]).toBe('2026-03-02T09:00:00.000Z');

    h.clock.set('2026-03-03T12:00:00Z');
    admin = await as(h, 'admin@home.test', 'admin');
    const added = await admin.post('schedules', {
      contract_id: id,
      weekday: 2,
      start_minute: 540,
      end_minute: 1020,
    });
    expect(added.statusCode).toBe(201);
    await h.deps.events.drain();
    const tuesday = (await shiftsOf(h, id)).find((r) => r.date === '2026-03-03');
    expect(tuesday?.scheduledStartAt.toISOString()).toBe('2026-03-03T09:00:00.000Z');
  });

  it('the daily job extends the window after the clock moves a week', async () => {
    const id = await london();
    expect((await shiftsOf(h, id)).at(-1)?.date).toBe('2026-03-27');
    h.clock.advance(7 * 24 * HOUR);
    const result = await extendWindow(h.deps, h.clock.now());
    expect(result).toMatchObject({ contracts: 1, created: 5, removed: 0 });
    const rows = await shiftsOf(h, id);
    expect(rows.at(-1)?.date).toBe('2026-04-03');
    expect(rows).toHaveLength(25);
  });
});

describe('the sweeps', () => {
  it('a shift that ends without a clock-in becomes absent once: log, event and realtime', async () => {
    const id = await london();
    const publish = vi.spyOn(h.deps.realtime, 'publishAfterCommit');
    h.clock.set('2026-03-02T16:59:00Z');
    expect(await sweepAbsences(h.deps, h.clock.now())).toBe(0);
    h.clock.set('2026-03-02T17:00:00Z');
    expect(await sweepAbsences(h.deps, h.clock.now())).toBe(1);
    const [monday, tuesday] = await shiftsOf(h, id);
    expect(monday.status).toBe('absent');
    expect(tuesday.status).toBe('upcoming');
    expect((await logsOf(h, monday.id)).map((l) => [l.type, l.at.toISOString()])).toEqual([
      ['absent', '2026-03-02T17:00:00.000Z'],
    ]);
    expect((await events(h, 'attendance.absent')).map((e) => e.payload)).toEqual([
      expect.objectContaining({ attendance_id: monday.id, va_id: p.va.id }),
    ]);
    expect(publish).toHaveBeenCalledWith(
      expect.anything(),
      { type: 'attendance.changed', data: { attendance_id: monday.id, va_id: p.va.id, status: 'absent' } },
      { organizationId: 1, aboutVa: p.va.id },
    );
    publish.mockRestore();

    h.clock.advance(HOUR);
    expect(await sweepAbsences(h.deps, h.clock.now())).toBe(0);
    expect(await events(h, 'attendance.absent')).toHaveLength(1);
    expect(await logsOf(h, monday.id)).toHaveLength(1);
  });

  it('a clocked-in shift is never absent', async () => {
    const id = await london();
    const [monday] = await shiftsOf(h, id);
    await setShift(h, monday.id, { status: 'ongoing', startedAt: new Date('2026-03-02T09:02:00Z') });
    h.clock.set('2026-03-02T18:00:00Z');
    expect(await sweepAbsences(h.deps, h.clock.now())).toBe(0);
  });

  it("the late alert goes out once, after the contract's grace, never for a clocked-in shift", async () => {
    const id = await london();
    const other = await activeContract(h, admin, {
      va: p.va2.id,
      client: p.ny.id,
      blocks: [[WEEKDAYS, '04:00', '08:00']],
    });
    const [theirs] = await shiftsOf(h, other);
    await setShift(h, theirs.id, { status: 'ongoing', startedAt: theirs.scheduledStartAt });
    const clockAt = (iso: string) => h.clock.set(iso);

    clockAt('2026-03-02T09:04:59Z');
    expect(await sweepLate(h.deps, h.clock.now())).toBe(0);
    clockAt('2026-03-02T09:05:00Z');
    expect(await sweepLate(h.deps, h.clock.now())).toBe(1);
    const [monday] = await shiftsOf(h, id);
    expect(monday.lateAlertedAt?.toISOString()).toBe('2026-03-02T09:05:00.000Z');
    expect((await events(h, 'attendance.late')).map((e) => e.payload)).toEqual([
      expect.objectContaining({ attendance_id: monday.id, va_id: p.va.id }),
    ]);
    clockAt('2026-03-02T09:06:00Z');
    expect(await sweepLate(h.deps, h.clock.now())).toBe(0);
    clockAt('2026-03-02T12:00:00Z'); // the other VA's shift, clocked in on time, never alerts
    expect(await sweepLate(h.deps, h.clock.now())).toBe(0);
    expect(await events(h, 'attendance.late')).toHaveLength(1);
  });

  it('the job queues exist and their workers are registered', async () => {
    const rows = await h.db.execute<{ name: string }>(
      sql`select name from pgboss.queue where name like 'attendance.%' order by name`,
    );
    const names = (rows as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name);
    expect(names).toEqual([
      'attendance.absence-sweep',
      'attendance.auto-close',
      'attendance.count-task-time',
      'attendance.extend-window',
      'attendance.presence-sweep',
    ]);
  });
});
