import { LEAVE_TYPES } from '@vahub/shared/requests/schemas';
import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { IdColumn } from '../../lib/viewer';
import { userRequests } from './requests.table';

/** An approved leave as the calendar feeds (integrations layer) show it: local dates, inclusive. */
export type CalendarLeave = {
  id: number;
  vaId: number;
  contractId: number;
  type: string;
  startDate: string;
  endDate: string;
};

/** The approved leave of the VAs `vas` allows, overlapping the local dates [fromDate, toDate]. */
export async function approvedLeaveBetween(
  db: Db,
  organizationId: number,
  vas: (column: IdColumn) => SQL,
  fromDate: string,
  toDate: string,
): Promise<CalendarLeave[]> {
  return db
    .select({
      id: userRequests.id,
      vaId: userRequests.vaId,
      contractId: userRequests.contractId,
      type: userRequests.type,
      startDate: userRequests.targetStartDate,
      endDate: userRequests.targetEndDate,
    })
    .from(userRequests)
    .where(
      and(
        eq(userRequests.organizationId, organizationId),
        eq(userRequests.status, 'approved'),
        inArray(userRequests.type, [...LEAVE_TYPES]),
        vas(userRequests.vaId),
        lte(userRequests.targetStartDate, toDate),
        gte(userRequests.targetEndDate, fromDate),
      ),
    )
    .orderBy(asc(userRequests.targetStartDate), asc(userRequests.id))
    .limit(5000);
}
