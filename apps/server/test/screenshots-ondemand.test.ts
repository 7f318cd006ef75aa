import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendancePings } from '../src/modules/attendance/attendance.table';
import { contractSettings } from '../src/modules/contracts/contracts.table';
import { expireScreenshotRequests } from '../src/modules/screenshots/public';
import { screenshotRequests } from '../src/modules/screenshots/screenshots.table';
import {
  callAs,
  contract,
  logsOf,
  ping,
  seedTrackerWorld,
  setContractSettings,
  type TrackerWorld,
} from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { useSignedInSockets } from './realtime-helpers';
import { anaOnShift, as, capture, detailed, onShift, upload } from './screenshots-fixtures';

// On demand over the socket: take → the VA's tracker hears `screenshot.request` → its upload names the
// request → the requester hears `screenshot.created`; or a decline, or the 30 s timeout, says why it failed.
// Also the contract settings the tracker follows (the privacy tier, on-demand) and what the tier `off` drops.
let h: Harness;
let w: TrackerWorld;
useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

/** A signed-in socket of `email`; a tracker says whether it can capture. */
const socketOf = useSignedInSockets(() => h);

const ADMIN = 'admin@home.test';
const ANA = 'ana@home.test';
const take = (email: string, area: string, userId: number) =>
  as(h, email, 'POST', `${area}-access/screenshots/take`, { user_id: userId });

