// Realtime fan-out for `npm run bench`: messages delivered per second to N sockets, through one instance and
// through two instances over Redis (when REDIS_URL is set), each as a ratio of a bare `ws` broadcast to the
// same N sockets measured in the same run. Bounded: N x M deliveries on 127.0.0.1, then everything closes.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ServerMessage } from '@vahub/shared/realtime/messages';
import WebSocket, { WebSocketServer } from 'ws';
import { type BuildOptions, buildApp } from '../src/app';
import type { App } from '../src/lib/types';
import type { RealtimeService } from '../src/platform/realtime/realtime.service';
import type { Audience } from '../src/platform/realtime/types';

const SOCKETS = Number(process.env.BENCH_WS_SOCKETS ?? 200);
const MESSAGES = Number(process.env.BENCH_WS_MESSAGES ?? 200);

type Row = { name: string; perDelivery: number; deliveries: number };

const message = (i: number): ServerMessage => ({
  type: 'attendance.changed',
  data: { attendance_id: i, va_id: 2, status: 'ongoing' },
});

type Clients = Awaited<ReturnType<typeof clients>>;

/** N clients that count what they receive; `until(total)` resolves once that many arrived. */
async function clients(url: string, auth?: string) {
  let received = 0;
  let target = Number.POSITIVE_INFINITY;
  let done: () => void = () => {};
  const sockets: WebSocket[] = [];
  await Promise.all(
    Array.from({ length: SOCKETS }, async () => {
      const ws = new WebSocket(url);
      sockets.push(ws);
      await new Promise<void>((resolve, reject) => {
        ws.once('error', reject);
        ws.once('open', () => {
          if (!auth) return resolve();
          ws.send(JSON.stringify({ type: 'auth', token: auth, client: { kind: 'web', capture: false } }));
          ws.once('message', () => resolve()); // ready
        });
      });
      ws.on('message', (data) => {
        JSON.parse(data.toString()); // a client parses what it gets: part of the cost in both cases
        if (++received >= target) done();
      });
    }),
  );
  return {
    until(count: number) {
      received = 0;
      target = count;
      return new Promise<void>((resolve) => {
        done = resolve;
      });
    },
    close: () => {
      for (const ws of sockets) ws.terminate();
    },
  };
}

/** A warm-up tenth, then `MESSAGES` to every socket: milliseconds until the last delivery arrived. */
async function measured(c: Clients, send: (count: number) => Promise<void>): Promise<number> {
  const warm = Math.max(1, Math.round(MESSAGES / 10));
  const warmed = c.until(SOCKETS * warm);
  await send(warm);
  await warmed;
  const start = process.hrtime.bigint();
  const all = c.until(SOCKETS * MESSAGES);
  await send(MESSAGES);
  await all;
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Baseline: a bare ws server sending each message to every socket, no auth, no routing. */
async function bareBroadcast(): Promise<Row> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const { port } = wss.address() as AddressInfo;
  const c = await clients(`ws://127.0.0.1:${port}`);
  const ms = await measured(c, async (count) => {
    for (let i = 0; i < count; i++) {
      const payload = JSON.stringify(message(i));
      for (const ws of wss.clients) ws.send(payload);
    }
  });
  c.close();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  return {
    name: 'baseline: bare ws broadcast',
    perDelivery: ms / (SOCKETS * MESSAGES),
    deliveries: SOCKETS * MESSAGES,
  };
}

async function fanOut(name: string, publisher: App, socketsOn: App, token: string, audience: Audience) {
  const { port } = socketsOn.server.address() as AddressInfo;
  const c = await clients(`ws://127.0.0.1:${port}/api/v1/ws`, token);
  const realtime = publisher.deps.realtime as RealtimeService;
  const ms = await measured(c, async (count) => {
    for (let i = 0; i < count; i++) await realtime.publish(message(i), audience);
  });
  c.close();
  return { name, perDelivery: ms / (SOCKETS * MESSAGES), deliveries: SOCKETS * MESSAGES };
}

/**
 * `app` is the bench's single instance (in-memory PGlite); `token` an admin's. With REDIS_URL, two more
 * instances share that database and a fresh Redis channel: sockets on B, publishing on A.
 */
export async function benchRealtime(
  app: App,
  build: Omit<BuildOptions, 'realtime'>,
  token: string,
  vaId: number,
): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const rows: Row[] = [await bareBroadcast()];
  const toAdmins: Audience = { organizationId: 1, roles: ['admin'] };
  rows.push(await fanOut('one instance, roles audience', app, app, token, toAdmins));
  rows.push(
    await fanOut('one instance, aboutVa (one SQL query a message)', app, app, token, {
      organizationId: 1,
      aboutVa: vaId,
    }),
  );
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) {
    const channel = `vahub:realtime:bench:${randomBytes(4).toString('hex')}`;
    // Both share the bench's database; only the first app closes it.
    const shared = { ...build.database, close: async () => {} };
    const instances: App[] = [];
    for (let i = 0; i < 2; i++) {
      const instance = await buildApp({
        ...build,
        database: shared,
        config: { ...build.config, REDIS_URL: redisUrl },
        realtime: { redisChannel: channel },
      });
      await instance.listen({ port: 0, host: '127.0.0.1' });
      instances.push(instance);
    }
    const [a, b] = instances;
    rows.push(await fanOut('two instances over Redis, roles audience', a, b, token, toAdmins));
    for (const instance of instances) await instance.close();
  }
  const base = rows[0].perDelivery;
  console.log(`\nRealtime fan-out: ${SOCKETS} sockets x ${MESSAGES} messages, on 127.0.0.1\n`);
  console.log(`${'case'.padEnd(58)} ${'deliveries/s'.padStart(13)} ${'x baseline'.padStart(11)}`);
  for (const r of rows) {
    const perSecond = Math.round(1000 / r.perDelivery);
    console.log(
      `${r.name.padEnd(58)} ${String(perSecond).padStart(13)} ${(r.perDelivery / base).toFixed(2).padStart(11)}`,
    );
  }
  if (!redisUrl)
    console.log('(two instances: set REDIS_URL=redis://127.0.0.1:6379 to measure the Redis hop)');
}
