// `npm run simulate -- --vas N [--server URL] [--admin EMAIL] [--password P] [--interval SECONDS] [--minutes M]
//   [--screenshots-per-hour N]`
// Drives N synthetic trackers through the real API and socket, as desktop agents would: each VA signs in with
// the password grant, clocks in to its current shift when the window is open, sends a ping a minute (or every
// `--interval` seconds) with made-up activity and idle spells, and stops at once on a forced logout. Where the
// contract's privacy tier allows images it also captures synthetic desktops (the demo's) at the contract's rate
// through the tracker core's capture controller, skipping idle spells, and answers "Take screenshot" requests
// (`simulate-capture.ts`); `--screenshots-per-hour N` replaces the contract's rate for a livelier demo. For
// demos (the dashboards and the live wall come alive) and load. The VAs are the organization's, found through
// the admin's API; they must share one password (the demo's: demo12345).
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { CurrentShift } from '@vahub/shared/attendance/tracker-protocol';
import { WS_PATH } from '@vahub/shared/realtime/messages';
import { hostClock } from '@vahub/tracker-core/clock';
import { SocketConnection, type SocketLike } from '@vahub/tracker-core/socket';
import WebSocket from 'ws';
import { SimulatedShift, simulatedCapturer, startSimulatedCapture } from './simulate-capture';

const { values: args } = parseArgs({
  options: {
    vas: { type: 'string', default: '10' },
    server: { type: 'string', default: process.env.APP_URL ?? 'http://localhost:3000' },
    admin: { type: 'string', default: 'admin@example.com' },
    password: { type: 'string', default: 'demo12345' },
    interval: { type: 'string', default: '60' },
    minutes: { type: 'string', default: '0' },
    'screenshots-per-hour': { type: 'string' },
  },
});
const server = args.server.replace(/\/$/, '');
const intervalMs = Math.max(1, Number(args.interval)) * 1000;
const perHourArg = args['screenshots-per-hour'];
const perHour = perHourArg === undefined ? null : Math.max(0, Math.floor(Number(perHourArg)));
if (perHour !== null && !Number.isFinite(perHour)) {
  console.error('--screenshots-per-hour takes a number');
  process.exit(1);
}
const clock = hostClock(globalThis);

type Token = { access_token: string; refresh_token: string };

