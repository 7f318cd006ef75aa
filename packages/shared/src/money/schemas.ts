import { z } from 'zod';
import { COMMON_MESSAGES, msg } from '../api/messages';
import { paginated, paginationQuerySchema } from '../api/problem';
import { dateField, idField, queryId, withRange } from '../attendance/schemas';
import { personSummarySchema } from '../contracts/schemas';
import { TIMESHEET_MESSAGES } from '../timesheets/messages';
import { MONEY_MESSAGES as M } from './messages';

/**
 * Client invoices and VA payroll from approved time (issue 30; DOMAIN.md "Money: invoices and payroll").
 * Every amount travels as integer cents (`*_cents`) with its ISO currency beside it; rates and percentages as
 * decimals with two places. Rounding (docs/decisions.md): each line's amount is its minutes × rate / 60 rounded
 * half up to the cent; the discount and the tax are rounded half up once, on the totals.
 */
export const MONEY = {
  maxPeriodDays: 92,
  maxNotesLength: 2000,
  maxFooterLength: 1000,
} as const;

export const INVOICE_STATUSES = ['draft', 'issued', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const PAYROLL_STATUSES = ['draft', 'approved', 'paid', 'void'] as const;
export type PayrollStatus = (typeof PAYROLL_STATUSES)[number];

const int = z.number().int();
/** A percentage with at most two decimals, 0–100. */
const percent = (message: string) =>
  z
    .number({ error: message })
    .min(0, { error: message })
    .max(100, { error: message })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: message });
const rateField = z
  .number({ error: M.rate })
  .min(0, { error: M.rate })
  .max(100_000, { error: M.rate })
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: M.rate });

const period = (q: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) => {
  if (!q.start_date || !q.end_date) return;
  const days = (Date.parse(q.end_date) - Date.parse(q.start_date)) / 86_400_000 + 1;
  if (days > MONEY.maxPeriodDays)
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: msg(M.period_too_long, { max: MONEY.maxPeriodDays }),
    });
};

// Invoices

