import type { Attachment, UserRequest, UserRequestDetail } from '@vahub/shared/requests/schemas';
import type { Db } from '../../db/client';
import { iso } from '../../lib/clock';
import type { Deps } from '../../lib/types';
import { mapWithParties, type People, peopleOf, personIn, withContractParties } from '../contracts/public';
import { downloadName } from './requests.attachments';
import { effectOf } from './requests.effects';
import type { RequestRead } from './requests.repository';

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

/** Rows with their VAs and clients (one people query for the page). */
export const toUserRequests = (db: Db, rows: RequestRead[]) => mapWithParties(db, rows, toUserRequest);

/** The attachment behind a short-lived signed URL (served under its own name). */
async function attachmentOf(deps: Pick<Deps, 'storage'>, r: RequestRead): Promise<Attachment | null> {
  if (!r.fileKey || !r.fileType) return null;
  const name = downloadName(r.fileName, r.fileType as Attachment['content_type']);
  return {
    name,
    content_type: r.fileType as Attachment['content_type'],
    size: r.fileSize ?? 0,
    url: await deps.storage.signedUrl(r.fileKey, { downloadName: name }),
  };
}

/** The detail: the row, its attachment, who decided, and what approval does or did. */
export async function toDetail(
  deps: Pick<Deps, 'db' | 'storage'>,
  r: RequestRead,
): Promise<UserRequestDetail> {
  const [people, file, effect] = await Promise.all([
    peopleOf(deps.db, [r.vaId, r.clientId, r.decidedBy]),
    attachmentOf(deps, r),
    effectOf(deps.db, r),
  ]);
  return {
    ...toUserRequest(r, people),
    file,
    decider: r.decidedBy === null ? null : personIn(people, r.decidedBy),
    effect,
  };
}
