import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { screenshotNoticePreferences } from '../src/modules/attendance/attendance.table';
import { contractSettings } from '../src/modules/contracts/contracts.table';
import { callAs, seedTrackerWorld, setContractSettings, type TrackerWorld } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { anaOnShift } from './screenshots-fixtures';

// Issue 32: the contract says how the desktop agent announces scheduled screenshots (each, or a count per hour)
// and whether the VA may turn those notices off; the VA's own switch is refused where no contract allows it,
// and the tracker hears all three with the shift's settings. One world for the file: the tests run in order.
let h: Harness;
let w: TrackerWorld;
useWorld('once', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

const ADMIN = 'admin@home.test';
const ANA = 'ana@home.test';
const BEN = 'ben@home.test';
const NOTICE = 'attendance/screenshot-notice';

async function send(email: string, method: 'PATCH' | 'PUT' | 'POST', url: string, payload: object) {
  const res = await h.app.inject({ method, url, headers: await h.bearer(email), payload });
  return { status: res.statusCode, body: res.json() };
}
const mute = (email: string, payload: object) => send(email, 'PUT', `/api/v1/va-access/${NOTICE}`, payload);
const settingsOf = async (contractId: number) =>
  (await h.db.select().from(contractSettings).where(eq(contractSettings.contractId, contractId)))[0];
const trackerSettings = async () =>
  (await callAs(h, ANA, 'va', 'GET', 'attendance/current/user')).body.settings;

describe('the screenshot notice setting', () => {
  it('is saved on the contract, checked, and sent to the tracker', async () => {
    const { id } = await settingsOf(w.contracts.c1.id);
    const url = `/api/v1/admin-access/contracts/settings/${id}`;
    // Defaults: one notice per screenshot, the VA may not turn them off.
    const before = await send(ADMIN, 'PATCH', url, {});
    expect(before.body).toMatchObject({ screenshot_notice: 'each', va_may_mute_screenshot_notice: false });
    const bad = await send(ADMIN, 'PATCH', url, {
      screenshot_notice: 'daily',
      va_may_mute_screenshot_notice: 1,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.screenshot_notice).toEqual(['Choose one of: each, hourly']);
    expect(bad.body.errors.va_may_mute_screenshot_notice).toBeDefined();
    const ok = await send(ADMIN, 'PATCH', url, {
      screenshot_notice: 'hourly',
      va_may_mute_screenshot_notice: true,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ screenshot_notice: 'hourly', va_may_mute_screenshot_notice: true });
    // A replace without them takes the organization's defaults.
    const put = await send(ADMIN, 'POST', '/api/v1/admin-access/contracts/settings', {
      contract_id: w.contracts.c2.id,
    });
    expect(put.body).toMatchObject({ screenshot_notice: 'each', va_may_mute_screenshot_notice: false });

    await anaOnShift(h, w);
    expect(await trackerSettings()).toMatchObject({
      screenshot_notice: 'hourly',
      va_may_mute_screenshot_notice: true,
      screenshot_notice_muted: false,
    });
  });

  it("is the VA's to mute only where a contract allows it, and only their own", async () => {
    // Ben's contract does not allow it: refused, and the switch says so.
    expect(await callAs(h, BEN, 'va', 'GET', NOTICE)).toEqual({
      status: 200,
      body: { muted: false, allowed: false },
    });
    const refused = await mute(BEN, { muted: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'None of your contracts lets you turn screenshot notices off; ask your agency to allow it on the contract.',
    );
    expect(await h.db.select().from(screenshotNoticePreferences)).toEqual([]);
    // Ana's does: accepted, and her tracker hears it.
    expect(await mute(ANA, { muted: true })).toEqual({ status: 200, body: { muted: true, allowed: true } });
    expect(await trackerSettings()).toMatchObject({
      screenshot_notice: 'hourly',
      screenshot_notice_muted: true,
    });
    // Bad input names the field; Ben turning his own on changes nothing of Ana's.
    const bad = await mute(ANA, { muted: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.muted).toBeDefined();
    expect((await mute(BEN, { muted: false })).status).toBe(200);
    expect((await callAs(h, ANA, 'va', 'GET', NOTICE)).body).toEqual({ muted: true, allowed: true });
    // A VA of another organization (no contract that allows it) is refused; other roles have no such switch.
    expect((await mute('va@else.test', { muted: true })).status).toBe(409);
    expect((await mute(ADMIN, { muted: true })).status).toBe(403);
    expect((await mute('mina@home.test', { muted: true })).status).toBe(403);
  });

  it('stops muting when the contract stops allowing it; the VA may still turn the notices back on', async () => {
    await setContractSettings(h, w.contracts.c1.id, { vaMayMuteScreenshotNotice: false });
    expect(await trackerSettings()).toMatchObject({
      va_may_mute_screenshot_notice: false,
      screenshot_notice_muted: false,
    });
    expect((await callAs(h, ANA, 'va', 'GET', NOTICE)).body).toEqual({ muted: true, allowed: false });
    expect((await mute(ANA, { muted: true })).status).toBe(409);
    expect(await mute(ANA, { muted: false })).toEqual({
      status: 200,
      body: { muted: false, allowed: false },
    });
  });
});
