import { msg } from '@vahub/shared/api/messages';
import { REQUEST_MESSAGES as M } from '@vahub/shared/requests/messages';
import {
  LEAVE_TYPES,
  type Mus,
  poolOf,
  REQUESTS,
  type RequestStatus,
  type RequestType,
} from '@vahub/shared/requests/schemas';
import { addDays, daysBetween } from '@vahub/shared/time/dates';
import { shiftsBetween } from '@vahub/shared/time/shifts';
import { instantToZoned, zonedTimeToInstant } from '@vahub/shared/time/zoned';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/errors';
import { attendanceOf, vaShiftOverlapping } from '../attendance/public';
import { activeContractsOfVa, type RequestTerms } from '../contracts/public';
import { daysByYear, localDateOf, workingDates, yearBalances } from './requests.days';
import { meetingRequest } from './requests.repository';

/** What a request asks: from the VA's body when it is created, from the stored row when it is approved. */
export type RequestDraft = {
  type: RequestType;
  targetStartDate?: string;
  targetEndDate?: string;
  attendanceId?: number | null;
  minutes?: number | null;
  mus?: Mus | null;
};

/** What the request stores once its rules passed. */
export type Plan = {
  targetStartDate: string;
  targetEndDate: string;
  days: number | null;
  daysByYear: Record<string, number> | null;
  attendanceId: number | null;
  minutes: number | null;
  mus: Mus | null;
  musStartAt: Date | null;
  musEndAt: Date | null;
};

/**
 * When the rules run: at creation pending requests count (against overlaps and balances); at approval only
 * approved ones do (a pending one is checked again when it is itself approved). `exceptId`: the request itself.
 */
export type RuleContext = { now: Date; moment: 'create' | 'approve'; exceptId?: number };

const EMPTY: Omit<Plan, 'targetStartDate' | 'targetEndDate'> = {
  days: null,
  daysByYear: null,
  attendanceId: null,
  minutes: null,
  mus: null,
  musStartAt: null,
  musEndAt: null,
};

/** Requests whose dates may not meet another's: leave and make-up shifts. */
export const DATED_TYPES: readonly RequestType[] = [...LEAVE_TYPES, 'mus'];

export const counted = (ctx: Pick<RuleContext, 'moment'>): RequestStatus[] =>
  ctx.moment === 'create' ? ['pending', 'approved'] : ['approved'];

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const outside = (terms: RequestTerms) =>
  msg(M.outside_contract, { start: terms.startDate, end: terms.endDate ?? '…' });

async function refuseMeeting(
  db: Db,
  terms: RequestTerms,
  ctx: RuleContext,
  field: string,
  q: { range: { from: string; to: string }; types: readonly RequestType[]; attendanceId?: number },
) {
  const other = await meetingRequest(db, {
    vaId: terms.vaId,
    contractId: terms.id,
    statuses: counted(ctx),
    exceptId: ctx.exceptId,
    ...q,
  });
  if (other)
    throw fieldError(
      field,
      msg(M.overlaps, {
        type: other.type,
        start: other.targetStartDate,
        end: other.targetEndDate,
        status: other.status,
      }),
    );
}

/** Leave: dates inside the contract, at least one working day, no other leave meeting it, the pool's balance. */
async function planLeave(db: Db, terms: RequestTerms, d: RequestDraft, ctx: RuleContext): Promise<Plan> {
  if (!d.targetStartDate) throw fieldError('target_start_date', M.start_date_required);
  const from = localDateOf(d.targetStartDate, terms.timezone);
  const to = localDateOf(d.targetEndDate ?? d.targetStartDate, terms.timezone);
  if (to < from) throw fieldError('target_end_date', M.end_before_start);
  if (daysBetween(from, to) >= REQUESTS.maxRangeDays)
    throw fieldError('target_end_date', msg(M.range_too_long, { max: REQUESTS.maxRangeDays }));
  if (from < terms.startDate) throw fieldError('target_start_date', outside(terms));
  if (terms.endDate && to > terms.endDate) throw fieldError('target_end_date', outside(terms));
  const dates = workingDates(terms, from, to);
  if (!dates.length) throw fieldError('target_start_date', M.no_working_days);
  await refuseMeeting(db, terms, ctx, 'target_start_date', { range: { from, to }, types: DATED_TYPES });

  const byYear = daysByYear(dates);
  const pool = poolOf(d.type);
  if (pool) {
    for (const y of await yearBalances(db, terms, pool, byYear, ctx.exceptId)) {
      const left = y.balance - (ctx.moment === 'create' ? y.pending : 0);
      if (y.days > left)
        throw fieldError(
          'target_end_date',
          msg(M.balance_exceeded, { left: Math.max(0, left), pool, year: y.year, days: y.days }),
        );
    }
  }
  return { ...EMPTY, targetStartDate: from, targetEndDate: to, days: dates.length, daysByYear: byYear };
}