describe('an on-demand screenshot', () => {
  it('goes from the requester to the tracker and back as the new capture, screen by screen', async () => {
    const a = await anaOnShift(h, w);
    const tracker = await socketOf(ANA, { kind: 'desktop', capture: true });
    const admin = await socketOf(ADMIN, { kind: 'app', capture: false });

    const res = await take(ADMIN, 'admin', w.people.ana.id);
    expect(res.status).toBe(202);
    expect(res.body.expires_at).toBe('2026-03-10T02:00:30.000Z');
    const asked = await tracker.next('screenshot.request');
    expect(asked.data).toEqual({ request_id: res.body.request_id, attendance_id: a.id });
    // The timeout is a job due when the 30 s are over.
    const [job] = (
      (await h.db.execute(
        sql`select start_after from pgboss.job where name = 'screenshots.request-timeout' and data->>'request_id' = ${res.body.request_id}`,
      )) as unknown as { rows: Array<{ start_after: string | Date }> }
    ).rows;
    expect(new Date(job.start_after).toISOString()).toBe(res.body.expires_at);

    const bytes = await detailed(64, 64);
    const at = '2026-03-10T02:00:03Z';
    const shots = [];
    for (const screen of [0, 1]) {
      const up = await upload(h, ANA, capture(a.id, at, { request_id: res.body.request_id, screen }), {
        bytes,
      });
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      expect(up.body.screenshot).toMatchObject({
        source: 'on_demand',
        requested_by: w.people.admin.id,
        screen,
      });
      shots.push(up.body.screenshot);
    }
    const created = await admin.next('screenshot.created');
    expect(created.data).toEqual({
      id: shots[0].id,
      va_id: w.people.ana.id,
      request_id: res.body.request_id,
    });
    const [row] = await h.db.select().from(screenshotRequests);
    expect(row).toMatchObject({ status: 'fulfilled', screenshotId: shots[0].id });
    // A page that missed the message finds the capture by its request (both screens of it), and only that.
    const byRequest = await as(h, ADMIN, 'GET', `admin-access/screenshots?request_id=${res.body.request_id}`);
    expect(byRequest.body.data.map((x: { id: number }) => x.id).sort()).toEqual(
      shots.map((x) => x.id).sort(),
    );
    const other = await as(h, ADMIN, 'GET', `admin-access/screenshots?request_id=${crypto.randomUUID()}`);
    expect(other.body.data).toEqual([]);
    expect((await logsOf(h, a.id)).map((l) => [l.type, l.actorId])).toEqual([
      ['screenshot_requested', w.people.admin.id],
      ['screenshot_taken', null],
      ['screenshot_taken', null],
    ]);
    // The capture's other screen is its sibling; a later capture cannot answer the same request.
    const detail = await as(h, ADMIN, 'GET', `admin-access/screenshots/${shots[0].id}`);
    expect(detail.body.siblings.map((s: { id: number }) => s.id)).toEqual([shots[1].id]);
    const later = await upload(
      h,
      ANA,
      capture(a.id, '2026-03-10T02:00:09Z', { request_id: res.body.request_id }),
      {
        bytes,
      },
    );
    expect(later.body.codes.request_id).toEqual([{ code: 'screenshots.request_unknown' }]);
  });

  it('needs a tracker able to capture, a shift, a tier with images, and on-demand for non-admins', async () => {
    await anaOnShift(h, w);
    const name = `${w.people.ana.firstName} ${w.people.ana.lastName}`;
    const noTracker = await take(ADMIN, 'admin', w.people.ana.id);
    expect([noTracker.status, noTracker.body.message]).toEqual([
      422,
      `${name}'s tracker is not connected or cannot capture now (a web timer captures only while a screen is shared)`,
    ]);
    // A web timer without a shared screen cannot; once it shares one, it can.
    const timer = await socketOf(ANA, { kind: 'web', capture: false });
    expect((await take(ADMIN, 'admin', w.people.ana.id)).status).toBe(422);
    timer.send({ type: 'client', capture: true });
    await expect.poll(async () => (await take(ADMIN, 'admin', w.people.ana.id)).status).toBe(202);

    const ben = await take(ADMIN, 'admin', w.people.ben.id);
    expect(ben.body.message).toBe(
      `${w.people.ben.firstName} Test is not on a shift now, so there is nothing to capture`,
    );

    await setContractSettings(h, w.contracts.c1.id, { screenshotsOnDemand: false });
    const manager = await take('manager@home.test', 'manager', w.people.ana.id);
    expect(manager.body.message).toBe('This contract does not allow on-demand screenshots');
    expect((await take('mina@home.test', 'client', w.people.ana.id)).status).toBe(422);
    // The admin may override on-demand, never the tier.
    expect((await take(ADMIN, 'admin', w.people.ana.id)).status).toBe(202);
    await setContractSettings(h, w.contracts.c1.id, { screenshotPrivacy: 'activity_only' });
    const tier = await take(ADMIN, 'admin', w.people.ana.id);
    expect(tier.body.message).toBe("This contract's privacy setting does not allow screenshots");
  });

  it('is only for a VA in scope, on a shift the requester sees', async () => {
    await anaOnShift(h, w);
    await onShift(h, w.contracts.c2);
    await socketOf(ANA, { kind: 'desktop', capture: true });
    await socketOf('ben@home.test', { kind: 'desktop', capture: true });
    // Ben also works for Mina, but his shift now is Theo's: Mina has nothing of hers to capture.
    await contract(h, w.people.ben.id, w.people.mina.id, 1);
    expect((await take('mina@home.test', 'client', w.people.ben.id)).body.message).toMatch(
      /is not on a shift now/,
    );
    expect((await take('mina@home.test', 'client', w.people.ana.id)).status).toBe(202);
    expect((await take('manager@home.test', 'manager', w.people.ana.id)).status).toBe(202);
    expect((await take('leader@home.test', 'manager', w.people.ben.id)).status).toBe(202);
    for (const [email, area, vaId] of [
      ['nobody@home.test', 'manager', w.people.ana.id],
      ['theo@home.test', 'client', w.people.ana.id],
      ['leader@home.test', 'manager', w.people.ana.id],
      ['admin@else.test', 'admin', w.people.ana.id],
      [ADMIN, 'admin', w.people.mina.id],
    ] as const)
      expect((await take(email, area, vaId)).status, `${email} → ${vaId}`).toBe(404);
    expect((await take(ANA, 'admin', w.people.ana.id)).status).toBe(403);
  });

  it('fails at once when the tracker declines, and after 30 s without an answer', async () => {
    const a = await anaOnShift(h, w);
    const tracker = await socketOf(ANA, { kind: 'desktop', capture: true });
    const requester = await socketOf('manager@home.test', { kind: 'app', capture: false });
    const first = (await take('manager@home.test', 'manager', w.people.ana.id)).body.request_id;
    await tracker.next('screenshot.request');
    const decline = (email: string, id: string) =>
      as(h, email, 'POST', `va-access/screenshot-requests/${id}/decline`, { reason: 'cannot_capture' });
    expect((await decline('ben@home.test', first)).status).toBe(404);
    expect((await decline(ANA, first)).status).toBe(204);
    expect((await requester.next('screenshot.failed')).data).toEqual({
      request_id: first,
      reason: 'The tracker could not capture: it cannot capture the screen now',
    });
    expect((await decline(ANA, first)).status).toBe(404);
    const late = await upload(h, ANA, capture(a.id, '2026-03-10T01:59:00Z', { request_id: first }), {
      bytes: await detailed(32, 32),
    });
    expect(late.body.codes.request_id).toEqual([{ code: 'screenshots.request_unknown' }]);

    const second = (await take('manager@home.test', 'manager', w.people.ana.id)).body.request_id;
    h.clock.advance(29_000);
    await expireScreenshotRequests(h.deps);
    const status = async () =>
      (await h.db.select().from(screenshotRequests).where(eq(screenshotRequests.id, second)))[0];
    expect((await status()).status).toBe('pending');
    h.clock.advance(1_000);
    await expireScreenshotRequests(h.deps);
    expect(await status()).toMatchObject({
      status: 'failed',
      reason: 'The tracker did not answer within 30 seconds',
    });
    expect((await requester.next('screenshot.failed')).data).toEqual({
      request_id: second,
      reason: 'The tracker did not answer within 30 seconds',
    });
  });
});

