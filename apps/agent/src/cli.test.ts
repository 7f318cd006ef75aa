import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attendance, currentShift } from '@vahub/tracker-core/test-helpers';
import { beforeEach, describe, expect, it } from 'vitest';
import { main } from './cli';
import type { Io } from './commands';
import { FileOutboxStore } from './file-outbox';
import { writeRunState } from './state';

let home: string;
let out: string[];
let err: string[];
let requests: Array<{ method: string; url: string; body?: unknown; auth?: string }>;
let routes: Record<string, (body: unknown) => [number, unknown]>;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'agent-cli-'));
  out = [];
  err = [];
  requests = [];
  routes = {
    'POST /oauth/token': () => [
      200,
      { token_type: 'Bearer', expires_in: 900, access_token: 'access-1', refresh_token: 'refresh-1' },
    ],
  };
});

const NOW = Date.UTC(2026, 2, 2, 9, 0);
const io = (): Io => ({
  stdout: (t) => out.push(t),
  stderr: (t) => err.push(t),
  env: { VAHUB_AGENT_HOME: home },
  now: () => NOW,
  fetch: (async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const auth = (init?.headers as Record<string, string> | undefined)?.authorization;
    requests.push({ method, url: url.pathname + url.search, body, auth });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const [status, json] = route(body);
    return new Response(JSON.stringify(json), { status });
  }) as typeof fetch,
});

const cli = (...argv: string[]) => main(argv, io());

describe('arguments', () => {
  it('answers --help with the commands and the privacy promise, exit 0', async () => {
    expect(await cli('--help')).toBe(0);
    expect(out.join()).toMatch(/clock-in/);
    expect(out.join()).toMatch(/never which\s+keys, never typed text, never the clipboard/);
    expect(out.join()).toMatch(/task --general <id>/);
    expect(await cli()).toBe(0);
  });

  it('answers --version and version with the package version, exit 0', async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    expect(await cli('--version')).toBe(0);
    expect(await cli('version')).toBe(0);
    expect(out).toEqual([
      `vahub-agent ${pkg.version} (node ${process.version})`,
      `vahub-agent ${pkg.version} (node ${process.version})`,
    ]);
  });

  it('refuses unknown commands, stray arguments and missing login flags with exit 2', async () => {
    expect(await cli('punch-in')).toBe(2);
    expect(err.pop()).toMatch(/Unknown command: punch-in/);
    expect(await cli('status', 'now')).toBe(2);
    expect(await cli('status', '--verbose')).toBe(2);
    expect(await cli('clock-in', '--json')).toBe(2);
    expect(err.pop()).toMatch(/clock-in takes no --json/);
    expect(await cli('login', '--server', 'http://s', '--email', 'va@example.com')).toBe(2);
    expect(err.pop()).toMatch(/login needs --password/);
    expect(await cli('login', '--server', 'nota url', '--email', 'e', '--password', 'p')).toBe(2);
    for (const argv of [
      ['task'],
      ['task', '12', '--clear'],
      ['task', '12', '--general', '3'],
      ['task', '1', '2'],
    ])
      expect(await cli(...argv)).toBe(2);
    expect(err.at(-2)).toMatch(/task needs one of: <id>, --general <id>, --clear/);
    expect(await cli('task', 'abc')).toBe(2);
    expect(err.pop()).toMatch(/A task id is a whole number \(got abc\)/);
    expect(await cli('tasks', '--general', '3')).toBe(2);
    expect(requests).toEqual([]);
  });
});

