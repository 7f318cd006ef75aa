import { msg } from '@vahub/shared/api/messages';
import { MONEY_MESSAGES as M } from '@vahub/shared/money/messages';
import type {
  Invoice,
  InvoiceCreateInput,
  InvoiceDetail,
  InvoiceQuery,
  InvoiceStatus,
} from '@vahub/shared/money/schemas';
import { TIMESHEET_MESSAGES } from '@vahub/shared/timesheets/messages';
import { and, count, desc, eq, gte, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import type { Tx } from '../../platform/transaction';
import { toPerson } from '../contracts/public';
import { findPersonWithRole, peopleByIds } from '../people/public';
import { buildDraft, type LeftOut } from './invoices.build';
import { invoiceNotFound, invoiceScope, mayInvoiceClient } from './invoices.scope';
import { settingsRow as invoicingSettingsRow } from './invoicing-settings';
import { invoiceLines, invoices, invoiceTimesheets } from './money.table';
import { hoursOf, totalsOf } from './money-maths';

export const INVOICE_ENTITY = 'invoice';
type InvoiceRow = typeof invoices.$inferSelect;

async function toInvoices(db: Db | Tx, rows: InvoiceRow[]): Promise<Invoice[]> {
  const people = await peopleByIds(
    db,
    rows.map((r) => r.clientId),
  );
  return rows.map((r) => {
    const client = people.get(r.clientId);
    return {
      id: r.id,
      number: r.number,
      status: r.status,
      client_id: r.clientId,
      client: client
        ? toPerson(client)
        : {
            id: r.clientId,
            name: `#${r.clientId}`,
            first_name: '',
            last_name: '',
            email: '',
            timezone: 'UTC',
            avatar_url: null,
            company_name: null,
          },
      currency: r.currency,
      start_date: r.startDate,
      end_date: r.endDate,
      issue_date: r.issueDate,
      due_date: r.dueDate,
      tax_rate: r.taxRateHundredths / 100,
      discount_percent: r.discountHundredths / 100,
      notes: r.notes,
      subtotal_cents: r.subtotalCents,
      discount_cents: r.discountCents,
      tax_cents: r.taxCents,
      total_cents: r.totalCents,
      paid_at: r.paidAt?.toISOString() ?? null,
      voided_at: r.voidedAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    };
  });
}

/** The lines of an invoice, in order, with how many timesheets each bills. */
export async function linesOf(db: Db | Tx, invoiceId: number) {
  return db
    .select({
      id: invoiceLines.id,
      vaId: invoiceLines.vaId,
      contractId: invoiceLines.contractId,
      description: invoiceLines.description,
      minutes: invoiceLines.minutes,
      rateCents: invoiceLines.rateCents,
      amountCents: invoiceLines.amountCents,
      timesheetCount: sql<number>`(select count(*)::int from ${invoiceTimesheets} where ${invoiceTimesheets.lineId} = ${invoiceLines.id})`,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(invoiceLines.position, invoiceLines.id);
}

export async function detailOf(db: Db | Tx, row: InvoiceRow): Promise<InvoiceDetail> {
  const [invoice] = await toInvoices(db, [row]);
  const lines = await linesOf(db, row.id);
  return {
    ...invoice,
    lines: lines.map((l) => ({
      id: l.id,
      va_id: l.vaId,
      contract_id: l.contractId,
      description: l.description,
      minutes: l.minutes,
      hours: hoursOf(l.minutes),
      rate_cents: l.rateCents,
      amount_cents: l.amountCents,
      timesheet_count: Number(l.timesheetCount),
    })),
    left_out: row.status === 'draft' ? (JSON.parse(row.leftOut) as LeftOut[]) : [],
  };
}

/** One invoice the viewer reaches, or 404 (`lock`: `FOR UPDATE`). */
export async function findInvoice(db: Db | Tx, viewer: Viewer, id: number, lock = false) {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), await invoiceScope(db, viewer)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw invoiceNotFound();
  return row;
}

export async function getInvoice(deps: Deps, viewer: Viewer, id: number) {
  return detailOf(deps.db, await findInvoice(deps.db, viewer, id));
}

/** A page of invoices, newest first, and the totals of every matching one per status and currency. */
export async function listInvoices(deps: Deps, viewer: Viewer, q: InvoiceQuery) {
  const scope = await invoiceScope(deps.db, viewer);
  const filters = and(
    scope,
    q.client_id ? eq(invoices.clientId, q.client_id) : undefined,
    // An invoice overlapping the period.
    q.start_date ? gte(invoices.endDate, q.start_date) : undefined,
    q.end_date ? lte(invoices.startDate, q.end_date) : undefined,
  ) as SQL;
  const where = and(filters, q.status ? eq(invoices.status, q.status) : undefined) as SQL;
  const [rows, [{ total }], totals] = await Promise.all([
    deps.db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(q.per_page)
      .offset(pageOffset(q.page, q.per_page)),
    deps.db.select({ total: count() }).from(invoices).where(where),
    // Per status and currency over the filters but the status: the list's header shows every status.
    deps.db
      .select({
        status: invoices.status,
        currency: invoices.currency,
        count: count(),
        total_cents: sql<number>`coalesce(${sum(invoices.totalCents)}, 0)::int`,
      })
      .from(invoices)
      .where(filters)
      .groupBy(invoices.status, invoices.currency)
      .orderBy(invoices.status, invoices.currency),
  ]);
  return {
    data: await toInvoices(deps.db, rows),
    meta: {
      ...paginationMeta(q.page, q.per_page, total),
      totals: totals.map((t) => ({
        ...t,
        status: t.status as InvoiceStatus,
        total_cents: Number(t.total_cents),
      })),
    },
  };
}

/** Writes lines (and their timesheets) of a draft; answers the amounts in order. */
async function insertLines(
  tx: Tx,
  invoiceId: number,
  lines: Awaited<ReturnType<typeof buildDraft>>['lines'],
) {
  let position = 0;
  for (const line of lines) {
    const [row] = await tx
      .insert(invoiceLines)
      .values({
        invoiceId,
        vaId: line.vaId,
        contractId: line.contractId,
        description: line.description,
        minutes: line.minutes,
        rateCents: line.rateCents,
        amountCents: line.amountCents,
        position: position++,
      })
      .returning({ id: invoiceLines.id });
    await tx
      .insert(invoiceTimesheets)
      .values(
        line.timesheets.map((t) => ({ invoiceId, lineId: row.id, timesheetId: t.id, minutes: t.minutes })),
      );
  }
}

/**
 * `POST invoices`: a draft of the client's approved time in the period (see `buildDraft`), with the
 * organization's tax rate; no number until it is issued.
 */
export async function createInvoice(deps: Deps, viewer: Viewer, body: InvoiceCreateInput) {
  await invoiceScope(deps.db, viewer);
  const client = await findPersonWithRole(deps.db, viewer.organizationId, body.client_id, 'client');
  if (!client || !(await mayInvoiceClient(deps.db, viewer, client.id)))
    throw fieldError('client_id', TIMESHEET_MESSAGES.choose_client);
  const id = await deps.transaction(async ({ tx }) => {
    const draft = await buildDraft(tx, viewer.organizationId, {
      clientId: client.id,
      startDate: body.start_date,
      endDate: body.end_date,
      currency: body.currency,
    });
    const settings = await invoicingSettingsRow(tx, viewer.organizationId);
    const totals = totalsOf(
      draft.lines.map((l) => l.amountCents),
      0,
      settings.taxRateHundredths,
    );
    const [row] = await tx
      .insert(invoices)
      .values({
        organizationId: viewer.organizationId,
        clientId: client.id,
        status: 'draft',
        currency: draft.currency,
        startDate: body.start_date,
        endDate: body.end_date,
        taxRateHundredths: settings.taxRateHundredths,
        subtotalCents: totals.subtotal_cents,
        discountCents: totals.discount_cents,
        taxCents: totals.tax_cents,
        totalCents: totals.total_cents,
        leftOut: JSON.stringify(draft.leftOut),
        createdBy: viewer.userId,
      })
      .returning({ id: invoices.id });
    await insertLines(tx, row.id, draft.lines);
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'created',
      entityType: INVOICE_ENTITY,
      entityId: row.id,
      after: { client_id: client.id, period: [body.start_date, body.end_date], ...totals },
    });
    return row.id;
  });
  return getInvoice(deps, viewer, id);
}

/** `DELETE invoices/{id}`: only a draft (its timesheets were never locked). */
export async function deleteInvoice(deps: Deps, viewer: Viewer, id: number) {
  await deps.transaction(async ({ tx }) => {
    const row = await findInvoice(tx, viewer, id, true);
    if (row.status !== 'draft') throw new AppError('conflict', msg(M.not_draft, { status: row.status }));
    await tx.delete(invoices).where(eq(invoices.id, id));
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'deleted',
      entityType: INVOICE_ENTITY,
      entityId: id,
      before: { client_id: row.clientId, total_cents: row.totalCents },
    });
  });
}
