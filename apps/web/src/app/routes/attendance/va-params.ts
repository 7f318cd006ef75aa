import { MAX_RANGE_DAYS } from '@vahub/shared/attendance/schemas';
import { daysBetween, isValidDate } from '@vahub/shared/time/dates';
import type { VaPeriod, VaShiftKind } from '../../../features/attendance/api/va-shifts';

/** `?view=passed&weeks=8` or `?view=passed&from=…&to=…` (a period wins over weeks); upcoming, 4 weeks by default. */
export function vaParamsOf(p: Pick<URLSearchParams, 'get'>): { kind: VaShiftKind; period: VaPeriod } {
  const kind: VaShiftKind = p.get('view') === 'passed' ? 'passed' : 'upcoming';
  const from = p.get('from');
  const to = p.get('to');
  const valid = from && to && isValidDate(from) && isValidDate(to) && from <= to;
  // A period the API would refuse (reversed, or over a year) falls back to the weeks.
  if (valid && daysBetween(from, to) <= MAX_RANGE_DAYS) return { kind, period: { from, to } };
  const weeks = Number(p.get('weeks'));
  return { kind, period: { weeks: Number.isInteger(weeks) && weeks >= 1 && weeks <= 52 ? weeks : 4 } };
}
