import type { UnitOfWork } from '../transaction';

export type JobOptions = {
  /** At most one queued or active job with this key per queue (pg-boss singleton). */
  singletonKey?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  startAfter?: Date;
  expireInSeconds?: number;
};

export type Job<T> = { id: string; name: string; data: T; retryCount: number };

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/**
 * Durable jobs and cron schedules in the database. `send` with a unit of work enqueues inside that
 * transaction, so a job exists exactly when the change that asked for it commits.
 */
export interface Jobs {
  send<T extends object>(
    uow: UnitOfWork | null,
    queue: string,
    data: T,
    options?: JobOptions,
  ): Promise<string | null>;
  /** Registers the worker of a queue (modules call this while the app is built, before `start`). */
  work<T extends object>(queue: string, handler: JobHandler<T>, options?: JobOptions): void;
  /** A cron schedule that runs once per tick across every instance. */
  schedule(queue: string, cron: string, data?: object, options?: { tz?: string }): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
