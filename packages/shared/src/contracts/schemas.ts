import { z } from 'zod';
import { COMMON_MESSAGES, msg } from '../api/messages';
import { MAX_ID, paginationQuerySchema } from '../api/problem';
import { timezoneField } from '../auth/schemas';
import { isValidDate } from '../time/dates';
import { CONTRACT_MESSAGES as M } from './messages';
import { contractSettingsPatchSchema, contractSettingsSchema } from './settings';
import { CONTRACT_STATUSES } from './statuses';

export const dateField = z
  .string({ error: COMMON_MESSAGES.invalid_date })
  .refine(isValidDate, { error: COMMON_MESSAGES.invalid_date });

const idField = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });
const queryId = z.coerce.number().int().positive().max(MAX_ID).optional();

export const contractStatusField = z.enum(CONTRACT_STATUSES, {
  error: M.choose_status,
});

/** Someone on either side of a contract, as lists show them. */
export const personSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  timezone: z.string(),
  avatar_url: z.string().nullable(),
  company_name: z.string().nullable(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

export const scheduleSchema = z.object({
  id: z.number().int(),
  contract_id: z.number().int(),
  weekday: z.number().int(),
  start_minute: z.number().int(),
  end_minute: z.number().int(),
  overnight: z.boolean(),
  duration_minutes: z.number().int(),
  effective_from: z.string().nullable(),
  effective_to: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** A schedule in lists across contracts: with its contract, VA, client and zone. */
export const scheduleListItemSchema = scheduleSchema.extend({
  timezone: z.string(),
  contract: z.object({ id: z.number().int(), title: z.string(), status: contractStatusField }),
  va: personSummarySchema,
  client: personSummarySchema,
});
export type ScheduleListItem = z.infer<typeof scheduleListItemSchema>;

export const contractSchema = z.object({
  id: z.number().int(),
  va_id: z.number().int(),
  client_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: contractStatusField,
  start_date: z.string(),
  end_date: z.string().nullable(),
  timezone: z.string(),
  hourly_rate: z.number().nullable(),
  currency: z.string(),
  /** What the VA is paid per hour (issue 30): only in an admin's reads and the VA's own; never a client's. */
  pay_rate: z.number().nullable().optional(),
  pay_currency: z.string().optional(),
  /** Approved overtime is paid at the pay rate times this. */
  pay_overtime_multiplier: z.number().optional(),
  activated_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  va: personSummarySchema,
  client: personSummarySchema,
  settings: contractSettingsSchema.nullable(),
  schedules_count: z.number().int(),
  /** Present on single reads and the "contracts with schedules" lists. */
  schedules: z.array(scheduleSchema).optional(),
});
export type Contract = z.infer<typeof contractSchema>;

const titleField = z
  .string({ error: M.title_required })
  .trim()
  .min(1, { error: M.title_required })
  .max(160, { error: msg(COMMON_MESSAGES.at_most, { max: 160 }) });
const currencyField = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, { error: M.currency })
  .transform((v) => v.toUpperCase());
const rateField = z
  .number({ error: M.rate_required })
  .min(0, { error: M.rate_negative })
  .max(99_999_999, { error: M.rate_too_large });
/** The VA's pay (issue 30): what they are paid per hour, in which currency, and overtime's multiplier. */
const payFields = {
  pay_rate: rateField.nullable().optional(),
  pay_currency: currencyField.nullable().optional(),
  pay_overtime_multiplier: z
    .number({ error: M.pay_multiplier })
    .min(1, { error: M.pay_multiplier })
    .max(5, { error: M.pay_multiplier })
    .optional(),
};

export const contractCreateSchema = z.object({
  va_id: idField('Choose a virtual assistant'),
  client_id: idField('Choose a client'),
  title: titleField,
  description: z.string().max(5000).nullable().optional(),
  start_date: dateField,
  end_date: dateField.nullable().optional(),
  timezone: timezoneField.optional(),
  hourly_rate: rateField.nullable().optional(),
  currency: currencyField.optional(),
  ...payFields,
  settings: contractSettingsPatchSchema.optional(),
});
export type ContractCreateInput = z.input<typeof contractCreateSchema>;

export const contractUpdateSchema = z.object({
  title: titleField.optional(),
  description: z.string().max(5000).nullable().optional(),
  start_date: dateField.optional(),
  end_date: dateField.nullable().optional(),
  timezone: timezoneField.optional(),
  hourly_rate: rateField.nullable().optional(),
  currency: currencyField.optional(),
  ...payFields,
  status: contractStatusField.optional(),
});
export type ContractUpdateInput = z.input<typeof contractUpdateSchema>;

export const contractListQuerySchema = paginationQuerySchema.extend({
  va_id: queryId,
  client_id: queryId,
  status: contractStatusField.optional(),
  search: z.string().trim().max(100).optional(),
});
export type ContractListQuery = z.output<typeof contractListQuerySchema>;

export const multiplySchema = z.object({
  va_ids: z
    .array(idField(M.choose_va), { error: M.choose_vas })
    .min(1, { error: M.choose_vas })
    .max(100, { error: msg(M.too_many_vas, { max: 100 }) }),
});

export const multiplyResultSchema = z.object({
  data: z.array(contractSchema),
  errors: z.record(z.string(), z.array(z.string())),
});

const minuteField = (side: 'start' | 'end') =>
  z
    .number({ error: M[`${side}_required`] })
    .int({ error: M[`${side}_whole`] })
    .min(0, { error: M[`${side}_range`] })
    .max(1439, { error: M[`${side}_range`] });

export const weekdayField = z
  .number({ error: M.weekday_required })
  .int({ error: M.weekday_required })
  .min(0, { error: M.weekday_range })
  .max(7, { error: M.weekday_range })
  .transform((d) => (d === 0 ? 7 : d));

export const scheduleCreateSchema = z.object({
  contract_id: idField(M.choose_contract),
  weekday: weekdayField,
  start_minute: minuteField('start'),
  end_minute: minuteField('end'),
  effective_from: dateField.nullable().optional(),
  effective_to: dateField.nullable().optional(),
});
export type ScheduleCreateInput = z.input<typeof scheduleCreateSchema>;

export const scheduleUpdateSchema = scheduleCreateSchema.omit({ contract_id: true }).partial();
export type ScheduleUpdateInput = z.input<typeof scheduleUpdateSchema>;

export const scheduleListQuerySchema = paginationQuerySchema.extend({
  client_id: queryId,
  va_id: queryId,
  contract_id: queryId,
  team_id: queryId,
  weekday: z.coerce
    .number()
    .int()
    .min(0)
    .max(7)
    .transform((d) => (d === 0 ? 7 : d))
    .optional(),
});
export type ScheduleListQuery = z.output<typeof scheduleListQuerySchema>;

/** One shift on the "who is scheduled today" screen. */
export const scheduledShiftSchema = z.object({
  schedule_id: z.number().int(),
  date: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  start_minute: z.number().int(),
  end_minute: z.number().int(),
  timezone: z.string(),
  contract: z.object({ id: z.number().int(), title: z.string(), status: contractStatusField }),
  va: personSummarySchema,
  client: personSummarySchema,
});

export const scheduledTodayQuerySchema = paginationQuerySchema.extend({
  date: dateField.optional(),
  client_id: queryId,
  va_id: queryId,
});

/** A VA as a client's lists show them, with the contracts that link them. */
export const vaOfClientSchema = personSummarySchema.extend({
  status: z.string(),
  position: z.string().nullable(),
  contract_ids: z.array(z.number().int()),
  contracts: z.array(z.object({ id: z.number().int(), title: z.string(), status: contractStatusField })),
});
export type VaOfClient = z.infer<typeof vaOfClientSchema>;

export const searchQuerySchema = z.object({ search: z.string().trim().max(100).optional() });
export const searchPageQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
