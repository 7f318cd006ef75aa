// `npm run simulate -- --vas N [--server URL] [--admin EMAIL] [--password P] [--interval SECONDS] [--minutes M]`
// Drives N synthetic trackers through the real API and socket, as desktop agents would: each VA signs in with
// the password grant, clocks in to its current shift when the window is open, sends a ping a minute (or every
// `--interval` seconds) with made-up activity and idle spells, and stops at once on a forced logout. For demos
// (the dashboards come alive) and load. The VAs are the organization's, found through the admin's API; they
// must share one password (the demo's: demo12345).
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { WS_PATH } from '@vahub/shared/realtime/messages';
import WebSocket from 'ws';

const { values: args } = parseArgs({
  options: {
    vas: { type: 'string', default: '10' },
    server: { type: 'string', default: process.env.APP_URL ?? 'http://localhost:3000' },
    admin: { type: 'string', default: 'admin@example.com' },
    password: { type: 'string', default: 'demo12345' },
    interval: { type: 'string', default: '60' },
    minutes: { type: 'string', default: '0' },
  },
});
const server = args.server.replace(/\/$/, '');
const intervalMs = Math.max(1, Number(args.interval)) * 1000;

type Token = { access_token: string };

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

const signIn = (email: string) =>
  api<Token>('/oauth/token', null, {
    method: 'POST',
    body: { grant_type: 'password', client_id: 'tracker', username: email, password: args.password },
  }).then((t) => t.access_token);

type Current = {
  state: 'ongoing' | 'upcoming' | 'none';
  can_clock_in: boolean;
  attendance: { id: number } | null;
};

/** One synthetic tracker: activity with idle spells, a ping per interval, obeys forced logout. */
async function track(email: string, stats: { pings: number; trackers: number; stopped: number }) {
  const token = await signIn(email);
  const current = await api<Current>('/api/v1/va-access/attendance/current/user', token);
  if (current.state === 'none' || !current.attendance) return false;
  if (current.state === 'upcoming') {
    if (!current.can_clock_in) return false;
    await api('/api/v1/va-access/attendance/clock-in', token, {
      method: 'POST',
      body: { attendance_id: current.attendance.id },
    });
  }
  const attendanceId = current.attendance.id;
  stats.trackers++;
  let stopped = false;
  let idleFor = 0;
  const ws = new WebSocket(`${server.replace(/^http/, 'ws')}${WS_PATH}`);
  ws.on('open', () =>
    ws.send(JSON.stringify({ type: 'auth', token, client: { kind: 'desktop', capture: false } })),
  );
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as { type: string; data: { attendance_id?: number } };
    if (message.type === 'attendance.logout' && message.data.attendance_id === attendanceId) {
      stopped = true;
      stats.stopped++;
      console.log(`${email}: forced logout, stopping`);
    }
  });
  ws.on('error', () => {});
  const timer = setInterval(async () => {
    if (stopped) {
      clearInterval(timer);
      ws.close();
      return;
    }
    // One minute in ten starts an idle spell of a few minutes.
    if (idleFor === 0 && Math.random() < 0.1) idleFor = 2 + Math.floor(Math.random() * 6);
    const idle = idleFor > 0;
    if (idleFor > 0) idleFor--;
    const ping = {
      id: randomUUID(),
      at: new Date().toISOString(),
      keyboard: idle ? 0 : Math.floor(Math.random() * 120),
      mouse: idle ? 0 : Math.floor(Math.random() * 300),
      idle_seconds: idle ? 60 * (6 - idleFor) + 60 : Math.floor(Math.random() * 20),
      active_window: { app: 'Google Chrome', title: 'Simulated work' },
      source: 'desktop',
    };
    try {
      await api('/api/v1/va-access/attendance/pings', token, {
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
  const admin = await api<Token>('/oauth/token', null, {
    method: 'POST',
    body: { grant_type: 'password', client_id: 'tracker', username: args.admin, password: args.password },
  });
  const stats = { pings: 0, trackers: 0, stopped: 0 };
  let page = 1;
  let started = 0;
  while (started < wanted) {
    const list = await api<{ data: Array<{ email: string }>; meta: { last_page: number } }>(
      `/api/v1/admin-access/users/paginated?roles=va&status=active&per_page=100&page=${page}`,
      admin.access_token,
    );
    for (const va of list.data) {
      if (started >= wanted) break;
      try {
        if (await track(va.email, stats)) started++;
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
  const report = setInterval(
    () => console.log(`${stats.trackers - stats.stopped} tracking, ${stats.pings} pings sent`),
    Math.max(intervalMs, 10_000),
  );
  const minutes = Number(args.minutes);
  if (minutes > 0)
    setTimeout(() => {
      clearInterval(report);
      console.log(`Done: ${stats.pings} pings sent`);
      process.exit(0);
    }, minutes * 60_000);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
