import { MONEY_MESSAGES as M } from '@vahub/shared/money/messages';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/errors';
import type { Viewer } from '../../lib/viewer';
import type { Tx } from '../../platform/transaction';
import { managedClientIdsSql } from '../people/public';
import { invoices, invoicingSettings } from './money.table';

export const invoiceNotFound = () => new AppError('not_found', M.invoice_not_found);

/** Whether the organization lets managers handle their clients' invoices. */
async function managersAllowed(db: Db | Tx, organizationId: number) {
  const [row] = await db
    .select({ on: invoicingSettings.managersHandleInvoices })
    .from(invoicingSettings)
    .where(eq(invoicingSettings.organizationId, organizationId));
  return row?.on ?? false;
}

/**
 * The invoices a viewer reaches: an admin the organization's; a manager their clients', where the organization
 * allows (else 403); a client the issued and paid ones addressed to them. Another organization's: none (404).
 */
export async function invoiceScope(db: Db | Tx, viewer: Viewer): Promise<SQL> {
  const org = eq(invoices.organizationId, viewer.organizationId);
  if (viewer.isAdmin) return org;
  if (viewer.role === 'manager') {
    if (!(await managersAllowed(db, viewer.organizationId)))
      throw new AppError('forbidden', M.managers_not_allowed);
    return and(org, sql`${invoices.clientId} in ${managedClientIdsSql(viewer.userId)}`) as SQL;
  }
  if (viewer.role === 'client')
    return and(
      org,
      eq(invoices.clientId, viewer.userId),
      inArray(invoices.status, ['issued', 'paid']),
    ) as SQL;
  return sql`false`;
}

/** Whether a supervisor may invoice this client (an admin: any of the organization's; a manager: theirs). */
export async function mayInvoiceClient(db: Db | Tx, viewer: Viewer, clientId: number) {
  if (viewer.isAdmin) return true;
  const result = await db.execute(
    sql`select ${clientId}::int in ${managedClientIdsSql(viewer.userId)} as ok`,
  );
  return Boolean(rowsOf<{ ok: boolean }>(result)[0]?.ok);
}
