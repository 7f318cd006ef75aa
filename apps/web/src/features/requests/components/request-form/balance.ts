import { type CodedMessage, msg } from '@vahub/shared/api/messages';
import { REQUEST_MESSAGES as M } from '@vahub/shared/requests/messages';
import type { VacationDays, VacationDaysQuery } from '@vahub/shared/requests/schemas';
import { isValidDate } from '@vahub/shared/time/dates';
import type { TFunction } from 'i18next';
import { sayCoded } from '../../../../lib/form-errors';
import { say } from '../messages';
import { type FormKind, KINDS } from './kinds';
import type { RequestValues } from './values';

/** What to ask `user-vacations/days` about: a leave with a contract and plain dates in order, else nothing yet. */
export function daysQueryOf(kind: FormKind, v: RequestValues): VacationDaysQuery | null {
  if (!KINDS[kind].leave || !v.contract_id || !v.start || !isValidDate(v.start)) return null;
  const end = v.end ?? v.start;
  if (!isValidDate(end) || end < v.start) return null;
  return {
    type: v.type,
    contract_id: Number(v.contract_id),
    target_start_date: v.start,
    target_end_date: end,
  };
}

/**
 * Why the leave cannot be sent as it stands (the same rules, in the same order, as the server: no working day in
 * the range, another leave or make-up shift meeting it, or more days in a year than its balance less what is
 * already pending), in the user's language; null when it can.
 */
export function balanceProblem(days: VacationDays, t: TFunction): string | null {
  if (days.days === 0) return sayCoded(t, { code: 'requests.no_working_days' }, M.no_working_days);
  if (days.overlap) {
    const o = days.overlap;
    const params = { type: o.type, start: o.target_start_date, end: o.target_end_date, status: o.status };
    return say(t, { code: 'requests.overlaps', params }, msg(M.overlaps, params));
  }
  if (!days.pool) return null;
  for (const year of days.years) {
    const left = Math.max(0, year.balance - year.pending);
    if (year.days <= left) continue;
    const params = { left, pool: days.pool, year: year.year, days: year.days };
    const coded: CodedMessage = {
      code: 'requests.balance_exceeded',
      // The pool said in the user's language, not the API's word for it.
      params: { ...params, pool: t(`requests:pool.${days.pool}`) },
    };
    return sayCoded(t, coded, msg(M.balance_exceeded, params));
  }
  return null;
}

/** The field the server would put that problem on: the first day for the dates themselves, else the last day. */
export const balanceProblemField = (days: VacationDays): 'start' | 'end' =>
  days.days === 0 || days.overlap ? 'start' : 'end';
