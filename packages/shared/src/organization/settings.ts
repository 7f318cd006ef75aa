import { z } from 'zod';
import { COMMON_MESSAGES, defineMessages, msg } from '../api/messages';
import { MAX_ID, paginated, paginationQuerySchema } from '../api/problem';
import { timezoneField } from '../auth/schemas';
import { CONTRACT_MESSAGES } from '../contracts/messages';
import { SCREENSHOT_NOTICES } from '../contracts/settings';
import { SCREENSHOT_PRIVACY } from '../screenshots/privacy';

export const ORGANIZATION_MESSAGES = defineMessages('organizations', {
  name_required: 'The organization needs a name',
  status_filter: 'Status is 0 or 1',
  status_invalid: 'Status is 1 (active) or 0 (inactive)',
  iso_datetime: 'Use an ISO date-time, e.g. 2027-01-31T00:00:00Z',
  home_always_active: 'The home organization is always active.',
  plan_unknown: 'There is no such plan.',
  not_found: 'Organization not found.',
  logo_missing: 'Choose an image file for the logo.',
  logo_too_large: 'The logo must be at most {{max}} MB.',
  logo_type: 'The logo must be a PNG or JPEG image.',
  logo_unreadable: 'This file could not be read as a logo image.',
  logo_multipart: 'Send the logo as multipart/form-data in the field "logo".',
  logo_not_found: 'Logo not found.',
});

/** The organization's logo (issue 30: the invoice PDF, the app's header): PNG or JPEG, at most 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const logoResultSchema = z.object({ logo_url: z.string().nullable() });
export const logoFileParamsSchema = z.object({ name: z.string() });

const atLeast = (minimum: number) => ({ error: msg(COMMON_MESSAGES.too_small, { minimum }) });
const atMost = (maximum: number) => ({ error: msg(COMMON_MESSAGES.too_big, { maximum }) });
const wholeNumber = () => z.number({ error: COMMON_MESSAGES.not_a_number }).int(COMMON_MESSAGES.not_a_number);
const yesNo = () => z.boolean({ error: COMMON_MESSAGES.invalid });

/** Contract settings every new contract starts with, unless the organization changed them (DOMAIN.md). */
export const CONTRACT_DEFAULTS = {
  screenshots_enabled: true,
  screenshots_per_hour: 6,
  blur_screenshots: false,
  screenshot_privacy: 'full',
  screenshots_on_demand: true,
  screenshot_notice: 'each',
  va_may_mute_screenshot_notice: false,
  idle_timeout_minutes: 5,
  late_grace_minutes: 5,
  early_clock_in_minutes: 15,
  overtime_allowed: false,
  max_overtime_minutes: 120,
  timesheet_approval_required: true,
  vacation_days_per_year: 10,
  sick_days_per_year: 5,
} as const;

const between = (min: number, max: number) => wholeNumber().min(min, atLeast(min)).max(max, atMost(max));

export const contractDefaultsSchema = z.object({
  screenshots_enabled: yesNo(),
  screenshots_per_hour: between(1, 60),
  blur_screenshots: yesNo(),
  screenshot_privacy: z.enum(SCREENSHOT_PRIVACY, { error: CONTRACT_MESSAGES.choose_privacy }),
  screenshots_on_demand: yesNo(),
  screenshot_notice: z.enum(SCREENSHOT_NOTICES, { error: CONTRACT_MESSAGES.choose_screenshot_notice }),
  va_may_mute_screenshot_notice: yesNo(),
  idle_timeout_minutes: between(1, 240),
  late_grace_minutes: between(0, 240),
  early_clock_in_minutes: between(0, 240),
  overtime_allowed: yesNo(),
  max_overtime_minutes: between(0, 1440),
  timesheet_approval_required: yesNo(),
  vacation_days_per_year: between(0, 365),
  sick_days_per_year: between(0, 365),
});
export type ContractDefaults = z.infer<typeof contractDefaultsSchema>;

/** What an organization stores: only the keys it changed. Unknown keys are refused. */
export const contractDefaultsPatchSchema = contractDefaultsSchema.partial().strict();
export type ContractDefaultsPatch = z.infer<typeof contractDefaultsPatchSchema>;

/** Stored values over the built-in ones; stored values that no longer parse are ignored. */
function mergeStored<T extends object>(schema: z.ZodObject, defaults: T, stored: unknown): T {
  const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  if (stored && typeof stored === 'object') {
    const shape = schema.shape as Record<string, z.ZodType>;
    for (const [key, value] of Object.entries(stored)) {
      if (shape[key]?.safeParse(value).success) merged[key] = value;
    }
  }
  return merged as T;
}

