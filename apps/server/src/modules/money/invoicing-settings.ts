import { msg } from '@vahub/shared/api/messages';
import { MONEY_MESSAGES as M } from '@vahub/shared/money/messages';
import type { InvoicingSettings, invoicingSettingsPatchSchema } from '@vahub/shared/money/schemas';
import { eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import type { Tx } from '../../platform/transaction';
import { invoices, invoicingSettings } from './money.table';

type SettingsRow = typeof invoicingSettings.$inferSelect;

export const toSettings = (s: SettingsRow): InvoicingSettings => ({
  prefix: s.prefix,
  next_number: s.nextNumber,
  payment_terms_days: s.paymentTermsDays,
  tax_rate: s.taxRateHundredths / 100,
  footer: s.footer,
  managers_handle_invoices: s.managersHandleInvoices,
  managers_see_pay: s.managersSeePay,
});

/** The organization's settings row, made with the defaults the first time; `lock`: `FOR UPDATE` (the counter). */
export async function settingsRow(db: Db | Tx, organizationId: number, lock = false): Promise<SettingsRow> {
  await db.insert(invoicingSettings).values({ organizationId }).onConflictDoNothing();
  const query = db
    .select()
    .from(invoicingSettings)
    .where(eq(invoicingSettings.organizationId, organizationId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function getInvoicingSettings(deps: Deps, viewer: Viewer) {
  return toSettings(await settingsRow(deps.db, viewer.organizationId));
}

/**
 * Changes the settings. The next number may be set (a new installation continuing an older series) but never at
 * or below a number already issued: numbers stay unique and in order.
 */
export async function updateInvoicingSettings(
  deps: Deps,
  viewer: Viewer,
  body: z.infer<typeof invoicingSettingsPatchSchema>,
) {
  return deps.transaction(async ({ tx }) => {
    const before = await settingsRow(tx, viewer.organizationId, true);
    if (body.next_number !== undefined && body.next_number !== before.nextNumber) {
      const [issued] = await tx
        .select({ top: max(invoices.sequence) })
        .from(invoices)
        .where(eq(invoices.organizationId, viewer.organizationId));
      const min = (issued?.top ?? 0) + 1;
      if (body.next_number < min) throw fieldError('next_number', msg(M.next_number, { min }));
    }
    const [row] = await tx
      .update(invoicingSettings)
      .set({
        ...(body.prefix !== undefined ? { prefix: body.prefix } : {}),
        ...(body.next_number !== undefined ? { nextNumber: body.next_number } : {}),
        ...(body.payment_terms_days !== undefined ? { paymentTermsDays: body.payment_terms_days } : {}),
        ...(body.tax_rate !== undefined ? { taxRateHundredths: Math.round(body.tax_rate * 100) } : {}),
        ...(body.footer !== undefined ? { footer: body.footer || null } : {}),
        ...(body.managers_handle_invoices !== undefined
          ? { managersHandleInvoices: body.managers_handle_invoices }
          : {}),
        ...(body.managers_see_pay !== undefined ? { managersSeePay: body.managers_see_pay } : {}),
        updatedAt: deps.clock.now(),
      })
      .where(eq(invoicingSettings.organizationId, viewer.organizationId))
      .returning();
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'updated',
      entityType: 'invoicing_settings',
      entityId: viewer.organizationId,
      before: toSettings(before),
      after: toSettings(row),
    });
    return toSettings(row);
  });
}

/** Whether the organization lets managers read the pay rates of the contracts in their scope (contracts asks). */
export async function managersSeePay(db: Db | Tx, organizationId: number) {
  const [row] = await db
    .select({ on: invoicingSettings.managersSeePay })
    .from(invoicingSettings)
    .where(eq(invoicingSettings.organizationId, organizationId));
  return row?.on ?? false;
}