describe('the contract settings a tracker follows', () => {
  const settingsOf = async (contractId: number) =>
    (await h.db.select().from(contractSettings).where(eq(contractSettings.contractId, contractId)))[0];

  it('keep the privacy tier and the spec booleans in step, and tell the tracker', async () => {
    const { id } = await settingsOf(w.contracts.c1.id);
    const patch = async (body: object) =>
      h.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin-access/contracts/settings/${id}`,
        headers: await h.bearer(ADMIN),
        payload: body,
      });
    const tierOf = (r: { json(): Record<string, unknown> }) => {
      const s = r.json();
      return [s.screenshot_privacy, s.screenshots_enabled, s.blur_screenshots];
    };
    expect(tierOf(await patch({ screenshots_enabled: false }))).toEqual(['activity_only', false, false]);
    expect(tierOf(await patch({ screenshot_privacy: 'blurred' }))).toEqual(['blurred', true, true]);
    expect(tierOf(await patch({ blur_screenshots: false }))).toEqual(['full', true, false]);
    expect(tierOf(await patch({ screenshot_privacy: 'off', screenshots_enabled: true }))).toEqual([
      'off',
      false,
      false,
    ]);
    await patch({ screenshots_on_demand: false });
    // A replace takes the organization's defaults for what it does not send, and settles the tier the same way.
    const put = await h.app.inject({
      method: 'POST',
      url: '/api/v1/admin-access/contracts/settings',
      headers: await h.bearer(ADMIN),
      payload: { contract_id: w.contracts.c2.id, screenshots_enabled: false },
    });
    expect(tierOf(put)).toEqual(['activity_only', false, false]);
    await anaOnShift(h, w);
    const current = await callAs(h, ANA, 'va', 'GET', 'attendance/current/user');
    expect(current.body.settings).toMatchObject({
      screenshot_privacy: 'off',
      screenshots_enabled: false,
      blur_screenshots: false,
      screenshots_on_demand: false,
    });
  });

  it('drop window titles from pings under the tier off, and keep them otherwise', async () => {
    const a = await anaOnShift(h, w);
    const windowed = (at: string) => ping(at, { active_window: { app: 'Mail', title: 'Salary review' } });
    const send = (pings: unknown[]) =>
      callAs(h, ANA, 'va', 'POST', 'attendance/pings', { attendance_id: a.id, pings });
    expect((await send([windowed('2026-03-10T01:58:00Z')])).status).toBe(200);
    await setContractSettings(h, w.contracts.c1.id, { screenshotPrivacy: 'off' });
    expect((await send([windowed('2026-03-10T01:59:00Z')])).status).toBe(200);
    const rows = await h.db.select().from(attendancePings).orderBy(attendancePings.at);
    expect(rows.map((r) => r.activeWindow)).toEqual([{ app: 'Mail', title: 'Salary review' }, null]);
    const online = await callAs(h, ADMIN, 'admin', 'GET', 'attendance/list-online');
    expect(online.body.data[0].active_window).toBeNull();
  });
});