describe('commands', () => {
  it('signs in with the password grant of client "tracker" and keeps the tokens 0600', async () => {
    expect(
      await cli('login', '--server', 'http://vahub.test/', '--email', 'va@example.com', '--password', 'pw'),
    ).toBe(0);
    expect(requests[0].body).toEqual({
      grant_type: 'password',
      client_id: 'tracker',
      username: 'va@example.com',
      password: 'pw',
    });
    if (process.platform !== 'win32')
      expect((await stat(join(home, 'session.json'))).mode & 0o777).toBe(0o600);
    expect(out.pop()).toMatch(/Signed in as va@example.com on http:\/\/vahub.test/);
  });

  it('says why a sign-in failed, exit 1', async () => {
    routes['POST /oauth/token'] = () => [
      400,
      { error: 'invalid_grant', error_description: 'Wrong email or password' },
    ];
    expect(await cli('login', '--server', 'http://vahub.test', '--email', 'e@x.io', '--password', 'no')).toBe(
      1,
    );
    expect(err.pop()).toBe('Error: Wrong email or password');
  });

  it('commands that need a session say how to sign in, exit 1', async () => {
    expect(await cli('clock-in')).toBe(1);
    expect(err.pop()).toMatch(/Not signed in. Run: vahub-agent login/);
    expect(await cli('status', '--json')).toBe(1);
    expect(JSON.parse(out.pop() as string)).toMatchObject({ signed_in: false, recording: false });
  });

  it('clocks in to the current shift and out again', async () => {
    await cli('login', '--server', 'http://vahub.test', '--email', 'va@example.com', '--password', 'pw');
    let shift = attendance({ id: 41 });
    routes['GET /api/v1/va-access/attendance/current/user'] = () => [200, currentShift(shift)];
    routes['POST /api/v1/va-access/attendance/clock-in'] = () => {
      shift = { ...shift, status: 'ongoing' };
      return [200, shift];
    };
    routes['POST /api/v1/va-access/attendance/clock-out'] = () => [
      200,
      { ...shift, status: 'completed', worked_seconds: 3 * 3600 + 25 * 60 },
    ];
    expect(await cli('clock-in')).toBe(0);
    expect(requests.at(-1)).toMatchObject({ body: { attendance_id: 41 }, auth: 'Bearer access-1' });
    expect(out.pop()).toMatch(/Clocked in: "Support" \(attendance 41\). Start the agent to record it/);
    expect(await cli('clock-in')).toBe(0);
    expect(out.pop()).toMatch(/Already on shift/);
    expect(await cli('clock-out')).toBe(0);
    expect(out.pop()).toBe('Clocked out of "Support" (attendance 41), worked 3h 25m.');
  });

  it('status --json: shift, today worked, outbox backlog, recording, last error', async () => {
    await cli('login', '--server', 'http://vahub.test', '--email', 'va@example.com', '--password', 'pw');
    const shift = attendance({ id: 41, status: 'ongoing', worked_seconds: 1800 });
    routes['GET /api/v1/va-access/attendance/current/user'] = () => [200, currentShift(shift)];
    routes['GET /api/v1/va-access/attendances'] = () => [
      200,
      { data: [shift, attendance({ id: 40, status: 'completed', worked_seconds: 3600 })] },
    ];
    const pings = new FileOutboxStore(join(home, 'outbox'));
    await pings.append([
      {
        id: '00000000-0000-4000-8000-000000000001',
        attendanceId: 41,
        ping: {
          id: '00000000-0000-4000-8000-000000000001',
          at: new Date(NOW).toISOString(),
          keyboard: 1,
          mouse: 0,
          idle_seconds: 0,
          source: 'desktop',
        },
      },
    ]);
    await pings.close();
    // A running agent: this test process stands in for it.
    await writeFile(join(home, 'run.pid'), String(process.ppid));
    await writeRunState(join(home, 'state.json'), {
      pid: process.ppid,
      updated_at: new Date(NOW).toISOString(),
      shift: 'on_shift',
      attendance_id: 41,
      worked_seconds: 1800,
      recording: true,
      activity_problem: null,
      window_problem: null,
      can_capture: true,
      socket: 'connected',
      last_sync_at: null,
      last_capture_at: null,
      last_error: 'Cannot reach the server (ECONNREFUSED)',
    });
    expect(await cli('status', '--json')).toBe(0);
    const report = JSON.parse(out.pop() as string);
    expect(report).toMatchObject({
      signed_in: true,
      shift: 'on_shift',
      attendance_id: 41,
      today_worked_seconds: 5400,
      running: true,
      recording: true,
      backlog: { pings: 1, screens: 0 },
      last_error: 'Cannot reach the server (ECONNREFUSED)',
    });
    expect(requests.at(-1)?.url).toBe(
      '/api/v1/va-access/attendances?start_date=2026-03-02&end_date=2026-03-02&per_page=100',
    );
    expect(await cli('status')).toBe(0);
    expect(out.pop()).toMatch(/Agent: +running, RECORDING/);
  });
});

