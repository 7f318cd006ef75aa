import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userRequests } from './requests.table';

/**
 * A VA's approved requests touching a local date (leave of any kind, overtime), for the ai module's evidence
 * pack: approved leave is said plainly and never scored.
 */
export async function approvedRequestsOn(db: Db, organizationId: number, vaId: number, date: string) {
  const rows = await db
    .select({
      id: userRequests.id,
      type: userRequests.type,
      startDate: userRequests.targetStartDate,
      endDate: userRequests.targetEndDate,
      minutes: userRequests.minutes,
    })
    .from(userRequests)
    .where(
      and(
        eq(userRequests.organizationId, organizationId),
        eq(userRequests.vaId, vaId),
        eq(userRequests.status, 'approved'),
        lte(userRequests.targetStartDate, date),
        gte(userRequests.targetEndDate, date),
      ),
    )
    .orderBy(userRequests.id);
  return rows.map((r) => ({
    id: r.id,
    type: r.type as string,
    startDate: r.startDate,
    endDate: r.endDate,
    hours: r.minutes === null ? null : Math.round((r.minutes / 60) * 100) / 100,
  }));
}
