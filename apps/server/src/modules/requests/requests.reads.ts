import { REQUEST_MESSAGES as M } from '@vahub/shared/requests/messages';
import type {
  Attachment,
  OwnRequestQuery,
  RequestQuery,
  RequestStatus,
  UserRequestDetail,
  UserRequestPage,
} from '@vahub/shared/requests/schemas';
import { and, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { assertVisibleFilters } from '../attendance/public';
import { mapWithParties, peopleOf, personIn } from '../contracts/public';
import { teamMemberIdsSql } from '../people/public';
import { downloadName } from './requests.attachments';
import { effectOf } from './requests.effects';
import { toUserRequest } from './requests.mapper';
import { countRequests, findRequest, type RequestRead, requestPage } from './requests.repository';
import { requestScope } from './requests.scope';
import { userRequests } from './requests.table';

export const requestNotFound = () => new AppError('not_found', M.not_found);

/** The filters of the queue but the status (`meta.pending` counts the pending ones of the rest). */
function peopleAndPeriod(viewer: Viewer, q: Partial<RequestQuery>): Array<SQL | undefined> {
  return [
    q.type ? eq(userRequests.type, q.type) : undefined,
    q.va_id ? eq(userRequests.vaId, q.va_id) : undefined,
    q.client_id ? eq(userRequests.clientId, q.client_id) : undefined,
    q.contract_id ? eq(userRequests.contractId, q.contract_id) : undefined,
    q.team_id ? inArray(userRequests.vaId, teamMemberIdsSql(viewer.organizationId, q.team_id)) : undefined,
    // A request whose dates meet the period.
    q.start_date ? gte(userRequests.targetEndDate, q.start_date) : undefined,
    q.end_date ? lte(userRequests.targetStartDate, q.end_date) : undefined,
  ];
}

type Page = { page: number; per_page: number; status?: RequestStatus };

/**
 * The queue's page: pending requests first, then the others, each newest first. Two plain pages (the partial
 * index of pending requests serves the first) rather than one sort on an expression over every row.
 */
async function queueRows(deps: Deps, base: SQL, q: Page, pending: number): Promise<RequestRead[]> {
  const offset = pageOffset(q.page, q.per_page);
  const head =
    offset < pending
      ? await requestPage(deps.db, and(base, eq(userRequests.status, 'pending')) as SQL, {
          limit: q.per_page,
          offset,
        })
      : [];
  const rest = q.per_page - head.length;
  if (rest <= 0) return head;
  const tail = await requestPage(deps.db, and(base, ne(userRequests.status, 'pending')) as SQL, {
    limit: rest,
    offset: Math.max(0, offset - pending),
  });
  return [...head, ...tail];
}

/** A page of `base` (the scope and the filters but the status) and `meta.pending`, the pending ones of it. */
async function pageOf(deps: Deps, base: SQL, q: Page, order: 'queue' | 'newest'): Promise<UserRequestPage> {
  const where = and(base, q.status ? eq(userRequests.status, q.status) : undefined) as SQL;
  const [total, pending] = await Promise.all([
    countRequests(deps.db, where),
    countRequests(deps.db, and(base, eq(userRequests.status, 'pending')) as SQL),
  ]);
  // With a status filter there is one status: newest first is the queue's order too.
  const rows =
    order === 'queue' && !q.status
      ? await queueRows(deps, base, q, pending)
      : await requestPage(deps.db, where, { limit: q.per_page, offset: pageOffset(q.page, q.per_page) });
  return {
    data: await toUserRequests(deps.db, rows),
    meta: { ...paginationMeta(q.page, q.per_page, total), pending },
  };
}

/**
 * The admin's and a manager's queue: pending first, then newest. A filter naming a VA, client, contract or team
 * outside the viewer's scope answers 404, as the other lists do.
 */
export async function listRequests(deps: Deps, viewer: Viewer, q: RequestQuery) {
  await assertVisibleFilters(deps.db, viewer, q);
  const base = and(requestScope(viewer), ...peopleAndPeriod(viewer, q)) as SQL;
  return pageOf(deps, base, q, 'queue');
}

/** The VA's own requests, newest first. */
export function listOwnRequests(deps: Deps, viewer: Viewer, q: OwnRequestQuery) {
  const base = and(requestScope(viewer), ...peopleAndPeriod(viewer, { type: q.type })) as SQL;
  return pageOf(deps, base, q, 'newest');
}

/** One request the viewer sees (else 404), with its attachment and effect. */
export async function requestDetail(deps: Deps, viewer: Viewer, id: number): Promise<UserRequestDetail> {
  const row = await findRequest(deps.db, and(eq(userRequests.id, id), requestScope(viewer)) as SQL);
  if (!row) throw requestNotFound();
  return toDetail(deps, row);
}

/** Rows with their VAs and clients (one people query for the page). */
const toUserRequests = (db: Deps['db'], rows: RequestRead[]) => mapWithParties(db, rows, toUserRequest);

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
async function toDetail(deps: Pick<Deps, 'db' | 'storage'>, r: RequestRead): Promise<UserRequestDetail> {
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
