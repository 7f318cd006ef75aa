import { z } from 'zod';
import { paginated, paginationQuerySchema } from '../api/problem';
import { timezoneField } from '../auth/schemas';

/** Contract settings every new contract starts with, unless the organization changed them (DOMAIN.md). */
export const CONTRACT_DEFAULTS = {
  screenshots_enabled: true,
  screenshots_per_hour: 6,
  blur_screenshots: false,
  idle_timeout_minutes: 5,
  late_grace_minutes: 5,
  early_clock_in_minutes: 15,
  overtime_allowed: false,
  timesheet_approval_required: true,
  vacation_days_per_year: 10,
  sick_days_per_year: 5,
} as const;

const minutes = (max: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(max, { error: `At most ${max}` });

export const contractDefaultsSchema = z.object({
  screenshots_enabled: z.boolean(),
  screenshots_per_hour: z.number().int().min(1, { error: 'At least 1' }).max(60, { error: 'At most 60' }),
  blur_screenshots: z.boolean(),
  idle_timeout_minutes: z.number().int().min(1, { error: 'At least 1' }).max(240, { error: 'At most 240' }),
  late_grace_minutes: minutes(240),
  early_clock_in_minutes: minutes(240),
  overtime_allowed: z.boolean(),
  timesheet_approval_required: z.boolean(),
  vacation_days_per_year: z.number().int().min(0).max(365, { error: 'At most 365' }),
  sick_days_per_year: z.number().int().min(0).max(365, { error: 'At most 365' }),
});
export type ContractDefaults = z.infer<typeof contractDefaultsSchema>;

/** What an organization stores: only the keys it changed. Unknown keys are refused. */
export const contractDefaultsPatchSchema = contractDefaultsSchema.partial().strict();
export type ContractDefaultsPatch = z.infer<typeof contractDefaultsPatchSchema>;

/** The effective defaults: stored values over the built-in ones (stored values that no longer parse are ignored). */
export function mergeContractDefaults(stored: unknown): ContractDefaults {
  const merged: Record<string, unknown> = { ...CONTRACT_DEFAULTS };
  if (stored && typeof stored === 'object') {
    const shape = contractDefaultsSchema.shape as Record<string, z.ZodType>;
    for (const [key, value] of Object.entries(stored)) {
      if (shape[key]?.safeParse(value).success) merged[key] = value;
    }
  }
  return merged as ContractDefaults;
}

export const organizationSettingsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  timezone: z.string(),
  contract_defaults: contractDefaultsSchema,
  subscription: z.object({
    plan_name: z.string().nullable(),
    /** ISO instant, or null: the screen shows 'None'. */
    plan_valid_until: z.string().nullable(),
    status: z.union([z.literal(0), z.literal(1)]),
    active: z.boolean(),
  }),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

export const settingsUpdateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'The organization needs a name' })
    .max(120, { error: 'At most 120 characters' })
    .optional(),
  timezone: timezoneField.optional(),
  contract_defaults: contractDefaultsPatchSchema.optional(),
});
export type SettingsUpdateInput = z.input<typeof settingsUpdateSchema>;

/** Super admin: `GET organizations`. */
export const organizationsQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(120).optional(),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, { error: 'Status is 0 or 1' })
    .optional(),
});

export const organizationRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  plan_id: z.number().int().nullable(),
  plan_name: z.string().nullable(),
  plan_valid_until: z.string().nullable(),
  user_count: z.number().int(),
  max_users: z.number().int().nullable(),
  owner: z
    .object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), email: z.string() })
    .nullable(),
  timezone: z.string(),
  created_at: z.string(),
});
export type OrganizationRow = z.infer<typeof organizationRowSchema>;
export const organizationPageSchema = paginated(organizationRowSchema);

/** A super admin's change to an organization: suspend or reactivate it, move it to a plan, set its seats. */
export const organizationUpdateSchema = z
  .object({
    status: z.union([z.literal(0), z.literal(1)], { error: 'Status is 1 (active) or 0 (inactive)' }),
    plan_id: z.number().int().positive().nullable(),
    plan_valid_until: z.iso
      .datetime({ offset: true, error: 'Use an ISO date-time, e.g. 2027-01-31T00:00:00Z' })
      .nullable(),
    max_users: z.number().int().min(1, { error: 'At least 1 user' }).max(100_000).nullable(),
  })
  .partial()
  .strict();
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;
