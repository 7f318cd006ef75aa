import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { AfterCommit, Transact, Tx, UnitOfWork } from '../transaction';
import {
  advanceCursor,
  type Cursor,
  lockCursor,
  readBatch,
  recordFailure,
  type StoredEvent,
} from './event-store';
import type { DomainEvent, DomainEventType, EventHandler } from './types';

export type DispatchSettings = {
  /** Events read and handled in one transaction. */
  batchSize: number;
  /** Runs of a failing handler on one event before it becomes a dead letter. */
  maxAttempts: number;
  /** Wait before the second run; doubles each time, at most a minute. */
  retryBaseMs: number;
  /** Wait before trying again when another instance holds the consumer, or the database failed. */
  busyDelayMs: number;
  /** How long a drain waits for events held back by another open transaction before it resolves anyway. */
  drainHoldMs: number;
};

/**
 * `caught-up` with `recheckMs`: what is visible is handled, but later events wait for an older transaction
 * still open (see `readBatch`); look again soon, since that transaction's commit may wake nobody here.
 */
type Outcome =
  | { kind: 'more' }
  | { kind: 'caught-up'; recheckMs?: number }
  | { kind: 'later'; delayMs: number };
type Handled = { kind: 'ok' } | { kind: 'dead' } | { kind: 'retry'; delayMs: number };

export type ConsumerSpec = { name: string; types: ReadonlySet<DomainEventType>; handler: EventHandler };

/**
 * Runs one consumer: one batch per transaction, locked so that only one instance handles the consumer at a
 * time, handlers' writes committed together with the cursor (so each event's database effects happen once).
 */
export class ConsumerRunner {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  /** No pass before this instant: a failed event waits for its backoff, keeping the consumer in order. */
  private notBefore = 0;
  private passes = 0;
  private waiters: Array<{ after: number; until: number; resolve: () => void }> = [];
  /** Passes that failed in a row (the database is away): the next try waits longer each time. */
  private failedPasses = 0;
  /** Failed runs per event id; in memory, so a restart gives an event a fresh set of attempts. */
  private readonly attempts = new Map<number, number>();

  constructor(
    readonly spec: ConsumerSpec,
    private readonly deps: {
      transaction: Transact;
      clock: Clock;
      log: FastifyBaseLogger;
      settings: DispatchSettings;
    },
  ) {}

  /** Runs a pass soon; a pass already running runs once more after it. */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (Date.now() < this.notBefore) return;
    this.clearTimer();
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  /**
   * Resolves after a pass that started after this call found nothing more to do. Events held back by an older
   * transaction still open (another connection's, anywhere in the cluster: xids are cluster-wide) are waited
   * for, up to `drainHoldMs`: on PostgreSQL a neighbour's transaction would otherwise make a drain return
   * before the events it was called for were handled.
   */
  drain(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const done = new Promise<void>((resolve) =>
      this.waiters.push({ after: this.passes, until: Date.now() + this.deps.settings.drainHoldMs, resolve }),
    );
    this.kick();
    return done;
  }

