import { TRACKING } from '@vahub/shared/attendance/schemas';
import { and, eq, gte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { attendances } from './attendance.table';

/**
 * Presence as every read computes it, so a list is right even between the presence sweeps: online is an
 * ongoing attendance with a ping (or its clock-in) in the last 2 minutes; idle is online while the latest ping reported input
 * older than the contract's idle timeout (the `idle` column, kept by ping ingest).
 */
export const onlineSince = (now: Date) => new Date(now.getTime() - TRACKING.onlineWindowSeconds * 1000);

/**
 * The latest sign of life of an attendance: its latest ping, or its clock-in (also a clock-in again) when later.
 * A VA is online from the moment they clock in, before the tracker's first ping arrives.
 */
export const lastSignOfLifeSql = sql`greatest(${attendances.lastPingAt}, ${attendances.startedAt}, ${attendances.resumedAt})`;

export const isOnlineSql = (now: Date): SQL =>
  and(eq(attendances.status, 'ongoing'), gte(lastSignOfLifeSql, onlineSince(now))) as SQL;

/**
 * `boolean` expressions for a SELECT list, from the moment a sign of life must be later than (`onlineSince(now)`,
 * or a placeholder of it in a query built once).
 */
export const onlineColumnSince = (since: Date | Placeholder) =>
  sql<boolean>`(${attendances.status} = 'ongoing' and ${lastSignOfLifeSql} >= ${since})`;
export const idleColumnSince = (since: Date | Placeholder) =>
  sql<boolean>`(${attendances.status} = 'ongoing' and ${lastSignOfLifeSql} >= ${since} and ${attendances.idle})`;
export const onlineColumn = (now: Date) => onlineColumnSince(onlineSince(now));
export const idleColumn = (now: Date) => idleColumnSince(onlineSince(now));
