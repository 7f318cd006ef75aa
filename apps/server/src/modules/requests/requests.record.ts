import type { Deps } from '../../lib/types';
import { audit } from '../../platform/audit-trail';
import type { UnitOfWork } from '../../platform/transaction';
import type { UserRequestRow } from './requests.table';

// What every write of a request leaves behind, in its transaction: an audit entry and, for creation, decisions
// and cancellations, the domain event the notifications consume (their payloads are a contract: keep them).

/** The audit log's entity type of a request. */
export const REQUEST_ENTITY = 'request';

type Row = Pick<
  UserRequestRow,
  | 'id'
  | 'organizationId'
  | 'vaId'
  | 'clientId'
  | 'contractId'
  | 'type'
  | 'status'
  | 'targetStartDate'
  | 'targetEndDate'
  | 'minutes'
  | 'days'
  | 'attendanceId'
  | 'makeupAttendanceId'
  | 'decisionNote'
>;

/** The figures of a request the audit log keeps (what it asked and where it stands). */
const snapshot = (r: Row) => ({
  type: r.type,
  status: r.status,
  contract_id: r.contractId,
  target_start_date: r.targetStartDate,
  target_end_date: r.targetEndDate,
  minutes: r.minutes,
  days: r.days,
  attendance_id: r.attendanceId,
  makeup_attendance_id: r.makeupAttendanceId,
});

export async function auditRequest(
  uow: UnitOfWork,
  actorId: number,
  action: 'created' | 'approved' | 'rejected' | 'cancelled' | 'deleted',
  before: Row | null,
  after: Row | null,
) {
  const row = (after ?? before) as Row;
  await audit(uow.tx, {
    organizationId: row.organizationId,
    actorId,
    action: `request.${action}`,
    entityType: REQUEST_ENTITY,
    entityId: row.id,
    before: before ? snapshot(before) : null,
    after: after ? { ...snapshot(after), note: after.decisionNote } : null,
  });
}

type Events = Pick<Deps, 'events'>;

/** What every request event says of the request (the notifications read these). */
const about = (r: Row) => ({
  request_id: r.id,
  va_id: r.vaId,
  client_id: r.clientId,
  type: r.type,
  target_start_date: r.targetStartDate,
  target_end_date: r.targetEndDate,
});

export const raiseCreated = (deps: Events, uow: UnitOfWork, r: Row, actorId: number) =>
  deps.events.raise(uow, r.organizationId, 'request.created', {
    ...about(r),
    contract_id: r.contractId,
    minutes: r.minutes,
    actor_id: actorId,
  });

export const raiseDecided = (deps: Events, uow: UnitOfWork, r: Row, reversed: boolean, actorId: number) =>
  deps.events.raise(uow, r.organizationId, 'request.decided', {
    ...about(r),
    status: r.status,
    reversed,
    note: r.decisionNote,
    actor_id: actorId,
  });

/** An admin's deletion: the VA hears of it (an approved one's leave, overtime or make-up shift is gone). */
export const raiseDeleted = (deps: Events, uow: UnitOfWork, r: Row, actorId: number) =>
  deps.events.raise(uow, r.organizationId, 'request.deleted', {
    ...about(r),
    status: r.status,
    minutes: r.minutes,
    actor_id: actorId,
  });

export const raiseCancelled = (deps: Events, uow: UnitOfWork, r: Row, actorId: number) =>
  deps.events.raise(uow, r.organizationId, 'request.cancelled', { ...about(r), actor_id: actorId });