/** The effective contract defaults of an organization. */
export const mergeContractDefaults = (stored: unknown): ContractDefaults =>
  mergeStored(contractDefaultsSchema, CONTRACT_DEFAULTS as ContractDefaults, stored);

/** What the organization decides about screenshots (issue 11). */
export const screenshotPolicySchema = z.object({
  /** Images older than this many days are removed by a daily job; the rows (counts, activity) stay. */
  retention_days: between(1, 3650),
  /** A VA may delete their own screenshot this many minutes after its capture (0: never). */
  va_delete_grace_minutes: between(0, 1440),
});
export type ScreenshotPolicy = z.infer<typeof screenshotPolicySchema>;
export const SCREENSHOT_POLICY_DEFAULTS: ScreenshotPolicy = {
  retention_days: 180,
  va_delete_grace_minutes: 10,
};

/** The effective screenshot policy of an organization. */
export const mergeScreenshotPolicy = (stored: unknown): ScreenshotPolicy =>
  mergeStored(screenshotPolicySchema, SCREENSHOT_POLICY_DEFAULTS, stored);

/** What the organization decides about timesheets (issue 13). */
export const timesheetPolicySchema = z.object({
  /** Clients approve or dispute their VAs' weeks; off: no sign-off (the week's `client_status` stays `waiting`). */
  client_sign_off: yesNo(),
  /** A client is reminded of a week still waiting for their sign-off this many days after it ended. */
  sign_off_reminder_days: between(1, 30),
});
export type TimesheetPolicy = z.infer<typeof timesheetPolicySchema>;
export const TIMESHEET_POLICY_DEFAULTS: TimesheetPolicy = {
  client_sign_off: true,
  sign_off_reminder_days: 3,
};

/** The effective timesheet policy of an organization. */
export const mergeTimesheetPolicy = (stored: unknown): TimesheetPolicy =>
  mergeStored(timesheetPolicySchema, TIMESHEET_POLICY_DEFAULTS, stored);

export const organizationSettingsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  timezone: z.string(),
  contract_defaults: contractDefaultsSchema,
  screenshot_policy: screenshotPolicySchema,
  timesheet_policy: timesheetPolicySchema,
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
    .min(1, { error: ORGANIZATION_MESSAGES.name_required })
    .max(120, { error: msg(COMMON_MESSAGES.at_most, { max: 120 }) })
    .optional(),
  timezone: timezoneField.optional(),
  contract_defaults: contractDefaultsPatchSchema.optional(),
  screenshot_policy: screenshotPolicySchema.partial().strict().optional(),
  timesheet_policy: timesheetPolicySchema.partial().strict().optional(),
});
export type SettingsUpdateInput = z.input<typeof settingsUpdateSchema>;

/** Super admin: `GET organizations`. */
export const organizationsQuerySchema = paginationQuerySchema.extend({
  search: z
    .string()
    .trim()
    .max(120, { error: msg(COMMON_MESSAGES.at_most, { max: 120 }) })
    .optional(),
  status: z.coerce
    .number({ error: ORGANIZATION_MESSAGES.status_filter })
    .int({ error: ORGANIZATION_MESSAGES.status_filter })
    .refine((v) => v === 0 || v === 1, { error: ORGANIZATION_MESSAGES.status_filter })
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
  trial_ends_at: z.string().nullable(),
  grace_until: z.string().nullable(),
  /** A subscription at the payment provider backs the organization. */
  subscribed: z.boolean(),
});
export type OrganizationRow = z.infer<typeof organizationRowSchema>;
export const organizationPageSchema = paginated(organizationRowSchema);

/** A super admin's change to an organization: suspend or reactivate it, move it to a plan, set its seats. */
export const organizationUpdateSchema = z
  .object({
    status: z.union([z.literal(0), z.literal(1)], { error: ORGANIZATION_MESSAGES.status_invalid }),
    plan_id: z
      .number({ error: ORGANIZATION_MESSAGES.plan_unknown })
      .int({ error: ORGANIZATION_MESSAGES.plan_unknown })
      .positive({ error: ORGANIZATION_MESSAGES.plan_unknown })
      .max(MAX_ID, { error: ORGANIZATION_MESSAGES.plan_unknown })
      .nullable(),
    plan_valid_until: z.iso.datetime({ offset: true, error: ORGANIZATION_MESSAGES.iso_datetime }).nullable(),
    max_users: between(1, 100_000).nullable(),
  })
  .partial()
  .strict();
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;
