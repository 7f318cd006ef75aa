import {
  isIsoInstant,
  LEAVE_TYPES,
  type LeavePool,
  poolOf,
  type RequestType,
  type YearBalance,
} from '@vahub/shared/requests/schemas';
import { shiftsBetween } from '@vahub/shared/time/shifts';
import { localDate } from '@vahub/shared/time/zoned';
import type { Db } from '../../db/client';
import type { RequestTerms } from '../contracts/public';
import { poolDaysByYear } from './requests.repository';

// Working days and leave balances (DOMAIN.md "Requests"; the decisions of issue 14): a day is a date on which
// the contract's weekly schedule has a shift, inside the contract's dates; each pool has an allowance per
// contract and calendar year, without proration.

/**
 * A request date as a local date: an ISO instant is read in `timezone` (the sender's, at creation and in the
 * day count); a plain `YYYY-MM-DD` stays as it is.
 */
export const localDateOf = (value: string, timezone: string) =>
  isIsoInstant(value) ? localDate(new Date(value), timezone) : value;

/** The dates in [from, to] on which the contract has a scheduled shift (an overnight one counts on its start). */
export function workingDates(terms: RequestTerms, from: string, to: string): string[] {
  const shifts = shiftsBetween(terms.schedules, terms.timezone, { from, to }, terms);
  return [...new Set(shifts.map((s) => s.date))];
}

/** Working days per calendar year (`{"2026": 3, "2027": 2}`), as `days_by_year` stores them. */
export function daysByYear(dates: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of dates) out[d.slice(0, 4)] = (out[d.slice(0, 4)] ?? 0) + 1;
  return out;
}

/** The types that draw on a pool. */
export const poolTypes = (pool: LeavePool): RequestType[] => LEAVE_TYPES.filter((t) => poolOf(t) === pool);

export const allowanceOf = (terms: RequestTerms, pool: LeavePool) =>
  pool === 'vacation' ? terms.vacationDaysPerYear : terms.sickDaysPerYear;

/**
 * Each year's share of a range against the pool's allowance: used = approved days, pending = days of pending
 * requests, balance = allowance − used. `exceptId` leaves one request out (the one being decided).
 */
export async function yearBalances(
  db: Db,
  terms: RequestTerms,
  pool: LeavePool,
  byYear: Record<string, number>,
  exceptId?: number,
): Promise<YearBalance[]> {
  const years = Object.keys(byYear).sort();
  const drawn = await poolDaysByYear(db, {
    contractId: terms.id,
    types: poolTypes(pool),
    years,
    exceptId,
  });
  const allowance = allowanceOf(terms, pool);
  return years.map((year) => {
    const used = drawn.get(year)?.approved ?? 0;
    return {
      year: Number(year),
      days: byYear[year],
      allowance,
      used,
      pending: drawn.get(year)?.pending ?? 0,
      balance: allowance - used,
    };
  });
}
