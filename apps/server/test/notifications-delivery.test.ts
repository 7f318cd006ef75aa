import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domainEvents } from '../src/platform/events/events.table';
import { seedTrackerWorld, type TrackerWorld } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  allNotifications,
  call,
  mails,
  raise,
  replayNotifications,
  requestPayload,
} from './notifications-fixtures';
import { useSignedInSockets } from './realtime-helpers';

// How a notification travels: a row per recipient, a push to their sockets once committed, a mail for the
// mail events unless the recipient turned it off; once per event, however often it is delivered.
let h: Harness;
let w: TrackerWorld;
useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

const socketOf = useSignedInSockets(() => h);

describe('delivery', () => {
  it("pushes to the recipient's socket and mails them a link to the page", async () => {
    const admin = await socketOf('admin@home.test');
    const leo = await socketOf('leader@home.test');
    await raise(h, 1, 'request.created', requestPayload(w));
    const row = (await allNotifications(h)).find((r) => r.userId === w.people.admin.id);
    const pushed = await admin.next('notification');
    expect(pushed.data).toEqual({
      id: row?.id,
      type: 'request.created',
      title: 'Ana Test asked for sick leave (3–5 Mar)',
    });
    const toAda = (await mails(h)).filter((m) => m.to === 'admin@home.test');
    expect(toAda.map((m) => m.subject)).toEqual(['Ana Test asked for sick leave (3–5 Mar)']);
    expect(toAda[0].text).toContain('A request waits for your decision: Sick leave, 3–5 Mar 2026.');
    expect(toAda[0].text).toContain(`${h.config.appUrl}/admin-dashboard/requests`);

    // Leo is not over Ana: the next thing his socket hears is his own notification about Ben.
    await raise(h, 1, 'request.created', requestPayload(w, { request_id: 42, va_id: w.people.ben.id }));
    const leos = (await allNotifications(h)).find((r) => r.userId === w.people.leader.id);
    expect(await leo.before(leos?.id ?? -1)).toEqual([]);
  });

  it('writes, mails and pushes nothing more when the event is delivered again', async () => {
    await raise(h, 1, 'request.created', requestPayload(w));
    await raise(h, 1, 'request.cancelled', requestPayload(w));
    const rows = await allNotifications(h);
    const sent = await mails(h);
    expect([rows.length, sent.length]).toEqual([4, 2]);
    const admin = await socketOf('admin@home.test');
    await replayNotifications(h);
    expect(await allNotifications(h)).toEqual(rows);
    expect(await mails(h)).toEqual(sent);
    // A fresh event after the replay is the first thing the socket hears.
    await raise(h, 1, 'request.created', requestPayload(w, { request_id: 43 }));
    const fresh = (await allNotifications(h)).at(-2);
    expect(fresh?.userId).toBe(w.people.admin.id);
    expect(await admin.before(fresh?.id ?? -1)).toEqual([]);
  });

  it('mails nothing for request.cancelled (in-app only)', async () => {
    await raise(h, 1, 'request.cancelled', requestPayload(w));
    expect((await allNotifications(h)).length).toBe(2);
    expect(await mails(h)).toEqual([]);
  });

  it('keeps the in-app notification but sends no mail when the recipient turned that mail off', async () => {
    const off = await call(h, 'admin@home.test', 'PATCH', 'notifications/preferences', {
      mail: { 'request.created': false },
    });
    expect(off.status).toBe(200);
    await raise(h, 1, 'request.created', requestPayload(w));
    await raise(
      h,
      1,
      'request.decided',
      requestPayload(w, { status: 'approved', actor_id: w.people.admin.id }),
    );
    expect((await allNotifications(h)).map((r) => [r.userId, r.type])).toEqual([
      [w.people.admin.id, 'request.created'],
      [w.people.manager.id, 'request.created'],
      [w.people.ana.id, 'request.decided'],
    ]);
    expect((await mails(h)).map((m) => [m.to, m.subject])).toEqual([
      ['manager@home.test', 'Ana Test asked for sick leave (3–5 Mar)'],
      ['ana@home.test', 'Your sick leave was approved'],
    ]);
  });

  it('skips history older than a week and a payload that does not parse, and goes on', async () => {
    await h.db.insert(domainEvents).values({
      organizationId: 1,
      type: 'request.created',
      payload: requestPayload(w),
      // Eight days before the server's clock, which measures the staleness (the test clock, not the machine's).
      createdAt: new Date(h.clock.now().getTime() - 8 * 86_400_000),
    });
    await raise(h, 1, 'request.created', { request_id: 'not a number' });
    await raise(h, 1, 'request.created', requestPayload(w, { request_id: 44 }));
    const rows = await allNotifications(h);
    expect(rows.map((r) => r.data.request_id)).toEqual([44, 44]);
    const failures = await h.db.execute(sql`select count(*)::int as n from event_failures`);
    expect((failures as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(0);
  });
});
