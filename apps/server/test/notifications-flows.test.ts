import { describe, expect, it } from 'vitest';
import { sweepAbsences, sweepLate } from '../src/modules/attendance/engine/sweeps';
import { expireScreenshotRequests } from '../src/modules/screenshots/public';
import { seedTrackerWorld, shift, type TrackerWorld } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { allNotifications, mails, recipientsOfType } from './notifications-fixtures';
import { useSignedInSockets } from './realtime-helpers';
import { anaOnShift, as } from './screenshots-fixtures';

// The real flows that raise the events: an on-demand screenshot declined or timed out, and the attendance
// sweeps (late, absent). The client's dispute is in notifications-disputes.test.ts (the timesheet world).
let h: Harness;
let w: TrackerWorld;
useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

const socketOf = useSignedInSockets(() => h);

const MIA = 'manager@home.test';

describe('an on-demand screenshot that fails', () => {
  it('tells whoever asked when the tracker declines, and when it does not answer in time', async () => {
    await anaOnShift(h, w);
    const tracker = await socketOf('ana@home.test', { kind: 'desktop', capture: true });
    const mia = await socketOf(MIA, { kind: 'app', capture: false });
    const take = () => as(h, MIA, 'POST', 'manager-access/screenshots/take', { user_id: w.people.ana.id });

    const first = (await take()).body.request_id;
    await tracker.next('screenshot.request');
    const declined = await as(h, 'ana@home.test', 'POST', `va-access/screenshot-requests/${first}/decline`, {
      reason: 'cannot_capture',
    });
    expect(declined.status).toBe(204);
    await h.deps.events.drain();
    const title =
      'The screenshot of Ana Test failed: the tracker could not capture: it cannot capture the screen now';
    expect((await mia.next('notification')).data).toMatchObject({ type: 'screenshot.failed', title });

    const second = (await take()).body.request_id;
    h.clock.advance(30_000);
    await expireScreenshotRequests(h.deps);
    await h.deps.events.drain();
    expect((await mia.next('notification')).data).toMatchObject({
      type: 'screenshot.failed',
      title: 'The screenshot of Ana Test failed: the tracker did not answer within 30 seconds',
    });

    const rows = await allNotifications(h);
    expect(rows.map((r) => [r.userId, r.data.screenshot_request_id, r.data.link])).toEqual([
      [w.people.manager.id, first, '/manager-dashboard/screenshots'],
      [w.people.manager.id, second, '/manager-dashboard/screenshots'],
    ]);
    expect((await mails(h)).map((m) => [m.to, m.subject])).toEqual([
      [MIA, title],
      [MIA, 'The screenshot of Ana Test failed: the tracker did not answer within 30 seconds'],
    ]);
  });
});

describe('the attendance sweeps', () => {
  it("tell the admins, the VA's managers and the client when a VA is late, then absent", async () => {
    // Ana's Tuesday shift, 09:00–17:00 Manila (01:00–09:00 UTC); the contract's grace is 5 minutes.
    await shift(h, w.contracts.c1, '2026-03-10T01:00:00Z', '2026-03-10T09:00:00Z');
    h.clock.set('2026-03-10T01:06:00Z');
    expect(await sweepLate(h.deps, h.clock.now())).toBe(1);
    await h.deps.events.drain();
    const expected = ['admin@home.test', MIA, 'mina@home.test'];
    expect(await recipientsOfType(h, w, 'attendance.late')).toEqual(expected);

    h.clock.set('2026-03-10T09:00:00Z');
    expect(await sweepAbsences(h.deps, h.clock.now())).toBe(1);
    await h.deps.events.drain();
    expect(await recipientsOfType(h, w, 'attendance.absent')).toEqual(expected);
    const toMina = (await mails(h)).filter((m) => m.to === 'mina@home.test').map((m) => m.subject);
    expect(toMina).toEqual(['Ana Test is late for the 21:00 shift', 'Ana Test was absent on 10 Mar']);
  });
});