export const invoiceLineSchema = z.object({
  id: int,
  va_id: int,
  contract_id: int,
  description: z.string(),
  minutes: int,
  /** Decimal hours (minutes / 60, two places): what the PDF shows. */
  hours: z.number(),
  rate_cents: int,
  amount_cents: int,
  timesheet_count: int,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** An approved timesheet of the client in the period that the invoice did not take, and why. */
export const LEFT_OUT_REASONS = ['not_signed_off', 'on_other_invoice', 'no_rate', 'other_currency'] as const;
export const leftOutSchema = z.object({
  timesheet_id: int,
  va_id: int,
  contract_id: int,
  date: z.string(),
  minutes: int,
  reason: z.enum(LEFT_OUT_REASONS),
  /** The other invoice's number or id, for `on_other_invoice`. */
  detail: z.string().nullable(),
});

export const invoiceTotalsSchema = z.object({
  subtotal_cents: int,
  discount_cents: int,
  tax_cents: int,
  total_cents: int,
});

export const invoiceSchema = invoiceTotalsSchema.extend({
  id: int,
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  client_id: int,
  client: personSummarySchema,
  currency: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  issue_date: z.string().nullable(),
  due_date: z.string().nullable(),
  tax_rate: z.number(),
  discount_percent: z.number(),
  notes: z.string().nullable(),
  paid_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceDetailSchema = invoiceSchema.extend({
  lines: z.array(invoiceLineSchema),
  /** What the draft left out and why (empty once issued). */
  left_out: z.array(leftOutSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceStatusTotalSchema = z.object({
  status: z.enum(INVOICE_STATUSES),
  currency: z.string(),
  count: int,
  total_cents: int,
});

export const invoicePageSchema = paginated(invoiceSchema).extend({
  meta: paginated(invoiceSchema).shape.meta.extend({ totals: z.array(invoiceStatusTotalSchema) }),
});

const invoiceStatusField = z.enum(INVOICE_STATUSES, { error: M.choose_invoice_status });

export const invoiceQuerySchema = withRange(
  paginationQuerySchema.extend({
    client_id: queryId,
    status: invoiceStatusField.optional(),
    start_date: dateField.optional(),
    end_date: dateField.optional(),
  }),
);
export type InvoiceQuery = z.infer<typeof invoiceQuerySchema>;

export const invoiceCreateSchema = withRange(
  z.object({
    client_id: idField(TIMESHEET_MESSAGES.choose_client),
    start_date: dateField,
    end_date: dateField,
    /** Only where the client's contracts bill in several currencies. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, { error: M.choose_currency })
      .optional(),
  }),
).superRefine(period);
export type InvoiceCreateInput = z.infer<typeof invoiceCreateSchema>;

export const invoicePatchSchema = z.object({
  status: z.enum(['issued', 'paid', 'void'], { error: M.choose_invoice_status }).optional(),
  tax_rate: percent(M.tax_rate).optional(),
  discount_percent: percent(M.discount).optional(),
  notes: z
    .string()
    .max(MONEY.maxNotesLength, { error: msg(M.notes_too_long, { max: MONEY.maxNotesLength }) })
    .nullable()
    .optional(),
  lines: z
    .array(
      z.object({
        id: idField(COMMON_MESSAGES.invalid),
        description: z.string().trim().min(1).max(300).optional(),
        rate: rateField.optional(),
        /** Takes the line (and its timesheets) off the draft. */
        remove: z.boolean().optional(),
      }),
    )
    .max(500)
    .optional(),
});
export type InvoicePatch = z.infer<typeof invoicePatchSchema>;

export const invoicingSettingsSchema = z.object({
  /** `{YYYY}` becomes the issue date's year: `INV-{YYYY}-` → INV-2026-0012. */
  prefix: z.string(),
  next_number: int,
  payment_terms_days: int,
  tax_rate: z.number(),
  footer: z.string().nullable(),
  /** Managers handle their clients' invoices under `manager-access` (they never see a VA's pay). */
  managers_handle_invoices: z.boolean(),
  /** Managers read the pay rate of the contracts in their scope (off: never). */
  managers_see_pay: z.boolean(),
});
export type InvoicingSettings = z.infer<typeof invoicingSettingsSchema>;

export const invoicingSettingsPatchSchema = z
  .object({
    prefix: z
      .string()
      .max(20, { error: M.prefix })
      .regex(/^([A-Za-z0-9\-/_]|\{YYYY\})*$/, { error: M.prefix }),
    next_number: z
      .number({ error: M.next_number })
      .int({ error: M.next_number })
      .min(1, { error: M.next_number }),
    payment_terms_days: z
      .number({ error: M.payment_terms })
      .int({ error: M.payment_terms })
      .min(0, { error: M.payment_terms })
      .max(365, { error: M.payment_terms }),
    tax_rate: percent(M.tax_rate),
    footer: z
      .string()
      .max(MONEY.maxFooterLength, { error: msg(M.footer_too_long, { max: MONEY.maxFooterLength }) })
      .nullable(),
    managers_handle_invoices: z.boolean(),
    managers_see_pay: z.boolean(),
  })
  .partial()
  .strict();

// Payroll

export const payrollLineSchema = z.object({
  va_id: int,
  va: personSummarySchema,
  currency: z.string(),
  worked_minutes: int,
  billable_minutes: int,
  overtime_minutes: int,
  /** Billable minutes without a pay rate on their contract: counted, paid 0 (the screen flags them). */
  unpriced_minutes: int,
  amount_cents: int,
  timesheet_count: int,
});
export type PayrollLine = z.infer<typeof payrollLineSchema>;

export const payrollRunSchema = z.object({
  id: int,
  label: z.string(),
  status: z.enum(PAYROLL_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  /** Totals per currency. */
  totals: z.array(z.object({ currency: z.string(), amount_cents: int })),
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  created_at: z.string(),
});
export type PayrollRun = z.infer<typeof payrollRunSchema>;
export const payrollRunDetailSchema = payrollRunSchema.extend({ lines: z.array(payrollLineSchema) });
export type PayrollRunDetail = z.infer<typeof payrollRunDetailSchema>;
export const payrollPageSchema = paginated(payrollRunSchema);

export const payrollQuerySchema = paginationQuerySchema.extend({
  status: z.enum(PAYROLL_STATUSES, { error: M.choose_payroll_status }).optional(),
});
export const payrollCreateSchema = withRange(
  z.object({
    start_date: dateField,
    end_date: dateField,
    va_id: idField(TIMESHEET_MESSAGES.choose_va).optional(),
  }),
).superRefine(period);
export const payrollPatchSchema = z.object({
  status: z.enum(['approved', 'paid', 'void'], { error: M.choose_payroll_status }),
});
export const payrollExportQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: M.choose_format }).default('csv'),
});

// The VA's earnings

export const earningsQuerySchema = withRange(
  z.object({ start_date: dateField, end_date: dateField }),
).superRefine(period);
export const earningsSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** What the approved time of the period comes to at the VA's pay rates, per currency. */
  totals: z.array(
    z.object({
      currency: z.string(),
      billable_minutes: int,
      overtime_minutes: int,
      amount_cents: int,
    }),
  ),
  /** The payroll runs that paid (or will pay) them in the period. */
  runs: z.array(
    z.object({
      id: int,
      label: z.string(),
      status: z.enum(PAYROLL_STATUSES),
      currency: z.string(),
      billable_minutes: int,
      amount_cents: int,
    }),
  ),
});
export type Earnings = z.infer<typeof earningsSchema>;
