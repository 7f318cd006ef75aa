import { msg } from '@vahub/shared/api/messages';
import { MONEY_MESSAGES as M } from '@vahub/shared/money/messages';
import type { InvoicePatch } from '@vahub/shared/money/schemas';
import { localDate } from '@vahub/shared/time/zoned';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import type { UnitOfWork } from '../../platform/transaction';
import { organizationTimezone, timesheetPolicyOf } from '../organizations/public';
import { peopleByIds } from '../people/public';
import { approvedTimesheets, lockTimesheets, releaseLocks } from '../timesheets/public';
import { invoiceMail } from './invoices.mail';
import { invoicePdfBuffer } from './invoices.pdf';
import { detailOf, findInvoice, INVOICE_ENTITY, linesOf } from './invoices.service';
import { settingsRow } from './invoicing-settings';
import { invoiceLines, invoices, invoiceTimesheets, invoicingSettings } from './money.table';
import { addDays, amountOf, formatMoney, hundredths, invoiceNumber, totalsOf } from './money-maths';

type InvoiceRow = typeof invoices.$inferSelect;

const TRANSITIONS: Record<string, readonly string[]> = {
  draft: ['issued'],
  issued: ['paid', 'void'],
  paid: [],
  void: [],
};

const edits = (b: InvoicePatch) =>
  b.tax_rate !== undefined || b.discount_percent !== undefined || b.notes !== undefined || !!b.lines?.length;

/** A draft's edits: lines (description, rate, removal), tax, discount, notes; the totals recomputed. */
async function editDraft(uow: UnitOfWork, viewer: Viewer, row: InvoiceRow, body: InvoicePatch, now: Date) {
  const { tx } = uow;
  if (row.status !== 'draft') throw new AppError('conflict', msg(M.not_draft, { status: row.status }));
  const current = await linesOf(tx, row.id);
  const byId = new Map(current.map((l) => [l.id, l]));
  for (const change of body.lines ?? []) {
    const line = byId.get(change.id);
    if (!line) throw new AppError('validation', msg(M.line_not_on_invoice, { id: change.id }));
    if (change.remove) {
      await tx.delete(invoiceLines).where(eq(invoiceLines.id, line.id));
      byId.delete(line.id);
      continue;
    }
    const rateCents = change.rate !== undefined ? hundredths(change.rate) : line.rateCents;
    await tx
      .update(invoiceLines)
      .set({
        description: change.description ?? line.description,
        rateCents,
        amountCents: amountOf(line.minutes, rateCents),
      })
      .where(eq(invoiceLines.id, line.id));
  }
  const taxRate = body.tax_rate !== undefined ? hundredths(body.tax_rate) : row.taxRateHundredths;
  const discount =
    body.discount_percent !== undefined ? hundredths(body.discount_percent) : row.discountHundredths;
  const amounts = (await linesOf(tx, row.id)).map((l) => l.amountCents);
  const totals = totalsOf(amounts, discount, taxRate);
  const [updated] = await tx
    .update(invoices)
    .set({
      taxRateHundredths: taxRate,
      discountHundredths: discount,
      ...(body.notes !== undefined ? { notes: body.notes || null } : {}),
      subtotalCents: totals.subtotal_cents,
      discountCents: totals.discount_cents,
      taxCents: totals.tax_cents,
      totalCents: totals.total_cents,
      updatedAt: now,
    })
    .where(eq(invoices.id, row.id))
    .returning();
  await audit(tx, {
    organizationId: row.organizationId,
    actorId: viewer.userId,
    action: 'edited',
    entityType: INVOICE_ENTITY,
    entityId: row.id,
    before: { tax: row.taxRateHundredths, discount: row.discountHundredths, total_cents: row.totalCents },
    after: { tax: taxRate, discount, total_cents: totals.total_cents, lines: body.lines ?? [] },
  });
  return updated;
}

/**
 * Issuing, in one transaction: the counter row locked `FOR UPDATE` gives the number (gap-free: a refusal below
 * rolls the counter back with everything else), the timesheets are locked for this invoice (409 when another
 * invoice holds one), each must still be approved (and signed off where required) with the minutes the draft
 * billed; then the PDF is mailed to the client through the outbox and the client is notified.
 */
