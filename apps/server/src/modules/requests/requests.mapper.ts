import type { UserRequest } from '@vahub/shared/requests/schemas';
import { iso } from '../../lib/clock';
import { type People, withContractParties } from '../contracts/public';
import type { RequestRead } from './requests.repository';

/** A request row as the API answers it (pure: the people come from the caller). */
export function toUserRequest(r: RequestRead, people: People): UserRequest {
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    va_id: r.vaId,
    client_id: r.clientId,
    contract_id: r.contractId,
    attendance_id: r.attendanceId,
    details: r.details,
    paid_by: r.paidBy,
    target_start_date: r.targetStartDate,
    target_end_date: r.targetEndDate,
    minutes: r.minutes,
    mus: r.mus ?? null,
    days: r.days,
    timezone: r.timezone ?? 'UTC',
    has_file: r.fileKey !== null,
    decided_by: r.decidedBy,
    decided_at: iso(r.decidedAt),
    decision_note: r.decisionNote,
    created_at: iso(r.createdAt) ?? '',
    updated_at: iso(r.updatedAt) ?? '',
    ...withContractParties(people, r),
  };
}
