import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from './users.table';

/** How a person reads times: their profile's zone and clock (12 or 24 hours; unset: their language's habit). */
export type PersonClock = { timezone: string; hour12: boolean };

/** Whether a `time_format` (or, unset, a language) reads a 12-hour clock; the web's `usesHour12`. */
export function hour12Of(format: '12h' | '24h' | null, locale: string | null): boolean {
  if (format) return format === '12h';
  try {
    const cycle = new Intl.DateTimeFormat(locale || 'en', { hour: 'numeric' }).resolvedOptions().hourCycle;
    return cycle === 'h12' || cycle === 'h11';
  } catch {
    return true;
  }
}

/** The clock of user `id` (messages worded for them); UTC and 12 hours for a user not found. */
export async function clockOf(db: Db, id: number): Promise<PersonClock> {
  const [row] = await db
    .select({ timezone: users.timezone, timeFormat: users.timeFormat, locale: users.locale })
    .from(users)
    .where(eq(users.id, id));
  return {
    timezone: row?.timezone || 'UTC',
    hour12: hour12Of(row?.timeFormat ?? null, row?.locale ?? null),
  };
}
