import type { UnitOfWork } from '../transaction';

/** Per job; what is not given comes from the queue's options, then pg-boss's defaults. */
export type JobOptions = {
  /**
   * Deduplication key. What it guarantees depends on the queue's `policy`: `short` keeps at most one queued
   * job per key, `singleton` at most one active, `stately` one of each. A send that would break the rule
   * answers null instead of an id. On a `standard` queue the key is only recorded.
   */
  singletonKey?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Doubles the delay after each failure (with jitter). */
  retryBackoff?: boolean;
  startAfter?: Date;
  /** A job still active after this long is failed (and retried): its worker is presumed dead. */
  expireInSeconds?: number;
};

export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

/** A queue's own settings, applied when the queue is created or its worker is registered. */
export type QueueOptions = Omit<JobOptions, 'singletonKey' | 'startAfter'> & { policy?: QueuePolicy };

/** `retryCount` counts the earlier failed runs; the run with `retryCount === retryLimit` is the last. */
export type Job<T> = { id: string; name: string; data: T; retryCount: number; retryLimit: number };

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/**
 * Durable jobs and cron schedules in the database. `send` with a unit of work enqueues inside that
 * transaction, so a job exists exactly when the change that asked for it commits. Jobs run at least once:
 * a handler that throws is retried, and a worker that dies mid-job has its job expire and run again.
 */
export interface Jobs {
  send<T extends object>(
    uow: UnitOfWork | null,
    queue: string,
    data: T,
    options?: JobOptions,
  ): Promise<string | null>;
  /**
   * Declares a queue and its worker (modules call this while the app is built). Every instance creates the
   * queue; only instances with JOBS_ENABLED run the worker.
   */
  work<T extends object>(queue: string, handler: JobHandler<T>, options?: QueueOptions): void;
  /** A cron schedule (UTC unless `tz`) that runs once per tick across every instance. */
  schedule(queue: string, cron: string, data?: object, options?: { tz?: string }): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
