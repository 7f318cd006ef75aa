import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Transact } from '../transaction';
import { ConsumerRunner, type DispatchSettings } from './consumer-runner';
import { ensureCursor } from './event-store';
import { domainEvents } from './events.table';
import type { DomainEventType, Events } from './types';

export type EventsSettings = Partial<DispatchSettings> & {
  /** JOBS_ENABLED: instances without background work raise events but do not dispatch them. */
  enabled: boolean;
  /** Looks for events raised by other instances (or written straight to the table, as the demo seed does, which wakes nobody). */
  pollIntervalMs: number;
  /** How long `stop` waits for a batch in progress. */
  stopTimeoutMs?: number;
};

/**
 * Domain events in a transactional outbox (`domain_events`), dispatched to consumers in order, at least once.
 * A handler's database writes commit with its consumer's cursor, so for the database each event counts once;
 * effects outside it (mail, realtime) go through `uow.afterCommit` and may repeat after a crash.
 */
export function createEvents(deps: {
  db: Db;
  transaction: Transact;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: EventsSettings;
}): Events {
  const { db, log, settings } = deps;
  const dispatch: DispatchSettings = {
    batchSize: settings.batchSize ?? 100,
    maxAttempts: settings.maxAttempts ?? 5,
    retryBaseMs: settings.retryBaseMs ?? 1000,
    busyDelayMs: settings.busyDelayMs ?? 250,
    drainHoldMs: settings.drainHoldMs ?? 15_000,
  };
  const runners = new Map<string, ConsumerRunner>();
  let state: 'new' | 'started' | 'stopped' = 'new';
  let poll: NodeJS.Timeout | null = null;

  const wake = (type?: DomainEventType) => {
    if (state !== 'started') return;
    for (const runner of runners.values()) if (!type || runner.spec.types.has(type)) runner.kick();
  };

  const begin = async (runner: ConsumerRunner) => {
    await ensureCursor(db, runner.spec.name);
    runner.kick();
  };

  return {
    async raise(uow, organizationId, type, payload) {
      await uow.tx.insert(domainEvents).values({ organizationId, type, payload });
      uow.afterCommit(() => wake(type));
    },

    subscribe(consumer, types, handler) {
      if (runners.has(consumer)) throw new Error(`event consumer ${consumer} is already subscribed`);
      const runner = new ConsumerRunner(
        { name: consumer, types: new Set(types), handler },
        { transaction: deps.transaction, clock: deps.clock, log, settings: dispatch },
      );
      runners.set(consumer, runner);
      if (state === 'started' && settings.enabled) {
        begin(runner).catch((err) => log.error({ err, consumer }, 'starting an event consumer failed'));
      }
    },

    async drain() {
      if (state !== 'started' || !settings.enabled) return;
      await Promise.all([...runners.values()].map((runner) => runner.drain()));
    },

    async start() {
      if (state !== 'new') return;
      state = 'started';
      if (!settings.enabled) return;
      for (const runner of runners.values()) await begin(runner);
      poll = setInterval(() => wake(), settings.pollIntervalMs);
      poll.unref();
    },

    async stop() {
      if (state !== 'started') return;
      state = 'stopped';
      if (poll) clearInterval(poll);
      const timeoutMs = settings.stopTimeoutMs ?? 8000;
      await Promise.all([...runners.values()].map((runner) => runner.stop(timeoutMs)));
    },
  };
}
