import { msg } from '@vahub/shared/api/messages';
import { REQUEST_MESSAGES as M } from '@vahub/shared/requests/messages';
import {
  type CreateRequest,
  createRequestSchema,
  FILE_REQUIRED_TYPES,
  poolOf,
  REQUESTS,
  type VacationDays,
  type VacationDaysQuery,
} from '@vahub/shared/requests/schemas';
import { daysBetween } from '@vahub/shared/time/dates';
import { fieldError, parseFields } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { type RequestTerms, requestTermsOf } from '../contracts/public';
import { checkFile, type RequestBody, removeFile, storeFile } from './requests.attachments';
import { daysByYear, localDateOf, workingDates, yearBalances } from './requests.days';
import { requestDetail } from './requests.reads';
import { auditRequest, raiseCreated } from './requests.record';
import { lockContractRequests, meetingRequests } from './requests.repository';
import { counted, DATED_TYPES, planRequest, type RequestDraft } from './requests.rules';
import { userRequests } from './requests.table';

/** One of the VA's own contracts (a draft binds nobody yet), else 422 on `contract_id`. */
async function ownContract(deps: Deps, viewer: Viewer, contractId: number): Promise<RequestTerms> {
  const terms = await requestTermsOf(deps.db, contractId, viewer.organizationId);
  if (!terms || terms.vaId !== viewer.userId || terms.status === 'draft')
    throw fieldError('contract_id', M.contract_not_yours);
  return terms;
}

/**
 * The VA's draft. Dates sent as ISO instants (the spec's client sends its local midnight) are read as dates in
 * the sender's own zone (their profile's), so a Manila VA's 30 December stays the 30th on a New York contract;
 * a plain `YYYY-MM-DD` stays as it is.
 */
const draftOf = (input: CreateRequest, senderZone: string): RequestDraft => ({
  type: input.type,
  targetStartDate: input.target_start_date && localDateOf(input.target_start_date, senderZone),
  targetEndDate: input.target_end_date && localDateOf(input.target_end_date, senderZone),
  attendanceId: input.attendance_id ?? null,
  minutes: input.minutes ?? null,
  mus: input.mus ?? null,
});

/**
 * `POST va-access/user-requests`: the rules of its type under the contract, the attachment judged by its bytes
 * (required for sick leave, overtime and make-up shifts), then the row with its audit entry and the event
 * `request.created`. The rules run again under the contract's lock inside the transaction, so two requests
 * sent at once cannot both pass an overlap or a balance that only one fits; the file is stored before (no
 * storage call holds the lock) and removed again if the transaction fails.
 */
export async function createRequest(deps: Deps, viewer: Viewer, body: RequestBody) {
  // Multipart fields arrive as text: the schema reads them.
  const input = parseFields(createRequestSchema, body.fields);
  const terms = await ownContract(deps, viewer, input.contract_id);
  if (input.client_id !== undefined && input.client_id !== terms.clientId)
    throw fieldError('client_id', M.client_mismatch);
  const file = body.file ? await checkFile(body.file) : null;
  if (!file && FILE_REQUIRED_TYPES.includes(input.type)) throw fieldError('file', M.file_required);
  const draft = draftOf(input, viewer.timezone);
  const now = deps.clock.now();
  await planRequest(deps.db, terms, draft, { now, moment: 'create' });

  const key = file ? await storeFile(deps, viewer.organizationId, file) : null;
  let id: number;
  try {
    id = await deps.transaction(async (uow) => {
      await lockContractRequests(uow.tx, terms.id);
      const plan = await planRequest(uow.tx, terms, draft, { now, moment: 'create' });
      const [row] = await uow.tx
        .insert(userRequests)
        .values({
          organizationId: terms.organizationId,
          vaId: terms.vaId,
          clientId: terms.clientId,
          contractId: terms.id,
          type: input.type,
          status: 'pending',
          details: input.details || null,
          paidBy: input.paid_by ?? (input.type === 'unpaid_leave' ? 'unpaid' : null),
          ...plan,
          fileKey: key,
          fileName: file?.name ?? null,
          fileType: file?.type ?? null,
          fileSize: file?.bytes.length ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await auditRequest(uow, viewer.userId, 'created', null, row);
      await raiseCreated(deps, uow, row, viewer.userId);
      return row.id;
    });
  } catch (err) {
    await removeFile(deps, key);
    throw err;
  }
  return requestDetail(deps, viewer, id);
}

/**
 * `POST va-access/user-vacations/days`: the scheduled working days a range covers under one of the VA's
 * contracts, and for a type with an allowance each year's balance (approved days only; pending ones shown).
 * `balance` is the first day's year's, which is listed even when the range has no working day in it.
 */
export async function vacationDays(deps: Deps, viewer: Viewer, q: VacationDaysQuery): Promise<VacationDays> {
  const terms = await ownContract(deps, viewer, q.contract_id);
  // An instant is a date in the sender's zone (see `draftOf`).
  const from = localDateOf(q.target_start_date, viewer.timezone);
  const to = localDateOf(q.target_end_date, viewer.timezone);
  if (to < from) throw fieldError('target_end_date', M.end_before_start);
  if (daysBetween(from, to) >= REQUESTS.maxRangeDays)
    throw fieldError('target_end_date', msg(M.range_too_long, { max: REQUESTS.maxRangeDays }));
  const dates = workingDates(terms, from, to);
  const preview = { dates, ...(await alreadyAsked(deps, terms, { from, to }, dates)) };
  const pool = poolOf(q.type);
  if (!pool) return { days: dates.length, balance: null, pool: null, years: [], ...preview };
  const firstYear = from.slice(0, 4);
  const years = await yearBalances(deps.db, terms, pool, { [firstYear]: 0, ...daysByYear(dates) });
  return {
    days: dates.length,
    balance: years.find((y) => y.year === Number(firstYear))?.balance ?? null,
    pool,
    years,
    ...preview,
  };
}

/**
 * What sending would meet, judged as the creation does (`planLeave`): the first pending or approved leave or make-up
 * shift of the contract whose dates meet the range, and which of the range's working days such requests cover.
 */
async function alreadyAsked(
  deps: Deps,
  terms: { id: number; vaId: number },
  range: { from: string; to: string },
  dates: string[],
): Promise<Pick<VacationDays, 'overlap' | 'taken_dates'>> {
  const meeting = await meetingRequests(
    deps.db,
    {
      vaId: terms.vaId,
      contractId: terms.id,
      range,
      types: DATED_TYPES,
      statuses: counted({ moment: 'create' }),
    },
    REQUESTS.maxRangeDays,
  );
  const first = meeting[0];
  return {
    overlap: first
      ? {
          type: first.type,
          status: first.status,
          target_start_date: first.targetStartDate,
          target_end_date: first.targetEndDate,
        }
      : null,
    taken_dates: dates.filter((d) => meeting.some((m) => m.targetStartDate <= d && d <= m.targetEndDate)),
  };
}