async function issue(deps: Deps, uow: UnitOfWork, viewer: Viewer, row: InvoiceRow, now: Date) {
  const { tx } = uow;
  const settings = await settingsRow(tx, row.organizationId, true);
  const issueDate = localDate(now, await organizationTimezone(tx, row.organizationId));
  const number = invoiceNumber(settings.prefix, settings.nextNumber, issueDate);
  const billed = await tx
    .select({ id: invoiceTimesheets.timesheetId, minutes: invoiceTimesheets.minutes })
    .from(invoiceTimesheets)
    .where(eq(invoiceTimesheets.invoiceId, row.id));
  if (!billed.length) throw new AppError('validation', M.nothing_to_invoice);
  await lockTimesheets(tx, {
    organizationId: row.organizationId,
    kind: 'invoice',
    ownerId: row.id,
    label: number,
    timesheetIds: billed.map((b) => b.id),
  });
  const fresh = await approvedTimesheets(tx, {
    organizationId: row.organizationId,
    startDate: row.startDate,
    endDate: row.endDate,
    ids: billed.map((b) => b.id),
  });
  const policy = await timesheetPolicyOf(tx, row.organizationId);
  const current = new Map(fresh.map((t) => [t.id, t]));
  for (const b of billed) {
    const t = current.get(b.id);
    if (!t || t.billableMinutes !== b.minutes || (policy.client_sign_off && t.clientStatus !== 'approved'))
      throw new AppError('conflict', M.timesheet_changed);
  }
  await tx
    .update(invoicingSettings)
    .set({ nextNumber: settings.nextNumber + 1, updatedAt: now })
    .where(eq(invoicingSettings.organizationId, row.organizationId));
  const [issued] = await tx
    .update(invoices)
    .set({
      status: 'issued',
      number,
      sequence: settings.nextNumber,
      issueDate,
      dueDate: addDays(issueDate, settings.paymentTermsDays),
      footer: settings.footer,
      leftOut: '[]',
      issuedAt: now,
      updatedAt: now,
    })
    .where(and(eq(invoices.id, row.id), eq(invoices.status, 'draft')))
    .returning();
  await audit(tx, {
    organizationId: row.organizationId,
    actorId: viewer.userId,
    action: 'issued',
    entityType: INVOICE_ENTITY,
    entityId: row.id,
    after: { number, issue_date: issueDate, due_date: issued.dueDate, total_cents: issued.totalCents },
  });
  const detail = await detailOf(tx, issued);
  const client = (await peopleByIds(tx, [issued.clientId])).get(issued.clientId);
  if (client) {
    const pdf = await invoicePdfBuffer(tx, deps.storage, detail);
    await deps.mailer.queue(uow, invoiceMail(deps, detail, client, pdf));
  }
  await deps.events.raise(uow, row.organizationId, 'invoice.issued', {
    invoice_id: row.id,
    client_id: issued.clientId,
    number,
    total: formatMoney(issued.totalCents, issued.currency),
    due_date: issued.dueDate,
    actor_id: viewer.userId,
  });
  return issued;
}

async function move(deps: Deps, uow: UnitOfWork, viewer: Viewer, row: InvoiceRow, to: string, now: Date) {
  if (!TRANSITIONS[row.status]?.includes(to))
    throw new AppError('conflict', msg(M.bad_transition, { from: row.status, to }));
  if (to === 'issued') return issue(deps, uow, viewer, row, now);
  const { tx } = uow;
  // Voiding releases the time: it can change again, and go on another invoice.
  const freed = to === 'void' ? await releaseLocks(tx, 'invoice', row.id) : 0;
  const [updated] = await tx
    .update(invoices)
    .set({
      status: to as 'paid' | 'void',
      ...(to === 'paid' ? { paidAt: now } : { voidedAt: now }),
      updatedAt: now,
    })
    .where(eq(invoices.id, row.id))
    .returning();
  await audit(tx, {
    organizationId: row.organizationId,
    actorId: viewer.userId,
    action: to === 'paid' ? 'paid' : 'voided',
    entityType: INVOICE_ENTITY,
    entityId: row.id,
    before: { status: row.status },
    after: { status: to, number: row.number, ...(to === 'void' ? { timesheets_released: freed } : {}) },
  });
  return updated;
}

/** `PATCH invoices/{id}`: a draft's edits, then the status change if asked (both in one transaction). */
export async function updateInvoice(deps: Deps, viewer: Viewer, id: number, body: InvoicePatch) {
  const now = deps.clock.now();
  const row = await deps.transaction(async (uow) => {
    let current = await findInvoice(uow.tx, viewer, id, true);
    if (edits(body)) current = await editDraft(uow, viewer, current, body, now);
    if (body.status && body.status !== current.status)
      current = await move(deps, uow, viewer, current, body.status, now);
    return current;
  });
  return detailOf(deps.db, row);
}
