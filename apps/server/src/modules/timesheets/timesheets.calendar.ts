import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** `date` moved by `days` (dates are plain calendar days: UTC arithmetic is exact). */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The Monday of the week `date` lies in. */
export const mondayOf = (date: string) =>
  addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

/**
 * The organization's zone (its "today" decides whether a week has started, and when a week's reminder is due).
 * The organizations module exports no reader of it, so this reads the column by name, in this one place.
 */
export async function organizationZone(db: Db, organizationId: number): Promise<string> {
  const result = await db.execute<{ timezone: string }>(
    sql`select timezone from organizations where id = ${organizationId}`,
  );
  return (result as unknown as { rows: Array<{ timezone: string }> }).rows[0]?.timezone ?? 'UTC';
}
