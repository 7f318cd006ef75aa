import { z } from 'zod';
import { COMMON_MESSAGES, msg } from '../api/messages';
import { BILLING_MESSAGES } from './messages';

/** Where an organization stands with its subscription (computed from its row; DOMAIN.md). */
export const BILLING_STATES = ['free', 'trialing', 'active', 'past_due', 'inactive'] as const;
export type BillingState = (typeof BILLING_STATES)[number];

/** A plan as the super admin manages it (the public list is `planSchema` of organization/schemas). */
export const adminPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  max_users: z.number().int(),
  price_id: z.string().nullable(),
  features: z.array(z.string()),
  is_default: z.boolean(),
  active: z.boolean(),
  /** Organizations on this plan now. */
  organization_count: z.number().int(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

const text = (max: number) =>
  z
    .string({ error: COMMON_MESSAGES.required })
    .trim()
    .max(max, { error: msg(COMMON_MESSAGES.at_most, { max }) });

export const planInputSchema = z
  .object({
    name: text(80).min(1, { error: COMMON_MESSAGES.required }),
    description: text(500).default(''),
    price_cents: z
      .number({ error: COMMON_MESSAGES.not_a_number })
      .int({ error: COMMON_MESSAGES.not_a_number })
      .min(0, { error: msg(COMMON_MESSAGES.too_small, { minimum: 0 }) })
      .max(100_000_000, { error: msg(COMMON_MESSAGES.too_big, { maximum: 100_000_000 }) }),
    currency: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{3}$/, { error: COMMON_MESSAGES.invalid })
      .default('usd'),
    interval: z.enum(['month', 'year'], { error: COMMON_MESSAGES.invalid }).default('month'),
    max_users: z
      .number({ error: COMMON_MESSAGES.not_a_number })
      .int({ error: COMMON_MESSAGES.not_a_number })
      .min(1, { error: msg(COMMON_MESSAGES.too_small, { minimum: 1 }) })
      .max(100_000, { error: msg(COMMON_MESSAGES.too_big, { maximum: 100_000 }) }),
    price_id: text(120)
      .regex(/^[\w-]*$/, { error: COMMON_MESSAGES.invalid })
      .nullable()
      .transform((v) => (v ? v : null))
      .default(null),
    features: z.array(text(120)).max(30).default([]),
    active: z.boolean({ error: COMMON_MESSAGES.invalid }).default(true),
  })
  .strict();
export type PlanInput = z.input<typeof planInputSchema>;

export const planPatchSchema = planInputSchema
  .extend({
    description: text(500),
    currency: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{3}$/, { error: COMMON_MESSAGES.invalid }),
    interval: z.enum(['month', 'year'], { error: COMMON_MESSAGES.invalid }),
    price_id: text(120)
      .regex(/^[\w-]*$/, { error: COMMON_MESSAGES.invalid })
      .nullable()
      .transform((v) => (v ? v : null)),
    features: z.array(text(120)).max(30),
    active: z.boolean({ error: COMMON_MESSAGES.invalid }),
  })
  .partial()
  .strict();
export type PlanPatch = z.input<typeof planPatchSchema>;

/** The spec's `{price_id}`; or a plan by its id (`plan_id`), so a plan without a price id says why it cannot be bought. */
export const checkoutSchema = z
  .object({
    price_id: z.string({ error: BILLING_MESSAGES.plan_unknown }).trim().min(1).max(120).optional(),
    plan_id: z
      .number({ error: BILLING_MESSAGES.plan_unknown })
      .int({ error: BILLING_MESSAGES.plan_unknown })
      .positive({ error: BILLING_MESSAGES.plan_unknown })
      .max(2_147_483_647, { error: BILLING_MESSAGES.plan_unknown })
      .optional(),
  })
  .strict()
  .refine((b) => b.price_id !== undefined || b.plan_id !== undefined, {
    error: BILLING_MESSAGES.plan_unknown,
    path: ['price_id'],
  });
export const checkoutSuccessSchema = z
  .object({ session_id: z.string({ error: BILLING_MESSAGES.session_unknown }).trim().min(1).max(255) })
  .strict();
export const urlSchema = z.object({ url: z.string() });

/** What Settings → Billing and the banners read. */
export const billingSummarySchema = z.object({
  billing_enabled: z.boolean(),
  state: z.enum(BILLING_STATES),
  active: z.boolean(),
  plan: z
    .object({
      id: z.number().int(),
      name: z.string(),
      price_cents: z.number().int(),
      currency: z.string(),
      interval: z.enum(['month', 'year']),
      max_users: z.number().int(),
    })
    .nullable(),
  user_count: z.number().int(),
  max_users: z.number().int().nullable(),
  plan_valid_until: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  grace_until: z.string().nullable(),
  /** A billing account exists at the provider (the portal and invoices need it). */
  has_customer: z.boolean(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  created_at: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  hosted_url: z.string().nullable(),
  pdf_url: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const webhookResultSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
