import { msg } from '@vahub/shared/api/messages';
import { MONEY_MESSAGES as M } from '@vahub/shared/money/messages';
import type { LEFT_OUT_REASONS } from '@vahub/shared/money/schemas';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../platform/transaction';
import { contractRates } from '../contracts/public';
import { timesheetPolicyOf } from '../organizations/public';
import { peopleByIds } from '../people/public';
import { approvedTimesheets, type BillableTimesheet } from '../timesheets/public';
import { invoices, invoiceTimesheets } from './money.table';
import { amountOf } from './money-maths';

export type LeftOut = {
  timesheet_id: number;
  va_id: number;
  contract_id: number;
  date: string;
  minutes: number;
  reason: (typeof LEFT_OUT_REASONS)[number];
  detail: string | null;
};

export type DraftLine = {
  vaId: number;
  contractId: number;
  description: string;
  minutes: number;
  rateCents: number;
  amountCents: number;
  timesheets: Array<{ id: number; minutes: number }>;
};

/** The invoices (not void) holding timesheets, by timesheet id: their number, or "draft #id". */
async function onOtherInvoices(tx: Tx, organizationId: number, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await tx
    .select({ timesheetId: invoiceTimesheets.timesheetId, id: invoices.id, number: invoices.number })
    .from(invoiceTimesheets)
    .innerJoin(invoices, eq(invoices.id, invoiceTimesheets.invoiceId))
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        ne(invoices.status, 'void'),
        inArray(invoiceTimesheets.timesheetId, ids),
      ),
    );
  return new Map(rows.map((r) => [r.timesheetId, r.number ?? `draft #${r.id}`]));
}

/**
 * The lines of a client's invoice for a period: the approved timesheets of the client's contracts in it, minus
 * those on another (not void) invoice, those of weeks the client has not signed off where the organization
 * requires sign-off, those of contracts without a rate, and those of another currency. One line per VA and
 * contract (a rate change is a new contract, so a new line): its billable minutes × the contract's rate.
 */
export async function buildDraft(
  tx: Tx,
  organizationId: number,
  input: { clientId: number; startDate: string; endDate: string; currency?: string },
) {
  const rows = await approvedTimesheets(tx, {
    organizationId,
    clientId: input.clientId,
    startDate: input.startDate,
    endDate: input.endDate,
  });
  const policy = await timesheetPolicyOf(tx, organizationId);
  const rates = await contractRates(
    tx,
    rows.map((r) => r.contractId),
  );
  const taken = await onOtherInvoices(
    tx,
    organizationId,
    rows.map((r) => r.id),
  );
  const leftOut: LeftOut[] = [];
  const out = (r: BillableTimesheet, reason: LeftOut['reason'], detail: string | null = null) =>
    leftOut.push({
      timesheet_id: r.id,
      va_id: r.vaId,
      contract_id: r.contractId,
      date: r.date,
      minutes: r.billableMinutes,
      reason,
      detail,
    });
  const candidates: BillableTimesheet[] = [];
  for (const r of rows) {
    const other = taken.get(r.id) ?? r.invoiceLock?.label;
    if (other) out(r, 'on_other_invoice', other);
    else if (policy.client_sign_off && r.clientStatus !== 'approved') out(r, 'not_signed_off');
    else if (rates.get(r.contractId)?.rateCents == null) out(r, 'no_rate');
    else candidates.push(r);
  }
  const currencies = [...new Set(candidates.map((r) => rates.get(r.contractId)?.currency ?? ''))].sort();
  let currency = input.currency;
  if (!currency) {
    if (currencies.length > 1)
      throw new AppError('validation', msg(M.mixed_currencies, { currencies: currencies.join(', ') }), {
        currency: [msg(M.mixed_currencies, { currencies: currencies.join(', ') })],
      });
    currency = currencies[0];
  }
  const chosen: BillableTimesheet[] = [];
  for (const r of candidates)
    if (rates.get(r.contractId)?.currency === currency) chosen.push(r);
    else out(r, 'other_currency', rates.get(r.contractId)?.currency ?? null);
  if (!chosen.length || !currency)
    throw new AppError('validation', M.nothing_to_invoice, { client_id: [M.nothing_to_invoice] });

  const people = await peopleByIds(
    tx,
    chosen.map((r) => r.vaId),
  );
  const byContract = new Map<number, DraftLine>();
  for (const r of chosen) {
    const rate = rates.get(r.contractId);
    if (!rate || rate.rateCents === null) continue;
    let line = byContract.get(r.contractId);
    if (!line) {
      line = {
        vaId: r.vaId,
        contractId: r.contractId,
        description: `${people.get(r.vaId)?.name ?? `#${r.vaId}`}: ${rate.title}`,
        minutes: 0,
        rateCents: rate.rateCents,
        amountCents: 0,
        timesheets: [],
      };
      byContract.set(r.contractId, line);
    }
    line.minutes += r.billableMinutes;
    line.timesheets.push({ id: r.id, minutes: r.billableMinutes });
  }
  const lines = [...byContract.values()].sort(
    (a, b) => a.description.localeCompare(b.description) || a.contractId - b.contractId,
  );
  for (const line of lines) line.amountCents = amountOf(line.minutes, line.rateCents);
  return { currency, lines, leftOut };
}
