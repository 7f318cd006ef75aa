import { TRACKING } from '@vahub/shared/attendance/schemas';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import { attendances } from './attendance.table';

/**
 * Presence as every read computes it, so a list is right even between the presence sweeps: online is an
 * ongoing attendance with a ping in the last 2 minutes; idle is online while the latest ping reported input
 * older than the contract's idle timeout (the `idle` column, kept by ping ingest).
 */
export const onlineSince = (now: Date) => new Date(now.getTime() - TRACKING.onlineWindowSeconds * 1000);

export const isOnlineSql = (now: Date): SQL =>
  and(eq(attendances.status, 'ongoing'), gte(attendances.lastPingAt, onlineSince(now))) as SQL;

/** `boolean` expressions for a SELECT list. */
export const onlineColumn = (now: Date) =>
  sql<boolean>`(${attendances.status} = 'ongoing' and ${attendances.lastPingAt} >= ${onlineSince(now)})`;
export const idleColumn = (now: Date) =>
  sql<boolean>`(${attendances.status} = 'ongoing' and ${attendances.lastPingAt} >= ${onlineSince(now)} and ${attendances.idle})`;