/** Overtime: a started shift of this contract, a contract that does not count it already, the contract's cap. */
async function planOvertime(db: Db, terms: RequestTerms, d: RequestDraft, ctx: RuleContext): Promise<Plan> {
  if (terms.overtimeAllowed) throw fieldError('contract_id', M.overtime_counted);
  if (terms.maxOvertimeMinutes <= 0) throw fieldError('contract_id', M.overtime_not_allowed);
  // At approval the shift may be gone (deleted since: the request keeps no id of it).
  if (!d.attendanceId)
    throw fieldError('attendance_id', ctx.moment === 'create' ? M.choose_attendance : M.attendance_not_yours);
  const a = await attendanceOf(db, terms.organizationId, d.attendanceId);
  if (!a || a.contractId !== terms.id || a.vaId !== terms.vaId)
    throw fieldError('attendance_id', M.attendance_not_yours);
  if (!a.startedAt) throw fieldError('attendance_id', M.attendance_not_worked);
  const minutes = d.minutes ?? 0;
  if (minutes < 1 || minutes > terms.maxOvertimeMinutes)
    throw fieldError('minutes', msg(M.minutes_range, { max: terms.maxOvertimeMinutes }));
  // One overtime request per shift: a second would go past the cap the first was measured against.
  await refuseMeeting(db, terms, ctx, 'attendance_id', {
    range: { from: a.date, to: a.date },
    types: ['overtime'],
    attendanceId: a.id,
  });
  return { ...EMPTY, targetStartDate: a.date, targetEndDate: a.date, attendanceId: a.id, minutes };
}

/** The make-up shift's instants: local wall times in the contract's zone; an end at or before the start is the next day's. */
export function musInstants(mus: Mus, timezone: string) {
  const startAt = zonedTimeToInstant(mus.date, mus.start, timezone);
  const endDate = mus.end > mus.start ? mus.date : addDays(mus.date, 1);
  return { startAt, endAt: zonedTimeToInstant(endDate, mus.end, timezone) };
}

const clash = (date: string, startAt: Date, endAt: Date, timezone: string) =>
  fieldError(
    'mus',
    msg(M.mus_clash, {
      date,
      start: hhmm(instantToZoned(startAt, timezone).minute),
      end: hhmm(instantToZoned(endAt, timezone).minute),
    }),
  );

/**
 * No shift of the VA (any contract) may overlap the make-up shift: those built, and those the schedules of the
 * VA's active contracts will build (the engine builds four weeks ahead; a make-up shift may lie further).
 */
async function refuseClash(db: Db, terms: RequestTerms, interval: { startAt: Date; endAt: Date }) {
  const built = await vaShiftOverlapping(db, terms.vaId, interval);
  if (built) throw clash(built.date, built.scheduledStartAt, built.scheduledEndAt, built.timezone);
  const day = instantToZoned(interval.startAt, 'UTC').date;
  for (const c of await activeContractsOfVa(db, terms.vaId, terms.organizationId)) {
    const range = { from: addDays(day, -2), to: addDays(day, 2) };
    const hit = shiftsBetween(c.schedules, c.timezone, range, c).find(
      (s) => s.startAt < interval.endAt && interval.startAt < s.endAt,
    );
    if (hit) throw clash(hit.date, hit.startAt, hit.endAt, c.timezone);
  }
}

/** Make-up shift: in the future, inside the contract's dates, clashing with no shift or dated request. */
async function planMus(db: Db, terms: RequestTerms, d: RequestDraft, ctx: RuleContext): Promise<Plan> {
  const mus = d.mus;
  if (!mus) throw fieldError('mus', M.mus_required);
  if (mus.start === mus.end) throw fieldError('mus', M.mus_length);
  const { startAt, endAt } = musInstants(mus, terms.timezone);
  if (startAt <= ctx.now) throw fieldError('mus', M.mus_past);
  if (mus.date < terms.startDate || (terms.endDate && mus.date > terms.endDate))
    throw fieldError('mus', outside(terms));
  await refuseMeeting(db, terms, ctx, 'mus', { range: { from: mus.date, to: mus.date }, types: DATED_TYPES });
  await refuseClash(db, terms, { startAt, endAt });
  const minutes = Math.round((endAt.getTime() - startAt.getTime()) / 60_000);
  return {
    ...EMPTY,
    targetStartDate: mus.date,
    targetEndDate: mus.date,
    minutes,
    mus: { date: mus.date, start: mus.start, end: mus.end },
    musStartAt: startAt,
    musEndAt: endAt,
  };
}

/**
 * The rules of a request under its contract (DOMAIN.md "Requests"): each refusal a 422 naming the field and
 * saying it with the catalog's words. The contract must be active.
 */
export async function planRequest(
  db: Db,
  terms: RequestTerms,
  draft: RequestDraft,
  ctx: RuleContext,
): Promise<Plan> {
  if (terms.status !== 'active') throw fieldError('contract_id', M.contract_not_active);
  if (draft.type === 'overtime') return planOvertime(db, terms, draft, ctx);
  if (draft.type === 'mus') return planMus(db, terms, draft, ctx);
  return planLeave(db, terms, draft, ctx);
}
