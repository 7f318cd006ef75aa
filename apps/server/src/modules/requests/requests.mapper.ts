import type { PersonSummary } from '@vahub/shared/contracts/schemas';
import type { Attachment, UserRequest, UserRequestDetail } from '@vahub/shared/requests/schemas';
import type { Db } from '../../db/client';
import { iso } from '../../lib/clock';
import type { Deps } from '../../lib/types';
import { toPerson } from '../contracts/public';
import { peopleByIds } from '../people/public';
import { effectOf } from './requests.effects';
import type { RequestRead } from './requests.repository';

export type People = Map<number, PersonSummary>;

/** The people these ids name, as summaries (one query). */
export async function peopleOf(db: Db, ids: Iterable<number | null>): Promise<People> {
  const cards = await peopleByIds(
    db,
    [...ids].filter((id): id is number => id !== null),
  );
  return new Map([...cards].map(([id, card]) => [id, toPerson(card)]));
}

/** A person of the map; a deleted account still shows as someone rather than breaking the row. */
function personIn(people: People, id: number): PersonSummary {
  return (
    people.get(id) ?? {
      id,
      name: `#${id}`,
      first_name: '',
      last_name: '',
      email: '',
      timezone: 'UTC',
      avatar_url: null,
      company_name: null,
    }
  );
}

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
    va: personIn(people, r.vaId),
    client: personIn(people, r.clientId),
    contract: { id: r.contractId, title: r.contractTitle ?? '' },
  };
}

/** Rows with their VAs and clients (one people query for the page). */
export async function toUserRequests(db: Db, rows: RequestRead[]): Promise<UserRequest[]> {
  const people = await peopleOf(
    db,
    rows.flatMap((r) => [r.vaId, r.clientId]),
  );
  return rows.map((r) => toUserRequest(r, people));
}

/** The attachment behind a short-lived signed URL (served under its own name). */
async function attachmentOf(deps: Pick<Deps, 'storage'>, r: RequestRead): Promise<Attachment | null> {
  if (!r.fileKey || !r.fileType) return null;
  const name = r.fileName ?? 'attachment';
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