async function api<T>(path: string, token: string | null, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${server}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${json?.message ?? text}`);
  return json as T;
}

/** Access tokens live 15 minutes: a session refreshes its own every 10, as a tracker does. */
const REFRESH_EVERY_MS = 10 * 60_000;

async function signIn(email: string) {
  let t = await api<Token>('/oauth/token', null, {
    method: 'POST',
    body: { grant_type: 'password', client_id: 'tracker', username: email, password: args.password },
  });
  const session = {
    get token() {
      return t.access_token;
    },
    timer: setInterval(async () => {
      try {
        t = await api<Token>('/api/token/refresh-token', null, {
          method: 'POST',
          body: { RefreshToken: t.refresh_token },
        });
      } catch (err) {
        console.error(`${email}: token refresh failed: ${(err as Error).message}`);
      }
    }, REFRESH_EVERY_MS),
  };
  return session;
}

type Stats = {
  pings: number;
  trackers: number;
  stopped: number;
  screenshots: number;
  onDemand: number;
};
type Va = { email: string; timezone: string };

const current = (token: string) => api<CurrentShift>('/api/v1/va-access/attendance/current/user', token);

/** Clocks in to the current shift when its window is open; the ongoing shift, else null. */
async function startShift(token: string) {
  let now = await current(token);
  if (now.state === 'none' || !now.attendance) return null;
  if (now.state === 'upcoming') {
    if (!now.can_clock_in) return null;
    await api('/api/v1/va-access/attendance/clock-in', token, {
      method: 'POST',
      body: { attendance_id: now.attendance.id },
    });
    now = await current(token);
  }
  return now.state === 'ongoing' && now.attendance ? { ...now, attendance: now.attendance } : null;
}

/**
 * One synthetic tracker: activity with idle spells, a ping per interval, screenshots through the core's
 * capture controller, and a stop when the shift ends (a forced logout, or closed elsewhere).
 */
async function track(va: Va, look: number, stats: Stats) {
  const { email } = va;
  const session = await signIn(email);
  const started = await startShift(session.token);
  if (!started) {
    clearInterval(session.timer);
    return false;
  }
  const now = started;
  const attendanceId = now.attendance.id;
  stats.trackers++;
  const shift = new SimulatedShift(now, perHour);
  const capturer = simulatedCapturer(shift, look, va.timezone);
  const socket = new SocketConnection({
    url: `${server.replace(/^http/, 'ws')}${WS_PATH}`,
    getToken: () => session.token,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    clock,
    client: { kind: 'desktop', capture: capturer.canCapture() },
    capturer,
  });
  socket.subscribe((message) => {
    if (message.type === 'attendance.logout')
      shift.dispatch({ type: 'logout', attendanceId: message.data.attendance_id });
    else if (message.type === 'attendance.changed')
      shift.dispatch({
        type: 'changed',
        attendanceId: message.data.attendance_id,
        status: message.data.status,
      });
  });
  const capture = startSimulatedCapture({
    server,
    getToken: () => session.token,
    shift,
    events: socket,
    capturer,
    clock,
    uuid: randomUUID,
    onUploaded: (origin) => {
      stats.screenshots++;
      if (origin === 'on_demand') stats.onDemand++;
      console.log(`${email}: screenshot uploaded (${origin === 'on_demand' ? 'on demand' : 'scheduled'})`);
    },
    onProblem: (message) => console.error(`${email}: ${message}`),
  });
  socket.start();

  let idleFor = 0;
  let stopping = false;
  /** The shift ended: no more pings or captures; what was captured still goes up. */
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(timer);
    clearInterval(session.timer);
    off();
    stats.stopped++;
    const forced = shift.getSnapshot().shift.status === 'forced_out';
    console.log(`${email}: ${forced ? 'forced logout' : 'shift ended'}, stopping`);
    await capture.flush();
    capture.stop();
    socket.stop();
  };
  // The server announces the ended shift just before a forced logout: the next tick tells which it was.
  const off = shift.subscribe(() => {
    if (shift.getSnapshot().shift.status === 'forced_out') void stop();
  });
  const timer = setInterval(async () => {
    if (!shift.tracking()) return void stop();
    // One minute in ten starts an idle spell of a few minutes.
    if (idleFor === 0 && Math.random() < 0.1) idleFor = 2 + Math.floor(Math.random() * 6);
    const idle = idleFor > 0;
    if (idleFor > 0) idleFor--;
    const idleSeconds = idle ? 60 * (6 - idleFor) + 60 : Math.floor(Math.random() * 20);
    shift.setIdle(idle, idleSeconds);
    const ping = {
      id: randomUUID(),
      at: new Date().toISOString(),
      keyboard: idle ? 0 : Math.floor(Math.random() * 120),
      mouse: idle ? 0 : Math.floor(Math.random() * 300),
      idle_seconds: idleSeconds,
      active_window: { app: 'Google Chrome', title: 'Simulated work' },
      source: 'desktop',
    };
    try {
      await api('/api/v1/va-access/attendance/pings', session.token, {
        method: 'POST',
        body: { attendance_id: attendanceId, pings: [ping] },
      });
      stats.pings++;
    } catch (err) {
      console.error(`${email}: ${(err as Error).message}`);
    }
  }, intervalMs);
  return true;
}

async function main() {
  const wanted = Number(args.vas);
  // The admin lists the VAs through the web app's client: a tracker session signs in VAs only.
  const admin = await api<Token>('/oauth/token', null, {
    method: 'POST',
    body: {
      grant_type: 'password',
      client_id: process.env.OAUTH_WEB_CLIENT_ID ?? 'web-app',
      client_secret: process.env.OAUTH_WEB_CLIENT_SECRET ?? 'web-app-secret',
      username: args.admin,
      password: args.password,
    },
  });
  const stats: Stats = { pings: 0, trackers: 0, stopped: 0, screenshots: 0, onDemand: 0 };
  let page = 1;
  let started = 0;
  while (started < wanted) {
    const list = await api<{ data: Va[]; meta: { last_page: number } }>(
      `/api/v1/admin-access/users/paginated?roles=va&status=active&per_page=100&page=${page}`,
      admin.access_token,
    );
    for (const va of list.data) {
      if (started >= wanted) break;
      try {
        // The demo's four desktop looks, in turn.
        if (await track(va, started % 4, stats)) started++;
      } catch (err) {
        console.error(`${va.email}: ${(err as Error).message}`);
      }
    }
    if (page >= list.meta.last_page) break;
    page++;
  }
  console.log(
    `${started} synthetic trackers on shift (of ${wanted} asked; VAs without an open shift are skipped)`,
  );
  if (!started) process.exit(0);
  const screenshots = () =>
    `${stats.screenshots} screenshot${stats.screenshots === 1 ? '' : 's'} uploaded (${stats.onDemand} on demand)`;
  const report = setInterval(
    () =>
      console.log(`${stats.trackers - stats.stopped} tracking, ${stats.pings} pings sent, ${screenshots()}`),
    Math.max(intervalMs, 10_000),
  );
  const minutes = Number(args.minutes);
  if (minutes > 0)
    setTimeout(() => {
      clearInterval(report);
      console.log(`Done: ${stats.pings} pings sent, ${screenshots()}`);
      process.exit(0);
    }, minutes * 60_000);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
