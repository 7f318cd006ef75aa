import { describe, expect, it } from 'vitest';
import { callAs, seedTrackerWorld, shift, type TrackerWorld } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { listen, TestSocket } from './realtime-helpers';

// "Desktop agent connected": a socket authenticated as `{ kind: 'desktop' }` by the VA, in the VA's current
// shift and in the admin's online list. Ana's shift: 2026-03-10 01:00–09:00 UTC.
let h: Harness;
let w: TrackerWorld;
useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

// One app, listening once for the file's socket tests.
let listening: string | undefined;
const wsUrl = async () => {
  listening ??= await listen(h.app);
  return listening;
};

const ana = (method: 'GET' | 'POST', path: string, payload?: object) =>
  callAs(h, 'ana@home.test', 'va', method, path, payload);
const admin = (path: string) => callAs(h, 'admin@home.test', 'admin', 'GET', path);
const agentOf = async () => (await ana('GET', 'attendance/current/user')).body.agent_connected;
const onlineRow = async (vaId: number) =>
  (await admin('attendance/list-online')).body.data.find((r: { va: { id: number } }) => r.va.id === vaId);

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error('timed out');
}

describe('agent_connected', () => {
  it("is true while the VA's desktop agent has a socket open: current shift and online list", async () => {
    const a = await shift(h, w.contracts.c1, '2026-03-10T01:00:00Z', '2026-03-10T09:00:00Z');
    await shift(h, w.contracts.c2, '2026-03-10T01:00:00Z', '2026-03-10T09:00:00Z');
    h.clock.set('2026-03-10T01:00:00Z');
    expect((await ana('POST', 'attendance/clock-in', { attendance_id: a.id })).status).toBe(200);
    expect(await agentOf()).toBe(false);
    expect(await onlineRow(w.people.ana.id)).toMatchObject({ agent_connected: false });

    const url = await wsUrl();
    const token = (await h.login('ana@home.test')).access_token;
    // The web timer's socket is not the agent.
    const web = await TestSocket.signedIn(url, token, { kind: 'web', capture: true });
    expect(await agentOf()).toBe(false);
    const desktop = await TestSocket.signedIn(url, token, { kind: 'desktop', capture: true });
    expect(await agentOf()).toBe(true);
    expect(await onlineRow(w.people.ana.id)).toMatchObject({ agent_connected: true });
    // Ben (another VA on shift) has none.
    const ben = await callAs(h, 'ben@home.test', 'va', 'POST', 'attendance/clock-in', {});
    expect(ben.status).toBe(200);
    expect(await onlineRow(w.people.ben.id)).toMatchObject({ agent_connected: false });

    desktop.socket.close();
    await until(async () => (await agentOf()) === false);
    expect(await onlineRow(w.people.ana.id)).toMatchObject({ agent_connected: false });
    web.socket.close();
  });

  it('answers false without a shift too (the VA home shows it before clock-in)', async () => {
    h.clock.set('2026-03-10T00:00:00Z');
    const url = await wsUrl();
    const token = (await h.login('ana@home.test')).access_token;
    const desktop = await TestSocket.signedIn(url, token, { kind: 'desktop', capture: true });
    const current = await ana('GET', 'attendance/current/user');
    expect(current.body).toMatchObject({ state: 'none', agent_connected: true });
    desktop.socket.close();
  });
});
