import { and, asc, eq, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import { attendanceLogs, attendances } from '../src/modules/attendance/attendance.table';
import { rebuildContractWindow } from '../src/modules/attendance/engine/window';
import { addBlocks, as, type Caller, makeContract, seedPeople } from './contracts-fixtures';
import type { Harness } from './harness';

export type ShiftRow = typeof attendances.$inferSelect;

/** The engine tests' world: the contracts tests' people, and the admin calling the admin area. */
export async function seedEngineWorld(h: Harness) {
  const p = await seedPeople(h);
  return { p, admin: await as(h, 'admin@home.test', 'admin') };
}

/** A contract made, scheduled and activated through the API; the engine's consumer has run when it returns. */
export async function activeContract(
  h: Harness,
  admin: Caller,
  fields: {
    va: number;
    client: number;
    timezone?: string;
    start_date?: string;
    end_date?: string;
    blocks: Array<[number[], string, string]>;
  },
): Promise<number> {
  const id = await makeContract(admin, {
    va_id: fields.va,
    client_id: fields.client,
    ...(fields.timezone ? { timezone: fields.timezone } : {}),
    ...(fields.start_date ? { start_date: fields.start_date } : {}),
    ...(fields.end_date ? { end_date: fields.end_date } : {}),
  });
  for (const [days, start, end] of fields.blocks) await addBlocks(admin, id, days, start, end);
  const res = await admin.post(`contracts/${id}/activate`);
  expect(res.statusCode, res.body).toBe(200);
  await h.deps.events.drain();
  return id;
}

/** Every shift of a contract, in start order. */
export const shiftsOf = (h: Harness, contractId: number): Promise<ShiftRow[]> =>
  h.db
    .select()
    .from(attendances)
    .where(eq(attendances.contractId, contractId))
    .orderBy(asc(attendances.scheduledStartAt));

/** The shifts of a contract that start after the test clock's now. */
export const futureShiftsOf = (h: Harness, contractId: number): Promise<ShiftRow[]> =>
  h.db
    .select()
    .from(attendances)
    .where(and(eq(attendances.contractId, contractId), gt(attendances.scheduledStartAt, h.clock.now())))
    .orderBy(asc(attendances.scheduledStartAt));

export const logsOf = (h: Harness, attendanceId: number) =>
  h.db.select().from(attendanceLogs).where(eq(attendanceLogs.attendanceId, attendanceId));

/** Rebuilds one contract's window at the test clock's now, as the consumer and reset-upcoming do. */
export const rebuild = (h: Harness, contractId: number) =>
  h.deps.transaction((uow) => rebuildContractWindow(h.deps, uow, contractId, h.clock.now()));

export const startsOf = (rows: ShiftRow[]) => rows.map((r) => r.scheduledStartAt.toISOString());

/** A row changed straight in the table (clock-in and ping ingest are another part's work). */
export const setShift = (h: Harness, id: number, fields: Partial<typeof attendances.$inferInsert>) =>
  h.db.update(attendances).set(fields).where(eq(attendances.id, id));
