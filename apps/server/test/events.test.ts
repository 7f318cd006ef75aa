import { asc, eq, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { createEvents, type EventsSettings } from '../src/platform/events/events';
import { domainEvents, eventConsumers, eventFailures } from '../src/platform/events/events.table';
import type { DomainEvent, Events } from '../src/platform/events/types';
import { createTransact, type Transact } from '../src/platform/transaction';
import { deferred } from './background';
import { createHarness, type Harness } from './harness';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(() => h.reset());

const started: Events[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((events) => events.stop()));
});

/** A dispatcher of its own (the app's consumers ignore these test events); tests must not wait for its poll. */
function dispatcher(
  settings: Partial<EventsSettings> = {},
  on: { db: Harness['db']; transaction: Transact } = h.deps,
) {
  const events = createEvents({
    db: on.db,
    transaction: on.transaction,
    clock: h.clock,
    log: h.deps.log,
    settings: { enabled: true, pollIntervalMs: 3600_000, retryBaseMs: 5, ...settings },
  });
  started.push(events);
  return events;
}

const raise = (
  events: Events,
  payload: Record<string, unknown>,
  type: DomainEvent['type'] = 'contract.activated',
) => h.deps.transaction((uow) => events.raise(uow, 1, type, payload));

describe('domain events', () => {
  it('two consumers each get every event once, in commit order, and keep their own cursor', async () => {
    const events = dispatcher();
    const a: unknown[] = [];
    const b: unknown[] = [];
    events.subscribe('test.a', ['contract.activated', 'contract.paused'], async (e) => {
      a.push(e.payload.n);
    });
    events.subscribe('test.b', ['contract.activated'], async (e) => {
      b.push(e.payload.n);
    });
    await events.start();
    for (const n of [1, 2, 3]) await raise(events, { n });
    await raise(events, { n: 4 }, 'contract.paused');
    await h.deps.transaction(async (uow) => {
      await events.raise(uow, 1, 'contract.activated', { n: 5 });
      await events.raise(uow, 1, 'contract.activated', { n: 6 });
    });
    await events.drain();
    expect(a).toEqual([1, 2, 3, 4, 5, 6]);
    expect(b).toEqual([1, 2, 3, 5, 6]);
    // b skipped the paused event but its cursor moved past it all the same.
    const cursors = await h.db
      .select()
      .from(eventConsumers)
      .where(like(eventConsumers.name, 'test.%'))
      .orderBy(asc(eventConsumers.name));
    const [last] = await h.db.select().from(domainEvents).orderBy(sql`${domainEvents.id} desc`).limit(1);
    expect(cursors.map((c) => [c.name, c.lastEventId])).toEqual([
      ['test.a', last.id],
      ['test.b', last.id],
    ]);
    await events.drain();
    expect(a).toHaveLength(6);
  });

  it('a new consumer reads the whole history, events written straight to the table included', async () => {
    // As the demo seed writes them: no dispatcher is told; the new consumer finds them from the start.
    const old = (n: string) => ({ organizationId: 1, type: 'contract.activated', payload: { n } });
    await h.db.insert(domainEvents).values(old('old'));
    await h.deps.transaction(({ tx }) => tx.insert(domainEvents).values(old('old in tx')));
    const events = dispatcher();
    const seen: unknown[] = [];
    events.subscribe('test.history', ['contract.activated'], async (e) => {
      seen.push(e.payload.n);
    });
    await events.start();
    await events.drain();
    expect(seen).toEqual(['old', 'old in tx']);
  });

  it('nothing reaches a consumer before the commit, and nothing from a rollback', async () => {
    const events = dispatcher();
    const seen: unknown[] = [];
    events.subscribe('test.commit', ['contract.activated'], async (e) => {
      seen.push(e.payload.n);
    });
    await events.start();
    await h.deps.transaction(async (uow) => {
      await events.raise(uow, 1, 'contract.activated', { n: 1 });
      // On PostgreSQL the dispatcher can run beside this open transaction; PGlite has one connection, so a
      // dispatcher pass would wait for this transaction, which would wait for it.
      if (onPostgres) await events.drain();
      expect(seen).toEqual([]);
    });
    await events.drain();
    expect(seen).toEqual([1]);
    await expect(
      h.deps.transaction(async (uow) => {
        await events.raise(uow, 1, 'contract.activated', { n: 2 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await raise(events, { n: 3 });
    await events.drain();
    expect(seen).toEqual([1, 3]);
  });

  it("a handler's writes commit with the cursor: a throw after its write undoes the write and retries", async () => {
    await h.db.execute(sql`create table if not exists test_effects (event_id bigint not null)`);
    const events = dispatcher();
    let calls = 0;
    const afterCommit: number[] = [];
    events.subscribe('test.atomic', ['contract.activated'], async (e, uow) => {
      calls++;
      await uow.tx.execute(sql`insert into test_effects (event_id) values (${e.id})`);
      uow.afterCommit(() => afterCommit.push(e.id));
      if (calls === 1) throw new Error('fails after its write');
    });
    await events.start();
    await raise(events, { n: 1 });
    await events.drain();
    const effects = await h.db.execute(sql`select event_id from test_effects`);
    const [event] = await h.db.select().from(domainEvents);
    expect((effects as unknown as { rows: unknown[] }).rows).toEqual([{ event_id: expect.anything() }]);
    expect(calls).toBe(2);
    // The failed run's after-commit hook was dropped with its writes.
    expect(afterCommit).toEqual([event.id]);
    const [cursor] = await h.db.select().from(eventConsumers).where(eq(eventConsumers.name, 'test.atomic'));
    expect(cursor.lastEventId).toBe(event.id);
  });

  it('an event that keeps failing becomes a dead letter after its retries; the rest go on', async () => {
    const events = dispatcher({ maxAttempts: 3 });
    const calls: unknown[] = [];
    events.subscribe('test.dead', ['contract.activated'], async (e) => {
      calls.push(e.payload.n);
      if (e.payload.n === 2) throw new Error('cannot handle 2');
    });
    await events.start();
    for (const n of [1, 2, 3]) await raise(events, { n });
    await events.drain();
    expect(calls).toEqual([1, 2, 2, 2, 3]);
    const failures = await h.db.select().from(eventFailures);
    const [second] = await h.db.select().from(domainEvents).where(sql`${domainEvents.payload}->>'n' = '2'`);
    expect(failures).toEqual([
      expect.objectContaining({ consumer: 'test.dead', eventId: second.id, attempts: 3 }),
    ]);
    expect(failures[0].error).toContain('cannot handle 2');
  });

  it.skipIf(!onPostgres)(
    'an event committed after a later one is not skipped (out-of-order commits)',
    async () => {
      // The first drain returns with B held back by A (the transaction below, open on purpose).
      const events = dispatcher({ drainHoldMs: 200 });
      const seen: unknown[] = [];
      events.subscribe('test.order', ['contract.activated'], async (e) => {
        seen.push(e.payload.n);
      });
      await events.start();
      const aRaised = deferred();
      const aMayCommit = deferred();
      // A raises first (the smaller transaction id) but commits after B.
      const txA = h.deps.transaction(async (uow) => {
        await events.raise(uow, 1, 'contract.activated', { n: 'A' });
        aRaised.resolve();
        await aMayCommit.promise;
      });
      await aRaised.promise;
      await raise(events, { n: 'B' });
      await events.drain();
      // B is committed, but A (older) may still add an event before it: B waits.
      expect(seen).toEqual([]);
      aMayCommit.resolve();
      await txA;
      // This dispatcher's drains wait 200 ms for held-back events: on PostgreSQL a neighbouring test file's open
      // transaction (xids are cluster-wide) can hold both back longer, so drain again for as long as the default
      // hold (15 s) would have waited. A skipped A would still show: B alone.
      for (const until = Date.now() + 15_000; seen.length < 2 && Date.now() < until; ) await events.drain();
      expect(seen).toEqual(['A', 'B']);
      const rows = await h.db.select().from(domainEvents).orderBy(asc(domainEvents.id));
      expect(BigInt(rows[0].txId)).toBeLessThan(BigInt(rows[1].txId));
    },
  );

  it.skipIf(!onPostgres)(
    "a drain waits for events held back by another connection's open transaction (CI's parallel files)",
    async () => {
      const events = dispatcher({ busyDelayMs: 20 });
      const seen: unknown[] = [];
      events.subscribe('test.neighbour', ['contract.activated'], async (e) => {
        seen.push(e.payload.n);
      });
      await events.start();
      // A neighbour (another test file's database on the same cluster) holds a transaction id open: every
      // event committed after it is held back until it ends, since xids are cluster-wide.
      const neighbour = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await neighbour.connect();
      try {
        await neighbour.query('begin');
        await neighbour.query('select pg_current_xact_id()');
        await raise(events, { n: 1 });
        const ended = setTimeout(() => void neighbour.query('commit'), 300);
        await events.drain();
        clearTimeout(ended);
        expect(seen).toEqual([1]);
      } finally {
        await neighbour.end();
      }
    },
  );

  it.skipIf(!onPostgres)('a batch whose connection drops is rolled back and run again', async () => {
    const events = dispatcher({ busyDelayMs: 10 });
    const runs: unknown[] = [];
    events.subscribe('test.dropped', ['contract.activated'], async (e, uow) => {
      runs.push(e.payload.n);
      if (runs.length > 1) return;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const result = await uow.tx.execute(sql`select pg_backend_pid() as pid`);
      const [{ pid }] = (result as unknown as { rows: Array<{ pid: number }> }).rows;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
    });
    await events.start();
    await raise(events, { n: 1 });
    await events.drain();
    expect(runs).toEqual([1, 1]);
    const [cursor] = await h.db.select().from(eventConsumers).where(eq(eventConsumers.name, 'test.dropped'));
    const [event] = await h.db.select().from(domainEvents);
    expect(cursor.lastEventId).toBe(event.id);
  });

  it.skipIf(!onPostgres)('two dispatchers on one database never both handle an event', async () => {
    const url = h.deps.database.driver.kind === 'postgres' ? h.deps.database.driver.url : '';
    const second: Database = await openDatabase({ url, poolSize: 4 });
    try {
      const other = { db: second.db, transaction: createTransact(second.db, h.deps.log) };
      const handled: Array<{ by: string; id: number }> = [];
      const instances = [dispatcher(), dispatcher({}, other)];
      instances.forEach((events, i) => {
        events.subscribe('test.shared', ['contract.activated'], async (e) => {
          handled.push({ by: `instance ${i}`, id: e.id });
          await new Promise((resolve) => setImmediate(resolve));
        });
      });
      await Promise.all(instances.map((events) => events.start()));
      await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          (n % 2 ? other.transaction : h.deps.transaction)((uow) =>
            instances[n % 2].raise(uow, 1, 'contract.activated', { n }),
          ),
        ),
      );
      await Promise.all(instances.map((events) => events.drain()));
      await Promise.all(instances.map((events) => events.drain()));
      const all = await h.db
        .select()
        .from(domainEvents)
        .orderBy(asc(domainEvents.txId), asc(domainEvents.id));
      expect(handled.map((x) => x.id)).toEqual(all.map((e) => e.id));
    } finally {
      await Promise.all(started.splice(0).map((events) => events.stop()));
      await second.close();
    }
  });
});
