// The desktop agent end to end (issue 12): a virtual X11 desktop (Xvfb + openbox + an xterm), the real server
// with the demo organization, and the agent run as a VA runs it (`npm run agent -- login | clock-in | run |
// status`). xdotool works in the xterm; the test reads what the server stored, as an admin would see it.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { Agent } from './agent';
import { ROOT_COLOUR, SCREEN, VirtualDesktop } from './display';
import { missingNotificationTools, NotificationBus } from './notifications';
import { DEMO_PASSWORD, type Json, RealServer } from './server';
import { ViewerSocket } from './socket';

const VA = 'va@example.com';
const TITLE = 'VA Hub agent e2e terminal';
/** The agent's ping interval for this test (the contract's is 60 s; the server counts any shorter one). */
const PING_SECONDS = 5;
/** How long the server stays down. */
const OUTAGE_MS = 20_000;

type Ping = {
  id: string;
  at: string;
  keyboard: number;
  mouse: number;
  active_window: { app: string; title: string } | null;
  source: string;
};

let desktop: VirtualDesktop;
/** The desktop session's notification daemon (dunst on a private session bus), when its tools are installed. */
let notifications: NotificationBus | null = null;
const missingTools = missingNotificationTools();
// CI requires the desktop test whole (REQUIRE_DESKTOP_TESTS): its notification tools too.
if (missingTools.length && process.env.REQUIRE_DESKTOP_TESTS === 'true') {
  throw new Error(
    `the notification tools are missing: ${missingTools.join(', ')} (apt-get install -y dunst dbus-bin libnotify-bin)`,
  );
}
/** The VA's home folder: where `install` writes the autostart entry. */
const vaHome = mkdtempSync(join(tmpdir(), 'vahub-va-home-'));
/** The packaged Windows executable, when `npm test` built one (Wine found). */
const WINDOWS_AGENT = process.env.VAHUB_WINDOWS_AGENT;
let server: RealServer;
let agent: Agent;
let admin: string;
let vaId: number;
let attendanceId: number;
let terminal: string;
/** Set once the agent tracks: the later steps need it and skip without it (the first failure says why). */
let tracking = false;
const figures: string[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (ok(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last: ${JSON.stringify(last)}`);
    await sleep(200);
  }
}

/** Every stored ping of the shift, in time order, as the admin reads them. */
async function pings(): Promise<Ping[]> {
  const all: Ping[] = [];
  for (let page = 1; ; page++) {
    const res = await server.api<{ data: Ping[]; meta: { last_page: number } }>(
      'GET',
      `/api/v1/admin-access/attendance/${attendanceId}/pings?per_page=100&page=${page}`,
      admin,
    );
    all.push(...res.data);
    if (page >= res.meta.last_page) return all;
  }
}

beforeAll(async () => {
  [desktop, server] = await Promise.all([VirtualDesktop.start(), RealServer.start()]);
  terminal = await desktop.terminal(TITLE);
  admin = await server.token('admin@example.com');
  ({ vaId } = await server.shiftOpenNow(VA, 'client@example.com', admin));
  if (!missingTools.length) notifications = await NotificationBus.start(desktop.display);
  agent = new Agent(desktop.display, {
    VAHUB_AGENT_PING_SECONDS: String(PING_SECONDS),
    HOME: vaHome,
    XDG_CONFIG_HOME: join(vaHome, '.config'),
    // The test opens the link in its own headless Chromium; no systemd user manager runs here.
    VAHUB_AGENT_NO_BROWSER: '1',
    VAHUB_AGENT_SYSTEMD: 'off',
    ...(notifications ? { DBUS_SESSION_BUS_ADDRESS: notifications.address } : {}),
  });
});

afterEach((ctx) => {
  if (ctx.task.result?.state === 'fail' && agent?.output)
    console.log(`--- the agent's log (run) ---\n${agent.output.slice(-6000)}`);
});

afterAll(async () => {
  if (agent && !process.env.KEEP_AGENT_OUTPUT) await agent.stop();
  await server?.stop();
  await notifications?.stop();
  await desktop?.stop();
  rmSync(vaHome, { recursive: true, force: true });
  if (figures.length) console.log(`\nDesktop agent figures:\n  ${figures.join('\n  ')}\n`);
});

describe('the desktop agent on a virtual display', () => {
  test('signs in through the browser, installs itself, clocks in and records keys, mouse and window', async () => {
    // The device flow: the agent prints the link, the VA approves the code in a browser (headless Chromium, signed
    // in as the VA: the approval is the web page's call; the page itself is the browser spec's, apps/web/e2e).
    const login = await agent.deviceLogin(server.url);
    const userCode = new URL(login.link).searchParams.get('user_code') as string;
    expect(userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    const vaToken = await server.token(VA);
    /** The web page's two calls (which computer asks, then the approval), from this process: without Chromium. */
    const approve = async ([code, token]: readonly [string, string]) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const base = server.url;
      const seen = await fetch(`${base}/api/v1/device?user_code=${encodeURIComponent(code)}`, { headers });
      const res = await fetch(`${base}/api/v1/device`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ user_code: code, approve: true }),
      });
      return { seen: (await seen.json()) as { device_system?: string }, status: res.status };
    };
    const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
    let approved: Awaited<ReturnType<typeof approve>>;
    if (existsSync(chromiumPath)) {
      const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
      try {
        const page = await browser.newPage();
        await page.goto(`${server.url}/api/health`);
        approved = await page.evaluate(
          async ([code, token]) => {
            const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
            const seen = await fetch(`/api/v1/device?user_code=${encodeURIComponent(code)}`, { headers });
            const res = await fetch('/api/v1/device', {
              method: 'POST',
              headers,
              body: JSON.stringify({ user_code: code, approve: true }),
            });
            return { seen: (await seen.json()) as { device_system?: string }, status: res.status };
          },
          [userCode, vaToken] as const,
        );
      } finally {
        await browser.close();
      }
    } else {
      figures.push(`approved without a browser: no Chromium at ${chromiumPath}`);
      approved = await approve([userCode, vaToken]);
    }
    expect(approved.status).toBe(200);
    expect(approved.seen.device_system).toMatch(/Linux/);
    const signedIn = await login.done;
    expect(signedIn.code, signedIn.output).toBe(0);
    expect(signedIn.output).toMatch(/This computer is connected/);

    // Starts with the computer: the XDG autostart entry runs the agent.
    await agent.cli('install');
    const entry = join(vaHome, '.config', 'autostart', 'vahub-agent.desktop');
    expect(readFileSync(entry, 'utf8')).toMatch(/^Exec=.* run$/m);
    expect((await agent.status()).autostart).toBe(entry);

    await agent.cli('clock-in');
    const current = await server.api<{ state: string; attendance: { id: number } }>(
      'GET',
      '/api/v1/va-access/attendance/current/user',
      await server.token(VA),
    );
    expect(current.state).toBe('ongoing');
    attendanceId = current.attendance.id;

    agent.start();
    await until(
      () => agent.status(),
      (s) => s.recording === true,
      30_000,
      'status to say recording',
    );

    const typedAt = Date.now();
    await desktop.work(terminal, 'counting keys, never which ones');
    expect(await desktop.activeTitle()).toBe(TITLE);
    const stored = await until(
      pings,
      (list) => list.some((p) => p.keyboard > 0 && p.mouse > 0 && p.active_window?.title === TITLE),
      (PING_SECONDS * 3 + 20) * 1000,
      'a ping with keyboard, mouse and the xterm as the active window',
    );
    const ping = stored.find((p) => p.keyboard > 0 && p.mouse > 0 && p.active_window?.title === TITLE);
    expect(ping?.source).toBe('desktop');
    expect(ping?.active_window?.app.toLowerCase()).toContain('xterm');
    figures.push(`activity seen in the stored pings ${Date.now() - typedAt} ms after typing`);

    tracking = true;
    // CPU and memory over 10 s of tracking while the VA types and moves the mouse.
    const [use] = await Promise.all([
      agent.usage(10_000),
      desktop.work(terminal, 'typing for the CPU figure '.repeat(6)),
    ]);
    figures.push(
      `agent while tracking and typed at: ${use.cpuPercent.toFixed(1)} % of a core, ${use.rssMb.toFixed(0)} MB RSS (${use.command})`,
    );
    expect(use.rssMb).toBeLessThan(400);
  });

  test('takes a screenshot of the virtual screen on demand', async (ctx) => {
    if (!tracking) ctx.skip();
    const socket = await ViewerSocket.open(server.url, admin);
    try {
      const asked = performance.now();
      const { request_id } = await server.api<{ request_id: string }>(
        'POST',
        '/api/v1/admin-access/screenshots/take',
        admin,
        { user_id: vaId },
      );
      const created = await socket.next(
        (m) =>
          (m.type === 'screenshot.created' || m.type === 'screenshot.failed') &&
          m.data.request_id === request_id,
        30_000,
        `screenshot.created for request ${request_id}`,
      );
      const roundTrip = performance.now() - asked;
      expect(created.type, JSON.stringify(created.data)).toBe('screenshot.created');
      figures.push(`on-demand screenshot round trip: ${roundTrip.toFixed(0)} ms`);

      const shot = await server.api<Json & { image_url: string; width: number; height: number }>(
        'GET',
        `/api/v1/admin-access/screenshots/${created.data.id}`,
        admin,
      );
      expect({ width: shot.width, height: shot.height }).toEqual(SCREEN);
      const image = await fetch(new URL(shot.image_url, server.url));
      expect(image.ok).toBe(true);
      const { data, info } = await sharp(Buffer.from(await image.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([SCREEN.width, SCREEN.height]);
      // The bottom-right corner is the root window's colour (a lossy format may move it a little).
      const at = ((info.height - 5) * info.width + info.width - 5) * info.channels;
      const pixel = [data[at], data[at + 1], data[at + 2]];
      const want = [ROOT_COLOUR.r, ROOT_COLOUR.g, ROOT_COLOUR.b];
      for (const [i, value] of pixel.entries()) expect(Math.abs(value - want[i])).toBeLessThanOrEqual(12);
    } finally {
      socket.close();
    }
  });

  test('keeps tracking through a server outage and delivers every ping once', async (ctx) => {
    if (!tracking) ctx.skip();
    const before = await pings();
    const down = Date.now();
    await server.down();
    // The VA keeps working while the server is away.
    await desktop.work(terminal, 'offline work');
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - down)));
    expect(agent.running, agent.output).toBe(true);
    const up = Date.now();
    await server.up();
    admin = await server.token('admin@example.com');

    const after = await until(
      pings,
      (list) => list.some((p) => Date.parse(p.at) > up + PING_SECONDS * 1000),
      60_000,
      'the pings queued during the outage and a new one',
    );
    expect(after.length).toBeGreaterThan(before.length);
    const ids = after.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    // One ping per interval from before the outage to after it: no gap, and no interval sent twice.
    const times = after.map((p) => Date.parse(p.at)).filter((t) => t > down - 3 * PING_SECONDS * 1000);
    const steps = times.slice(1).map((t, i) => (t - times[i]) / 1000);
    const during = times.filter((t) => t > down && t < up).length;
    figures.push(
      `outage of ${((up - down) / 1000).toFixed(0)} s: ${during} pings queued and delivered, steps ${steps.join(', ')} s`,
    );
    expect(during).toBeGreaterThanOrEqual(Math.floor((up - down) / 1000 / PING_SECONDS) - 1);
    for (const step of steps) {
      expect(step).toBeGreaterThan(PING_SECONDS * 0.5);
      expect(step).toBeLessThan(PING_SECONDS * 1.5 + 1);
    }
    expect(after.some((p) => Date.parse(p.at) > down && p.keyboard > 0)).toBe(true);
    // The socket comes back on its own backoff (at most 30 s between attempts).
    await until(
      async () => agent.runState()?.socket,
      (s) => s === 'connected',
      45_000,
      'the socket back',
    );
    figures.push(`socket connected again ${Date.now() - up} ms after the server came back`);
  });

  test('stops at once on a forced logout', async (ctx) => {
    if (!tracking) ctx.skip();
    const forcedAt = Date.now();
    await server.api('POST', '/api/v1/admin-access/attendance/logout', admin, {
      user_id: vaId,
      attendance_id: attendanceId,
    });
    await until(
      async () => agent.runState()?.recording,
      (r) => r === false,
      10_000,
      'the agent to stop',
    );
    figures.push(`forced logout to the agent not recording: ${Date.now() - forcedAt} ms`);
    expect((await agent.status()).recording).toBe(false);
    // The socket's `attendance.logout` stopped it (not a later ping refused for an ended shift).
    expect(agent.runState()?.shift).toBe('forced_out');
    expect(agent.output).toMatch(/Forced logout/);
    await sleep(PING_SECONDS * 2 * 1000);
    // Nothing recorded after the logout (one ping may have been on its way as the admin pressed the button).
    const late = (await pings()).filter((p) => Date.parse(p.at) > forcedAt + 1000);
    expect(late).toEqual([]);
  });

  test('told the VA on the desktop when it recorded, and uninstalls', async () => {
    // Recording started (test 1), the supervisor's screenshot (test 2), recording stopped (the forced logout).
    if (notifications) {
      const titles = notifications.titles();
      figures.push(`notifications the daemon received: ${titles.join(', ')}`);
      if (tracking) {
        expect(titles).toContain('Recording started');
        expect(titles).toContain('Screenshot requested');
        expect(titles).toContain('Recording stopped');
      }
      expect((await agent.status()).notifications).toBe('notify-send');
    }
    const logs = await agent.cli('logs', '--lines', '500');
    expect(logs).toMatch(/recording activity and screenshots/);
    await agent.cli('uninstall');
    expect(existsSync(join(vaHome, '.config', 'autostart', 'vahub-agent.desktop'))).toBe(false);
    expect((await agent.status()).autostart).toBeNull();
    if (!notifications)
      figures.push(
        `notifications not checked: ${missingTools.join(', ')} missing (apt-get install -y dunst dbus-x11 libnotify-bin)`,
      );
  });
  // The Windows build (issue 32) under Debian's wine64 (8.0), in a fresh prefix that claims Windows 10. `npm test`
  // packages it (VAHUB_WINDOWS_AGENT) from Node 22, whose node.exe Wine runs (Node 24's and 26's stop at start on
  // a V8 reservation Wine 8 refuses). Wine gives a program no console: its output goes to a file. What Wine cannot
  // show (the PowerShell toast, the Startup folder at a real login, a browser) stays untested.
  test.skipIf(!WINDOWS_AGENT)(
    'the Windows build runs under Wine: its version, status and a sign-in',
    async () => {
      const prefix = mkdtempSync(join(tmpdir(), 'vahub-wine-'));
      const out = join(prefix, 'out.txt');
      const env = {
        ...process.env,
        WINEPREFIX: prefix,
        WINEDEBUG: '-all',
        WINEDLLOVERRIDES: 'mscoree,mshtml=',
        DISPLAY: desktop.display,
        PATH: `/usr/lib/wine:${process.env.PATH}`,
      };
      const wine = (...args: string[]) => {
        const fd = openSync(out, 'w');
        const { status } = spawnSync('wine64', args, { env, stdio: ['ignore', fd, fd], timeout: 120_000 });
        closeSync(fd);
        return { code: status, text: readFileSync(out, 'utf8') };
      };
      try {
        expect(wine('wineboot', '-i').code).toBe(0);
        expect(wine('winecfg', '/v', 'win10').code).toBe(0);
        const exe = WINDOWS_AGENT as string;
        const version = wine(exe, '--version');
        expect(version, version.text).toMatchObject({ code: 0 });
        expect(version.text).toMatch(/\d+\.\d+\.\d+/);
        const before = wine(exe, 'status', '--json');
        expect(JSON.parse(before.text)).toMatchObject({ signed_in: false });
        const login = wine(exe, 'login', '--server', server.url, '--email', VA, '--password', DEMO_PASSWORD);
        expect(login, login.text).toMatchObject({ code: 0 });
        const after = wine(exe, 'status', '--json');
        expect(JSON.parse(after.text)).toMatchObject({ signed_in: true, server: server.url, email: VA });
        figures.push(`the Windows build under Wine: ${version.text.trim()}, signed in as ${VA}`);
      } finally {
        spawnSync('wineserver', ['-k'], { env });
        rmSync(prefix, { recursive: true, force: true });
      }
    },
  );
});