  async stop(timeoutMs: number) {
    this.stopped = true;
    this.clearTimer();
    if (this.running) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([this.running, timeout]);
      clearTimeout(timer);
    }
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
  }

  private async loop() {
    while (!this.stopped) {
      this.again = false;
      const pass = ++this.passes;
      const outcome = await this.pass();
      if (outcome.kind === 'more') continue;
      if (outcome.kind === 'later') {
        this.later(outcome.delayMs);
        return;
      }
      this.settle(pass, outcome.recheckMs !== undefined);
      if (this.again) continue;
      if (outcome.recheckMs) this.recheck(outcome.recheckMs);
      return;
    }
  }

  private settle(pass: number, heldBack: boolean) {
    const now = Date.now();
    const [done, waiting] = partition(this.waiters, (w) => w.after < pass && (!heldBack || now >= w.until));
    this.waiters = waiting;
    for (const waiter of done) waiter.resolve();
  }

  private later(delayMs: number) {
    this.notBefore = Date.now() + delayMs;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.notBefore = 0;
      this.kick();
    }, delayMs);
    this.timer.unref();
  }

  /** A look later that, unlike a retry's backoff, does not hold back passes woken before it. */
  private recheck(delayMs: number) {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, delayMs);
    this.timer.unref();
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async pass(): Promise<Outcome> {
    const { settings, log } = this.deps;
    try {
      const outcome = await this.deps.transaction(async (uow): Promise<Outcome> => {
        const start = await lockCursor(uow.tx, this.spec.name);
        if (!start) return { kind: 'later', delayMs: settings.busyDelayMs };
        const events = await readBatch(uow.tx, start, settings.batchSize);
        let cursor: Cursor = start;
        for (const event of events) {
          if (!event.settled) {
            await this.advance(uow.tx, start, cursor);
            return { kind: 'caught-up', recheckMs: settings.busyDelayMs };
          }
          if (this.spec.types.has(event.type as DomainEventType)) {
            const handled = await this.handle(event, uow);
            if (handled.kind === 'retry') {
              // Keep what succeeded before it; this event and the rest wait for its retry, in order.
              await this.advance(uow.tx, start, cursor);
              return { kind: 'later', delayMs: handled.delayMs };
            }
          }
          cursor = { txId: event.txId, eventId: event.id };
        }
        await this.advance(uow.tx, start, cursor);
        return events.length === settings.batchSize ? { kind: 'more' } : { kind: 'caught-up' };
      });
      this.failedPasses = 0;
      return outcome;
    } catch (err) {
      this.failedPasses++;
      const delayMs = Math.min(30_000, settings.busyDelayMs * 2 ** (this.failedPasses - 1));
      log.error(
        { err, consumer: this.spec.name, retry_in_ms: delayMs },
        'event dispatch failed; trying again',
      );
      return { kind: 'later', delayMs };
    }
  }

  private async advance(tx: Tx, from: Cursor, to: Cursor) {
    if (from.txId === to.txId && from.eventId === to.eventId) return;
    await advanceCursor(tx, this.spec.name, to, this.deps.clock.now());
  }

  /** Runs the handler in a savepoint: a throw undoes its writes and drops its after-commit hooks. */
  private async handle(event: StoredEvent, uow: UnitOfWork): Promise<Handled> {
    const { log, settings, clock } = this.deps;
    const hooks: AfterCommit[] = [];
    try {
      await uow.tx.transaction(async (savepoint) => {
        const inner: UnitOfWork = { tx: savepoint as unknown as Tx, afterCommit: (hook) => hooks.push(hook) };
        await this.spec.handler(toDomainEvent(event), inner);
      });
    } catch (err) {
      const attempt = (this.attempts.get(event.id) ?? 0) + 1;
      const context = { err, consumer: this.spec.name, event_id: event.id, type: event.type, attempt };
      if (attempt < settings.maxAttempts) {
        this.attempts.set(event.id, attempt);
        log.warn(context, 'event handler failed; it will be retried');
        return { kind: 'retry', delayMs: Math.min(60_000, settings.retryBaseMs * 2 ** (attempt - 1)) };
      }
      this.attempts.delete(event.id);
      await recordFailure(uow.tx, {
        consumer: this.spec.name,
        eventId: event.id,
        error: describe(err),
        attempts: attempt,
        failedAt: clock.now(),
      });
      log.error(context, 'event handler failed for good; recorded in event_failures');
      return { kind: 'dead' };
    }
    this.attempts.delete(event.id);
    for (const hook of hooks) uow.afterCommit(hook);
    return { kind: 'ok' };
  }
}

function toDomainEvent(row: StoredEvent): DomainEvent {
  return {
    id: row.id,
    organizationId: row.organizationId,
    type: row.type as DomainEventType,
    payload: row.payload,
    createdAt: row.createdAt,
  };
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.stack ?? err.message;
  return String(err);
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}
