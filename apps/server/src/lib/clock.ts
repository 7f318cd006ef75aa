import { type SQL, sql } from 'drizzle-orm';

/** Injected time source so rules and tests agree on "now". */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/**
 * The machine's time moved by `offsetMs` (negative: behind). `CLOCK_OFFSET_MS` gives the server one, so a
 * browser test or a demo runs at an hour it chooses: the end-to-end suite sets a Wednesday morning in Chicago.
 */
export function offsetClock(offsetMs: number): Clock {
  return offsetMs === 0 ? systemClock : { now: () => new Date(Date.now() + offsetMs) };
}

let rowClock: Clock | null = null;

/**
 * The time the tables' `created_at`-style columns get when a row gives none. By default the database's own
 * (`now()`, as the column's SQL default says); the server's entry point sets its clock here when it runs apart
 * from the machine's, so what it stamps agrees with what it reasons about. Process-wide, like the database.
 */
export function setRowClock(clock: Clock | null): void {
  rowClock = clock === systemClock ? null : clock;
}

/** For `.$defaultFn(rowNow)` beside `.defaultNow()`; the migration keeps the SQL default. */
export const rowNow = (): Date | SQL => (rowClock ? rowClock.now() : sql`now()`);

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
