import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/modules/people/users.table';
import { seedTrackerWorld, shift, type TrackerWorld } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { allNotifications, raise, recipientsOfType, requestPayload } from './notifications-fixtures';

// Who hears of each event: admins, the managers over the VA (not a manager outside that scope), the
// contract's client, the VA, the requester — never whoever did it, nobody inactive, nobody of another
// organization.
let h: Harness;
let w: TrackerWorld;
useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

const ADA = 'admin@home.test';
const MIA = 'manager@home.test';
const LEO = 'leader@home.test';
const MINA = 'mina@home.test';
const THEO = 'theo@home.test';
const ANA = 'ana@home.test';

/** Ana's shift on c1 (Mina) or Ben's on c2 (Theo): Tuesday 10 Mar, 09:00–17:00 Manila. */
const anaShift = () => shift(h, w.contracts.c1, '2026-03-10T01:00:00Z', '2026-03-10T09:00:00Z');
const benShift = () => shift(h, w.contracts.c2, '2026-03-10T01:00:00Z', '2026-03-10T09:00:00Z');

describe('attendance.late and attendance.absent', () => {
  it("reach the admins, the managers over the VA and the shift's client", async () => {
    const a = await anaShift();
    await raise(h, 1, 'attendance.late', { attendance_id: a.id, va_id: w.people.ana.id });
    expect(await recipientsOfType(h, w, 'attendance.late')).toEqual([ADA, MIA, MINA]);

    const b = await benShift();
    await raise(h, 1, 'attendance.absent', { attendance_id: b.id, va_id: w.people.ben.id });
    // Leo leads Ben's team; Mia manages only Mina, so Ben is outside her scope.
    expect(await recipientsOfType(h, w, 'attendance.absent')).toEqual([ADA, LEO, THEO]);
  });

  it('say what happened, in each reader’s time, with the ids and the link of their dashboard', async () => {
    const a = await anaShift();
    await raise(h, 1, 'attendance.late', { attendance_id: a.id, va_id: w.people.ana.id });
    const rows = await allNotifications(h);
    const of = (id: number) => rows.find((r) => r.userId === id);
    // Ada reads UTC; Mina New York (the shift's 09:00 in Manila is 01:00 UTC, 21:00 the evening before in NY).
    expect(of(w.people.admin.id)).toMatchObject({
      title: 'Ana Test is late for the 01:00 shift',
      body: 'The shift of Tue 10 Mar 2026 was to start at 01:00 your time (09:00 in Asia/Manila), and Ana Test has not clocked in yet.',
      vaId: w.people.ana.id,
      data: {
        attendance_id: a.id,
        va_id: w.people.ana.id,
        client_id: w.people.mina.id,
        date: '2026-03-10',
        link: '/admin-dashboard/virtual-assistants/attendance',
      },
    });
    expect(of(w.people.mina.id)).toMatchObject({
      title: 'Ana Test is late for the 21:00 shift',
      data: { link: '/client-dashboard/attendance' },
    });
    expect(of(w.people.manager.id)?.data.link).toBe('/manager-dashboard/virtual-assistants/attendance');
  });

  it('reach only active users, and nobody for a shift of another organization', async () => {
    await h.db.update(users).set({ status: 'inactive' }).where(eq(users.id, w.people.manager.id));
    const a = await anaShift();
    await raise(h, 1, 'attendance.late', { attendance_id: a.id, va_id: w.people.ana.id });
    expect(await recipientsOfType(h, w, 'attendance.late')).toEqual([ADA, MINA]);
    // Organization 2's event naming organization 1's shift finds no shift of its own.
    await raise(h, w.people.admin2.organizationId, 'attendance.absent', {
      attendance_id: a.id,
      va_id: w.people.ana.id,
    });
    expect(await recipientsOfType(h, w, 'attendance.absent')).toEqual([]);
  });
});

