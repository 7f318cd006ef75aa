import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const main = new URL('../src/main.ts', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'vahub-proc-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(port: number, env: Record<string, string> = {}, entry: string[] = ['--import', 'tsx', main]) {
  const child = spawn(process.execPath, entry, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      SEED_DEMO: 'true',
      APP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

/** Up to a minute: a first start with the demo migrates and writes eight weeks of attendance. */
async function waitHealthy(port: number, server: { child: ChildProcess; output: () => string }) {
  const { child } = server;
  for (let i = 0; i < 240; i++) {
    // Its own words say why (a port taken, a migration that failed).
    if (child.exitCode !== null) throw new Error(`server exited early:\n${server.output().slice(-2000)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

/** A port nobody listens on now: the system's pick for a socket bound to port 0, released at once. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the server process', () => {
  it('refuses to start on a bad setting, naming it', async () => {
    const { exited, output } = start(0, { PORT: 'not-a-port' });
    expect(await exited).toBe(78);
    expect(output()).toContain('PORT: expects a port number');
  });

  it('names a data folder it cannot use and the problem in one line, and exits non-zero', async () => {
    // A file where the folder is expected (root writes anywhere, so a chmod would prove nothing).
    const file = `${dataDir}-a-file`;
    writeFileSync(file, 'not a folder');
    try {
      for (const dir of [file, join(file, 'inside')]) {
        const { exited, output } = start(0, { DATA_DIR: dir });
        expect(await exited).toBe(73);
        const lines = output().trim().split('\n');
        expect(lines).toEqual([
          `Cannot use the data folder ${dir}: a file is in the way where a folder is expected. Set DATA_DIR to a writable folder.`,
        ]);
      }
    } finally {
      rmSync(file, { force: true });
    }
  }, 120_000);

  it('migrates, seeds the demo on first start, shuts down cleanly on SIGTERM and starts again on the same data', async () => {
    const port = await freePort();
    const first = start(port);
    await waitHealthy(port, first);
    const login = await fetch(`http://127.0.0.1:${port}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        client_id: 'web-app',
        client_secret: 'web-app-secret',
        username: 'va@example.com',
        password: 'demo12345',
      }),
    });
    expect(login.status).toBe(200);
    expect(first.output()).toContain(`VA Hub is running at http://localhost:${port}\n`);
    expect(first.output()).toContain('Demo mode: sign in as superadmin@example.com');
    expect(first.output()).not.toContain('Finish setting up');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = start(port);
    await waitHealthy(port, second);
    const realm = (await (await fetch(`http://127.0.0.1:${port}/api/v1/realm`)).json()) as {
      demo_accounts: unknown[];
    };
    expect(realm.demo_accounts).toHaveLength(5);
    // The seed ran once: a restart finds its people and adds none.
    expect(second.output()).not.toContain('Seeded the demo organization');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 150_000);

  it('on an empty installation prints where it runs and a setup link that opens the setup', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'vahub-proc-empty-'));
    const port = await freePort();
    const server = start(port, { DATA_DIR: empty, SEED_DEMO: '' });
    try {
      await waitHealthy(port, server);
      const link = await waitFor(() => /Finish setting up: (\S+)/.exec(server.output())?.[1]);
      expect(server.output()).toContain(`VA Hub is running at http://localhost:${port}\n`);
      expect(server.output()).not.toContain('Demo mode');
      const token = new URL(link).searchParams.get('token');
      expect(new URL(link).pathname).toBe('/setup');
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/setup/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(res.status).toBe(200);
      // Request logs stay JSON for machines.
      const records = server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string });
      expect(records.some((r) => r.msg === 'request completed')).toBe(true);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(empty, { recursive: true, force: true });
    }
  }, 90_000);

  it('runs compiled (npm start): the bundle finds its migrations and serves without tsx', async () => {
    const root = new URL('../../../', import.meta.url).pathname;
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const empty = mkdtempSync(join(tmpdir(), 'vahub-proc-dist-'));
    const port = await freePort();
    const server = start(port, { DATA_DIR: empty, SEED_DEMO: '' }, [join(root, 'apps/server/dist/main.js')]);
    try {
      await waitHealthy(port, server);
      const link = await waitFor(() => /Finish setting up: (\S+)/.exec(server.output())?.[1]);
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/setup/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
      });
      // The answer reads the home organization: the migrations ran from the bundle.
      expect(await res.json()).toEqual({ organization_name: 'VA Hub' });
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      rmSync(empty, { recursive: true, force: true });
    }
  }, 90_000);

  it('stops on SIGTERM when the reader of its logs is gone (closed pipe, EPIPE)', async () => {
    const port = await freePort();
    const server = start(port, { LOG_LEVEL: 'debug' });
    await waitHealthy(port, server);
    // The parent that read the logs died: the pipe's read ends close, every later write fails with EPIPE.
    server.child.stdout?.destroy();
    server.child.stderr?.destroy();
    // Requests log lines into the closed pipe, then shutdown logs its own.
    for (let i = 0; i < 5; i++) expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);
});

async function waitFor<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 120; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('never came');
}