describe('task without a running agent', () => {
  it('checks the id with the server and saves the choice for the next run; status shows it; --clear drops it', async () => {
    await cli('login', '--server', 'http://vahub.test', '--email', 'va@example.com', '--password', 'pw');
    let shift = attendance({ id: 41, status: 'ongoing' });
    routes['GET /api/v1/va-access/attendance/current/user'] = () => [200, currentShift(shift)];
    routes['GET /api/v1/va-access/client-tasks/contract/1'] = () => [
      200,
      {
        data: [
          {
            id: 12,
            title: 'Fix the login',
            project: { id: 1, name: 'Website', color: '#7950f2' },
            column: { id: 1, name: 'To do' },
            priority: 'high',
            due_date: null,
            assigned_to_me: true,
            tracked_seconds: 0,
          },
        ],
      },
    ];
    routes['GET /api/v1/general-tasks'] = () => [
      200,
      {
        data: [
          { id: 3, name: 'Meetings', description: '', active: true, created_at: '2026-01-01T00:00:00Z' },
          { id: 4, name: 'Retired', description: '', active: false, created_at: '2026-01-01T00:00:00Z' },
        ],
      },
    ];
    const saved = async () => JSON.parse(await readFile(join(home, 'task.json'), 'utf8'));
    let serverTask: unknown = null;
    routes['PUT /api/v1/va-access/attendance/current-task'] = (body) => {
      serverTask = (body as { task: unknown }).task;
      return [200, body];
    };

    // On shift: the server keeps the choice for the shift (the web timer follows it at once).
    expect(await cli('task', '12')).toBe(0);
    expect(out.pop()).toBe(
      'Now tracking time on task 12 "Fix the login": your trackers name it on this shift (this agent too, once it runs).',
    );
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/v1/va-access/attendance/current-task',
      body: { attendance_id: 41, task: { kind: 'task', id: 12 } },
    });
    expect(serverTask).toEqual({ kind: 'task', id: 12 });
    expect(await saved()).toEqual({
      task: { kind: 'task', id: 12, title: 'Fix the login' },
      attendanceId: 41,
    });
    expect(await cli('status', '--json')).toBe(0);
    expect(JSON.parse(out.pop() as string)).toMatchObject({
      running: false,
      task: { kind: 'task', id: 12 },
    });

    // The server refuses it (the task left this client's projects meanwhile): said, and nothing is kept.
    routes['PUT /api/v1/va-access/attendance/current-task'] = () => [
      422,
      { message: 'This task is not one you can track time on under this contract' },
    ];
    expect(await cli('task', '12')).toBe(1);
    expect(err.pop()).toBe('Error: This task is not one you can track time on under this contract');
    await expect(readFile(join(home, 'task.json'), 'utf8')).rejects.toThrow();
    routes['PUT /api/v1/va-access/attendance/current-task'] = (body) => [200, body];
    expect(await cli('task', '12')).toBe(0);

    // Before clock-in the choice waits for the next shift; a retired general task cannot be chosen.
    shift = attendance({ id: 42 });
    expect(await cli('task', '--general', '4')).toBe(1);
    expect(err.pop()).toMatch(/General task 4 is not one of the organization's general tasks/);
    expect(await cli('task', '--general', '3')).toBe(0);
    expect(out.pop()).toMatch(/from your next clock-in/);
    expect(await saved()).toEqual({
      task: { kind: 'general', id: 3, title: 'Meetings' },
      attendanceId: null,
    });

    expect(await cli('task', '--clear')).toBe(0);
    await expect(readFile(join(home, 'task.json'), 'utf8')).rejects.toThrow();
    expect(await cli('status')).toBe(0);
    expect(out.pop()).toMatch(/Task: +none/);
  });
});
