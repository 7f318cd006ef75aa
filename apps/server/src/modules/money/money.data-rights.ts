import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { after, type DataScope, holdsAny, keysetBatches, replacedText } from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { invoiceLines, invoices } from './money.table';

// Data export and erasure (issue 33): the invoice lines of a scope (an organization's, a client's own; a VA's
// export has none: what a client is billed is the agency's); an erased person's name leaves the lines' texts,
// their figures stay.

const invoicesOf = (db: Db | Tx, scope: DataScope) =>
  db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, scope.organizationId),
        scope.clientId !== null ? eq(invoices.clientId, scope.clientId) : undefined,
        // A client reads their issued and paid invoices, never a draft or a voided one.
        scope.clientId !== null ? inArray(invoices.status, ['issued', 'paid']) : undefined,
      ),
    );

export const exportInvoiceLines = (db: Db, scope: DataScope) =>
  keysetBatches((a, n) =>
    db
      .select()
      .from(invoiceLines)
      .where(
        and(
          scope.vaId !== null ? sql`false` : undefined,
          inArray(invoiceLines.invoiceId, invoicesOf(db, scope)),
          after(invoiceLines.id, a),
        ) as SQL,
      )
      .orderBy(invoiceLines.id)
      .limit(n),
  );

export async function eraseFromInvoices(tx: Tx, organizationId: number, needles: string[], alias: string) {
  const scope = { organizationId, userIds: null, clientId: null, vaId: null, selfId: null };
  await tx
    .update(invoiceLines)
    .set({ description: replacedText(invoiceLines.description, needles, alias) })
    .where(
      and(
        inArray(invoiceLines.invoiceId, invoicesOf(tx, scope)),
        holdsAny([invoiceLines.description], needles),
      ),
    );
  await tx
    .update(invoices)
    .set({ notes: replacedText(invoices.notes, needles, alias) })
    .where(and(eq(invoices.organizationId, organizationId), holdsAny([invoices.notes], needles)));
}