describe('request events', () => {
  it('request.created reaches the admins and the managers over the VA, never the VA who asked', async () => {
    await raise(h, 1, 'request.created', requestPayload(w));
    expect(await recipientsOfType(h, w, 'request.created')).toEqual([ADA, MIA]);
    const [row] = (await allNotifications(h)).filter((r) => r.userId === w.people.admin.id);
    expect(row).toMatchObject({
      title: 'Ana Test asked for sick leave (3–5 Mar)',
      body: 'A request waits for your decision: Sick leave, 3–5 Mar 2026.',
      data: { request_id: 41, va_id: w.people.ana.id, link: '/admin-dashboard/requests' },
    });
  });

  it('never tells the actor of their own act, even an admin asking for a VA', async () => {
    await raise(h, 1, 'request.created', requestPayload(w, { actor_id: w.people.admin.id }));
    expect(await recipientsOfType(h, w, 'request.created')).toEqual([MIA]);
  });

  it('request.decided reaches the VA, with the decision and the note', async () => {
    await raise(
      h,
      1,
      'request.decided',
      requestPayload(w, {
        type: 'vacation_leave',
        status: 'rejected',
        reversed: false,
        note: 'Busy week',
        actor_id: w.people.manager.id,
      }),
    );
    const rows = await allNotifications(h);
    expect(rows.map((r) => [r.userId, r.title, r.body, r.data.link])).toEqual([
      [
        w.people.ana.id,
        'Your vacation leave was rejected',
        'Vacation leave, 3–5 Mar 2026. Note: Busy week.',
        '/va-dashboard/requests/status/41',
      ],
    ]);
  });

  it('request.cancelled reaches those who may decide (Leo for Ben, not Mia)', async () => {
    await raise(
      h,
      1,
      'request.cancelled',
      requestPayload(w, { va_id: w.people.ben.id, type: 'mus', actor_id: w.people.ben.id }),
    );
    expect(await recipientsOfType(h, w, 'request.cancelled')).toEqual([ADA, LEO]);
    const [row] = await allNotifications(h);
    expect(row.title).toBe('Ben Test cancelled the request for a make-up shift (3–5 Mar)');
  });

  it('an event naming a VA of another organization reaches nobody', async () => {
    await raise(h, 1, 'request.created', requestPayload(w, { va_id: w.people.va2.id }));
    await raise(h, w.people.admin2.organizationId, 'request.created', requestPayload(w));
    expect(await allNotifications(h)).toEqual([]);
  });
});

describe('screenshot.failed and timesheet.disputed', () => {
  it('screenshot.failed reaches only whoever asked, with their dashboard’s screenshots page', async () => {
    await raise(h, 1, 'screenshot.failed', {
      request_id: 'b3c7a0c2-1d1e-4c55-9a57-0d5b3f1f2a10',
      va_id: w.people.ana.id,
      requested_by: w.people.mina.id,
      reason: 'The tracker did not answer within 30 seconds',
    });
    const rows = await allNotifications(h);
    expect(rows.map((r) => [r.userId, r.title, r.data.link, r.data.screenshot_request_id])).toEqual([
      [
        w.people.mina.id,
        'The screenshot of Ana Test failed: the tracker did not answer within 30 seconds',
        '/client-dashboard/screenshots',
        'b3c7a0c2-1d1e-4c55-9a57-0d5b3f1f2a10',
      ],
    ]);
  });

  it('timesheet.disputed reaches the admins, the managers over the VA and the VA, not the client', async () => {
    await raise(h, 1, 'timesheet.disputed', {
      va_id: w.people.ana.id,
      client_id: w.people.mina.id,
      week_start: '2026-03-02',
      comment: 'Tuesday was short',
      actor_id: w.people.mina.id,
    });
    expect(await recipientsOfType(h, w, 'timesheet.disputed')).toEqual([ADA, ANA, MIA]);
    const rows = await allNotifications(h);
    const ana = rows.find((r) => r.userId === w.people.ana.id);
    const ada = rows.find((r) => r.userId === w.people.admin.id);
    expect(ana).toMatchObject({
      title: 'Mina Test disputed your week of 2 Mar',
      data: { week_start: '2026-03-02', link: '/va-dashboard/timesheets' },
    });
    expect(ana?.body).toContain('Mina Test wrote: “Tuesday was short”');
    expect(ada).toMatchObject({
      title: "Mina Test disputed Ana Test's week of 2 Mar",
      data: { link: '/admin-dashboard/reports/timesheets' },
    });
  });
});
