// The processes and sockets of the scale bench (bench/scale.ts): the server instances it starts and stops, their CPU
// and memory read from /proc, and the realtime sockets it opens, with what they receive.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { WS_PATH } from '@vahub/shared/realtime/messages';
import WebSocket from 'ws';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

export type Instance = { name: string; port: number; child: ChildProcess; agent: http.Agent };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  connections: number,
): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${HERE}scale-server.ts`], {
    cwd: `${HERE}..`,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() - started > 90_000) throw new Error(`${name} did not answer /api/health in 90 s`);
    await sleep(250);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return { name, port, child, agent };
}

export async function stopInstance(instance: Instance) {
  instance.agent.destroy();
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
}

/** CPU seconds (user + system) of a process, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** Resident memory now and at its peak, in MB, from /proc/<pid>/status. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** What the sockets received: deliveries, and their count by message type (`ready` and `pong` are not ones). */
export const socketTally = { deliveries: 0, received: new Map<string, number>() };

export function openSocket(port: number, token: string, kind: 'desktop' | 'web'): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`);
    const timer = setTimeout(() => reject(new Error('socket: no ready in 30 s')), 30_000);
    ws.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token, client: { kind, capture: false } })));
    ws.on('message', (data) => {
      const type = (JSON.parse(data.toString()) as { type: string }).type;
      if (type === 'ready') {
        clearTimeout(timer);
        resolve(ws);
        return;
      }
      if (type === 'pong') return;
      socketTally.deliveries++;
      socketTally.received.set(type, (socketTally.received.get(type) ?? 0) + 1);
    });
  });
}

/** Opens sockets `concurrency` at a time (as trackers reconnect after a deploy, not all in one tick). */
export async function openAll<T>(items: T[], open: (item: T) => Promise<void>, concurrency = 50) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await open(items[next++]);
    }),
  );
}
