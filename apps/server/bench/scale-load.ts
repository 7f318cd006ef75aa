// The load the scale part drives (`scale.ts`): trackers' pings over HTTP to the instances, open loop at a rate or
// closed loop to warm up, with each answer's latency, and a backlog past which the phase stops sending.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type WebSocket from 'ws';
import { type Instance, sleep } from './scale-processes';

/** HTTP connections the driver keeps open to each instance (a load balancer's pool). */
export const CONNECTIONS = 64;
export type Tracker = {
  vaId: number;
  attendanceId: number;
  token: string;
  socket?: WebSocket;
  pings: number;
};

export type Sample = {
  latencies: number[];
  errors: number;
  sent: number;
  /** Set when the answers fell so far behind that the rest of the pings were not sent. */
  saturated?: boolean;
  firstError?: string;
};

/** Pings sent and not yet answered, over every instance. */
let outstanding = 0;
/** More unanswered pings than this: the servers do not keep up; the phase stops sending. */
const BACKLOG = 4 * CONNECTIONS * 2;

/** One tracker's ping: a batch of one, stamped now, with the activity of a minute. */
export function ping(instance: Instance, tracker: Tracker, sample: Sample): void {
  const n = tracker.pings++;
  // One tracker in ten swings between idle (no input for 15 minutes) and active every minute.
  const swings = tracker.vaId % 10 === 0;
  const body = JSON.stringify({
    attendance_id: tracker.attendanceId,
    pings: [
      {
        id: randomUUID(),
        at: new Date().toISOString(),
        keyboard: swings && n % 2 === 1 ? 0 : 40 + (n % 30),
        mouse: swings && n % 2 === 1 ? 0 : 100 + (n % 50),
        idle_seconds: swings && n % 2 === 1 ? 900 : 2 + (n % 20),
        active_window: { app: 'Google Chrome', title: 'Inbox (42) - Gmail' },
        source: 'desktop',
      },
    ],
  });
  const started = performance.now();
  sample.sent++;
  outstanding++;
  let settled = false;
  const settle = (error?: string) => {
    if (settled) return;
    settled = true;
    outstanding--;
    if (error === undefined) sample.latencies.push(performance.now() - started);
    else {
      sample.errors++;
      sample.firstError ??= error;
    }
  };
  const req = http.request(
    {
      host: '127.0.0.1',
      port: instance.port,
      method: 'POST',
      path: '/api/v1/va-access/attendance/pings',
      agent: instance.agent,
      headers: {
        authorization: `Bearer ${tracker.token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    },
    (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        settle(
          res.statusCode === 200
            ? undefined
            : `${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`,
        ),
      );
    },
  );
  req.on('error', (err) => settle(err.message));
  req.end(body);
}

/** Waits until every ping sent has its answer (at most `ms`). */
export async function drained(ms = 60_000): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (outstanding > 0 && performance.now() < deadline) await sleep(20);
  return outstanding === 0;
}

/**
 * Sends `count` pings spread evenly over `ms` (open loop: each at its time, whatever the answers before it),
 * `route` choosing each one's tracker and instance, then waits for the answers. Past `BACKLOG` unanswered pings
 * it stops sending (the servers are saturated: a longer queue would only measure the queue).
 */
export async function drive(
  count: number,
  ms: number,
  route: (i: number) => [Instance, Tracker],
  sample: Sample,
): Promise<void> {
  const start = performance.now();
  let sent = 0;
  while (sent < count) {
    const due = Math.min(count, Math.floor(((performance.now() - start) / ms) * count) + 1);
    while (sent < due) {
      const [instance, tracker] = route(sent);
      ping(instance, tracker, sample);
      sent++;
    }
    if (outstanding > BACKLOG) {
      sample.saturated = true;
      break;
    }
    await sleep(2);
  }
  await drained();
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

/** Every tracker pings its instance once, 32 at a time (closed loop: as fast as the instance answers), unmeasured. */
export async function warmEvery(trackers: Tracker[], instanceOf: (t: Tracker) => Instance) {
  for (let i = 0; i < trackers.length; i += 32) {
    const sample: Sample = { latencies: [], errors: 0, sent: 0 };
    for (const t of trackers.slice(i, i + 32)) ping(instanceOf(t), t, sample);
    await drained();
  }
}
