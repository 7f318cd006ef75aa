import { isRole } from '@vahub/shared/auth/roles';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createRedis } from '../redis';
import type { Recipients } from './registry';

/** One published message on its way to the other instances: resolved recipients and the serialised message. */
export type Envelope = { origin: string; to: Recipients; payload: string };

/**
 * Carries messages to the other instances. The publishing instance delivers to its own sockets itself
 * (so a Redis outage never silences the local ones) and skips its own envelopes when they come back.
 */
export interface FanOut {
  readonly kind: 'local' | 'redis';
  /** The Redis connection for plain commands (not the subscriber), and the channel as a key prefix. */
  readonly redis: { commands: Redis; prefix: string } | null;
  /** Resolves once this instance receives what others publish (or gives up waiting, logged). */
  start(): Promise<void>;
  publish(envelope: Envelope): Promise<void>;
  close(): Promise<void>;
}

export const REALTIME_CHANNEL = 'vahub:realtime';

/** One instance: nothing to carry. */
export function createLocalFanOut(): FanOut {
  return {
    kind: 'local',
    redis: null,
    start: async () => {},
    publish: async () => {},
    close: async () => {},
  };
}

/** Redis pub/sub on one channel; the subscriber holds a connection of its own, as pub/sub requires. */
export function createRedisFanOut(opts: {
  url: string;
  /** Pub/sub channels ignore Redis database numbers: installations sharing a Redis need their own. */
  channel?: string;
  instanceId: string;
  log: FastifyBaseLogger;
  deliver: (to: Recipients, payload: string) => void;
  startTimeoutMs?: number;
}): FanOut {
  const { instanceId, log } = opts;
  const channelName = opts.channel ?? REALTIME_CHANNEL;
  const publisher = createRedis(opts.url, 'realtime-pub', log);
  const subscriber = createRedis(opts.url, 'realtime-sub', log);

  subscriber.on('message', (channel: string, raw: string) => {
    if (channel !== channelName) return;
    const envelope = parseEnvelope(raw);
    if (!envelope) {
      log.warn({ channel, length: raw.length }, 'realtime: unreadable message on the Redis channel');
      return;
    }
    if (envelope.origin === instanceId) return;
    opts.deliver(envelope.to, envelope.payload);
  });

  return {
    kind: 'redis',
    redis: { commands: publisher, prefix: channelName },
    async start() {
      // ioredis queues the command until connected and subscribes again after every reconnect; waiting is
      // bounded so an unreachable Redis delays start-up, it does not stop it.
      const timeout = opts.startTimeoutMs ?? 5000;
      const subscribed = subscriber.subscribe(channelName).then(() => true);
      const result = await Promise.race([subscribed, delay(timeout).then(() => false)]).catch((err) => {
        log.warn({ err }, 'realtime: subscribing to Redis failed');
        return false;
      });
      if (!result) log.warn({ timeout }, 'realtime: not subscribed to Redis yet; other instances not heard');
    },
    async publish(envelope) {
      try {
        await publisher.publish(channelName, JSON.stringify(envelope));
      } catch (err) {
        // Local sockets have it already; the others miss this one message, which clients recover from
        // by refetching on reconnect.
        log.warn({ err, to: envelope.to }, 'realtime: publishing to Redis failed');
      }
    },
    async close() {
      await Promise.all([quit(subscriber), quit(publisher)]);
    },
  };
}

/** QUIT waits for a reply that never comes while Redis is down: give it a moment, then drop the link. */
async function quit(redis: Redis): Promise<void> {
  await Promise.race([redis.quit().catch(() => undefined), delay(1000)]);
  redis.disconnect();
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

function parseEnvelope(raw: string): Envelope | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { origin, to, payload } = value as Record<string, unknown>;
  if (typeof origin !== 'string' || typeof payload !== 'string' || !isRecipients(to)) return null;
  return { origin, to, payload };
}

function isRecipients(to: unknown): to is Recipients {
  if (!to || typeof to !== 'object') return false;
  const r = to as Record<string, unknown>;
  const ints = (v: unknown) => Array.isArray(v) && v.every((n) => Number.isInteger(n));
  if ('userIds' in r)
    return ints(r.userIds) && (r.organizationId === null || Number.isInteger(r.organizationId));
  return (
    Number.isInteger(r.organizationId) &&
    Array.isArray(r.roles) &&
    r.roles.every((x) => typeof x === 'string' && isRole(x))
  );
}
