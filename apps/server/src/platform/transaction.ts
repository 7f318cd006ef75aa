import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

declare const inTransaction: unique symbol;

/**
 * A database handle inside a transaction. Only `transaction()` makes one, so a function whose writes must
 * be atomic with its caller's says so by taking a `Tx` (or a `UnitOfWork`), and cannot be handed the pool.
 */
export type Tx = Db & { readonly [inTransaction]: true };

export type AfterCommit = () => unknown;

/** One transaction, and what must happen only once it has committed. */
export interface UnitOfWork {
  readonly tx: Tx;
  /**
   * Runs `hook` after the transaction commits (never when it rolls back), in the order registered.
   * For what lives outside the database: realtime messages, waking a dispatcher. A failing hook is logged;
   * it cannot undo the commit.
   */
  afterCommit(hook: AfterCommit): void;
}

export type Transact = <T>(work: (uow: UnitOfWork) => Promise<T>) => Promise<T>;

/** The one way to open a transaction in the server. */
export function createTransact(db: Db, log: Pick<FastifyBaseLogger, 'error'>): Transact {
  return async (work) => {
    const hooks: AfterCommit[] = [];
    const result = await db.transaction(async (tx) =>
      work({ tx: tx as unknown as Tx, afterCommit: (hook) => hooks.push(hook) }),
    );
    for (const hook of hooks) {
      try {
        await hook();
      } catch (err) {
        log.error({ err }, 'an after-commit hook failed');
      }
    }
    return result;
  };
}
