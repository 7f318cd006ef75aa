import { chmod, mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { agentCommand, install, installedEntry, uninstall } from './autostart';
import { main } from './cli';
import type { Io } from './commands';
import { deviceLogin } from './device-login';
import { RotatingLog, tailLog } from './logfile';
import { createNotifier, detectNotifier, screenshotNoticeOf } from './notify';
import { newerVersion } from './update-check';

// Issue 32: what makes the agent a desktop program (starting with the computer, a log file, notifications,
// signing in through the browser), each against a temporary HOME and fake programs on PATH.
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agent-desktop-'));
});

/** A fake program on PATH that appends its arguments (one per line) and a blank line to `calls`. */
async function fakeProgram(name: string): Promise<{ bin: string; calls: string }> {
  const bin = join(dir, 'bin');
  await mkdir(bin, { recursive: true });
  const calls = join(dir, `${name}.calls`);
  await writeFile(
    join(bin, name),
    `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> "${calls}"; done\necho >> "${calls}"\n`,
  );
  await chmod(join(bin, name), 0o755);
  return { bin, calls };
}

describe('install and uninstall', () => {
  it('writes the XDG autostart entry that runs the agent, says so in status, and removes it', async () => {
    const env = { HOME: dir, PATH: '/nonexistent' };
    expect(installedEntry(env, 'linux')).toBeNull();
    const done = await install(env, ['/opt/vahub agent/vahub-agent'], 'linux', false);
    expect(done.entry).toBe(join(dir, '.config', 'autostart', 'vahub-agent.desktop'));
    const entry = await readFile(done.entry, 'utf8');
    expect(entry).toContain('[Desktop Entry]');
    expect(entry).toContain('Exec="/opt/vahub agent/vahub-agent" run');
    expect(entry).toContain('Terminal=false');
    expect(installedEntry(env, 'linux')).toBe(done.entry);
    expect(await uninstall(env, 'linux')).toEqual([done.entry]);
    expect(installedEntry(env, 'linux')).toBeNull();
    expect(await uninstall(env, 'linux')).toEqual([]);
  });

  it('where systemd runs, writes a user unit the entry starts (with the agent home), and removes both', async () => {
    const env = { HOME: dir, PATH: '/nonexistent', VAHUB_AGENT_HOME: join(dir, 'state') };
    const done = await install(env, ['/usr/bin/node', '/x/cli.js'], 'linux', true);
    const unit = await readFile(done.unit as string, 'utf8');
    expect(unit).toContain('ExecStart=/usr/bin/node /x/cli.js run');
    expect(unit).toContain(`Environment=VAHUB_AGENT_HOME=${join(dir, 'state')}`);
    expect(unit).toContain('Restart=on-failure');
    expect(await readFile(done.entry, 'utf8')).toContain('systemctl --user start vahub-agent.service');
    expect((await uninstall(env, 'linux')).sort()).toEqual([done.entry, done.unit].sort());
  });

  it('on Windows, puts a hidden starter in the Startup folder', async () => {
    const env = { APPDATA: join(dir, 'Roaming') };
    const done = await install(env, ['C:\\Program Files\\VA Hub\\vahub-agent.exe'], 'win32');
    expect(done.entry).toBe(
      join(dir, 'Roaming', 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Startup', 'vahub-agent.vbs'),
    );
    expect(await readFile(done.entry, 'utf8')).toContain(
      'Run """C:\\Program Files\\VA Hub\\vahub-agent.exe"" ""run""", 0, False',
    );
    expect(await uninstall(env, 'win32')).toEqual([done.entry]);
  });

  it('runs the packaged executable as itself, the sources through node', () => {
    expect(agentCommand(['node', '/a/b/vahub-agent'], '/opt/vahub-agent', true)).toEqual([
      '/opt/vahub-agent',
    ]);
    expect(agentCommand(['node', '/r/bin/vahub-agent.mjs'], '/usr/bin/node', false)).toEqual([
      '/usr/bin/node',
      '/r/bin/vahub-agent.mjs',
    ]);
  });
});

describe('the log file', () => {
  it('rotates by size, keeps three old files, and `logs` reads the last lines across them', async () => {
    const path = join(dir, 'agent.log');
    const log = new RotatingLog(path, 100, 3);
    for (let i = 1; i <= 40; i++) log.write(`line ${String(i).padStart(2, '0')} .........`);
    expect((await stat(path)).size).toBeLessThanOrEqual(100);
    await expect(stat(`${path}.3`)).resolves.toBeTruthy();
    await expect(stat(`${path}.4`)).rejects.toThrow();
    const last = tailLog(path, 6, 3);
    expect(last).toHaveLength(6);
    expect(last.at(-1)).toMatch(/^line 40/);
    expect(last[0]).toMatch(/^line 35/);
    // A new log object continues the file's size (the next run appends).
    new RotatingLog(path, 100, 3).write('line 41 .........');
    expect(tailLog(path, 1, 3)).toEqual(['line 41 .........']);
  });
});

describe('desktop notifications', () => {
  it('go through notify-send, each screenshot or a count per hour; an on-demand one always at once', async () => {
    const { bin, calls } = await fakeProgram('notify-send');
    const env = { PATH: bin };
    const info = await detectNotifier(env, 'linux');
    expect(info).toEqual({ method: 'notify-send', program: join(bin, 'notify-send') });
    let hour: (() => void) | null = null as (() => void) | null;
    const n = createNotifier({
      info,
      env,
      log: () => {},
      setTimer: (fn) => {
        hour = fn;
        return { cancel: () => {} };
      },
    });
    await n.recordingStarted('Acme support');
    await n.screenshotTaken(2, false, 'each');
    await n.screenshotTaken(1, false, 'hourly');
    await n.screenshotTaken(1, false, 'hourly');
    await n.screenshotTaken(1, true, 'hourly');
    // The hour ends (the test's timer): the count is said once.
    expect(hour).not.toBeNull();
    await n.flush();
    const said = (await readFile(calls, 'utf8'))
      .split('\n\n')
      .filter(Boolean)
      .map((c) => c.split('\n'));
    const titles = said.map((c) => c[2]).sort();
    expect(titles).toEqual([
      'Recording started',
      'Screenshot requested',
      'Screenshot taken',
      'Screenshots taken',
    ]);
    expect(said.every((c) => c[0] === '--app-name' && c[1] === 'VA Hub')).toBe(true);
    expect(said.find((c) => c[2] === 'Screenshots taken')?.[3]).toBe(
      '2 screenshots of your screen in the last hour.',
    );
  });

  it('follow the shift settings: each, hourly, or muted (only where the contract allows) and never on-demand', async () => {
    // The decision from the tracker protocol's settings (an older server says nothing: each).
    expect(screenshotNoticeOf(null)).toBe('each');
    expect(screenshotNoticeOf({})).toBe('each');
    expect(screenshotNoticeOf({ screenshot_notice: 'each' })).toBe('each');
    expect(screenshotNoticeOf({ screenshot_notice: 'hourly' })).toBe('hourly');
    expect(
      screenshotNoticeOf({
        screenshot_notice: 'hourly',
        va_may_mute_screenshot_notice: true,
        screenshot_notice_muted: true,
      }),
    ).toBe('muted');
    // Muted without the contract's permission is not muted.
    expect(
      screenshotNoticeOf({
        screenshot_notice: 'each',
        va_may_mute_screenshot_notice: false,
        screenshot_notice_muted: true,
      }),
    ).toBe('each');
    // Muted: no scheduled-screenshot notice, not even the hour's count; on demand and start/stop still said.
    const { bin, calls } = await fakeProgram('notify-send');
    const env = { PATH: bin };
    let hour: (() => void) | null = null as (() => void) | null;
    const n = createNotifier({
      info: await detectNotifier(env, 'linux'),
      env,
      log: () => {},
      setTimer: (fn) => {
        hour = fn;
        return { cancel: () => {} };
      },
    });
    await n.recordingStarted('Acme support');
    await n.screenshotTaken(1, false, 'muted');
    await n.screenshotTaken(2, false, 'muted');
    await n.screenshotTaken(1, true, 'muted');
    expect(hour).toBeNull();
    await n.recordingStopped();
    const titles = (await readFile(calls, 'utf8'))
      .split('\n\n')
      .filter(Boolean)
      .map((c) => c.split('\n')[2]);
    expect(titles).toEqual(['Recording started', 'Screenshot requested', 'Recording stopped']);
  });

  it('fall back to gdbus, and are off (with the reason) where neither exists', async () => {
    const { bin } = await fakeProgram('gdbus');
    expect((await detectNotifier({ PATH: bin }, 'linux')).method).toBe('gdbus');
    expect(await detectNotifier({ PATH: join(dir, 'none') }, 'linux')).toEqual({
      method: null,
      reason: 'neither notify-send (libnotify-bin) nor gdbus is installed',
    });
    expect((await detectNotifier({ PATH: join(dir, 'none') }, 'win32')).method).toBeNull();
  });
});

describe('signing in through the browser', () => {
  it('shows the code, opens the link, polls (slower after slow_down) and keeps the tokens', async () => {
    const answers: Array<[number, object]> = [
      [400, { error: 'authorization_pending' }],
      [400, { error: 'slow_down' }],
      [400, { error: 'authorization_pending' }],
      [200, { token_type: 'Bearer', expires_in: 900, access_token: 'a', refresh_token: 'r' }],
    ];
    const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
    const slept: number[] = [];
    const said: string[] = [];
    const opened: string[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      sent.push({ url, body });
      if (url.endsWith('/oauth/device/code'))
        return Response.json({
          device_code: 'dc',
          user_code: 'BCDF-GHJK',
          verification_uri: 'http://s/device',
          verification_uri_complete: 'http://s/device?user_code=BCDF-GHJK',
          expires_in: 600,
          interval: 5,
        });
      const [status, json] = answers.shift() as [number, object];
      return Response.json(json, { status });
    }) as typeof globalThis.fetch;
    const tokens = await deviceLogin({
      fetch,
      server: 'http://s',
      env: {},
      say: (t) => said.push(t),
      now: () => 0,
      sleep: async (ms) => {
        slept.push(ms);
      },
      open: async (url) => {
        opened.push(url);
        return true;
      },
    });
    expect(tokens.access_token).toBe('a');
    expect(said[0]).toContain('BCDF-GHJK');
    expect(opened).toEqual(['http://s/device?user_code=BCDF-GHJK']);
    expect(slept).toEqual([5000, 5000, 10000, 10000]);
    expect(sent[0].body).toMatchObject({ client_id: 'tracker', agent_version: expect.any(String) });
    expect(sent[1].body).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      client_id: 'tracker',
      device_code: 'dc',
    });
  });

  it('stops on access_denied with a plain message; `login` without --email takes this way', async () => {
    const home = await mkdtemp(join(tmpdir(), 'agent-home-'));
    const out: string[] = [];
    const err: string[] = [];
    const io: Io = {
      stdout: (t) => out.push(t),
      stderr: (t) => err.push(t),
      env: { VAHUB_AGENT_HOME: home, VAHUB_AGENT_NO_BROWSER: '1', HOME: home, PATH: '/nonexistent' },
      now: () => 0,
      sleep: async () => {},
      fetch: (async (url: string) =>
        String(url).endsWith('/device/code')
          ? Response.json({
              device_code: 'dc',
              user_code: 'BCDF-GHJK',
              verification_uri: 'http://s/device',
              verification_uri_complete: 'http://s/device?user_code=BCDF-GHJK',
              expires_in: 600,
              interval: 5,
            })
          : Response.json({ error: 'access_denied' }, { status: 400 })) as typeof fetch,
    };
    expect(await main(['login', '--server', 'http://s'], io)).toBe(1);
    expect(err.join()).toContain('The sign-in was denied in the browser.');
    expect(await main(['login', '--server', 'http://s', '--password', 'x'], io)).toBe(2);
  });
});

it('compares versions numerically', () => {
  expect(newerVersion('0.10.0', '0.9.9')).toBe(true);
  expect(newerVersion('v1.0.0', '1.0.0')).toBe(false);
  expect(newerVersion('1.0.1-beta', '1.0.0')).toBe(true);
  expect(newerVersion('0.1.0', '0.2.0')).toBe(false);
});
