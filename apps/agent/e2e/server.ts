// The real server for the agent's end-to-end test: `apps/server/src/main.ts` in its own process on a temporary
// data directory (embedded PostgreSQL, local storage) and a free port, with the demo organization. It can be
// stopped and started again on the same directory and port, which is the outage the agent has to ride out.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('../../../', import.meta.url).pathname;
export const DEMO_PASSWORD = 'demo12345';

export type Json = Record<string, unknown>;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class RealServer {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'vahub-agent-e2e-'));
  private process: ChildProcess | null = null;
  /** The server's output, kept for a failure's message. */
  log = '';

  private constructor(readonly port: number) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<RealServer> {
    const server = new RealServer(await freePort());
    // The first start migrates and writes the demo (weeks of attendance): allow for a busy machine.
    await server.up(240_000);
    return server;
  }

  /** Starts the process (again) and waits for its health check. */
  async up(timeoutMs = 120_000) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        APP_URL: this.url,
        DATA_DIR: this.dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        LOGIN_DELAY_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.process = child;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${this.log}`);
      const ok = await fetch(`${this.url}/api/health`)
        .then((res) => res.ok)
        .catch(() => false);
      if (ok) return;
      if (Date.now() > deadline)
        throw new Error(`the server did not answer within ${timeoutMs} ms:\n${this.log}`);
      await sleep(250);
    }
  }

  /** Stops the process (SIGTERM: it finishes what is in flight) and waits until it has exited. */
  async down() {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }

  async stop() {
    await this.down();
    rmSync(this.dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }

  /** A JSON call; throws with the server's answer unless it is 2xx. */
  async api<T = Json>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /**
   * A web-app session (the test plays the admin, the client and the VA's own pages): a session of the `tracker`
   * client signs in VAs only and reaches only the tracker protocol. The agent under test signs in as a tracker.
   */
  async token(email: string): Promise<string> {
    const t = await this.api<{ access_token: string }>('POST', '/oauth/token', null, {
      grant_type: 'password',
      client_id: process.env.OAUTH_WEB_CLIENT_ID ?? 'web-app',
      client_secret: process.env.OAUTH_WEB_CLIENT_SECRET ?? 'web-app-secret',
      username: email,
      password: DEMO_PASSWORD,
    });
    return t.access_token;
  }

  /**
   * Gives the demo VA a shift open now (as the web timer's browser tests do): their active contracts paused,
   * a new one whose 4-hour block began 30 minutes ago (UTC) activated, and the engine's shift open for clock-in.
   */
  async shiftOpenNow(va: string, client: string, admin: string): Promise<{ vaId: number }> {
    const vaId = (await this.api<{ id: number }>('GET', '/api/v1/me', await this.token(va))).id;
    const clientId = (await this.api<{ id: number }>('GET', '/api/v1/me', await this.token(client))).id;
    const A = '/api/v1/admin-access';
    const active = await this.api<{ data: Array<{ id: number }> }>(
      'GET',
      `${A}/contracts?va_id=${vaId}&status=active&per_page=100`,
      admin,
    );
    for (const c of active.data)
      await this.api('PATCH', `${A}/contracts/${c.id}`, admin, { status: 'paused' });
    const from = new Date(Date.now() - 30 * 60_000);
    const today = new Date().toISOString().slice(0, 10);
    const day = from.toISOString().slice(0, 10);
    const contract = await this.api<{ id: number }>('POST', `${A}/contracts`, admin, {
      va_id: vaId,
      client_id: clientId,
      title: 'Desktop agent test shift',
      start_date: day < today ? day : today,
      timezone: 'UTC',
    });
    const start = from.getUTCHours() * 60 + from.getUTCMinutes();
    await this.api('POST', `${A}/schedules`, admin, {
      contract_id: contract.id,
      weekday: from.getUTCDay() === 0 ? 7 : from.getUTCDay(),
      start_minute: start,
      end_minute: (start + 240) % 1440,
    });
    await this.api('POST', `${A}/contracts/settings`, admin, {
      contract_id: contract.id,
      screenshot_privacy: 'full',
      screenshots_on_demand: true,
    });
    await this.api('POST', `${A}/contracts/${contract.id}/activate`, admin);
    // The engine builds the shift from the activation event: wait until the VA can clock in.
    const vaToken = await this.token(va);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const now = await this.api<{ can_clock_in: boolean }>(
        'GET',
        '/api/v1/va-access/attendance/current/user',
        vaToken,
      );
      if (now.can_clock_in) return { vaId };
      if (Date.now() > deadline) throw new Error('the new shift never opened for clock-in');
      await sleep(250);
    }
  }
}
