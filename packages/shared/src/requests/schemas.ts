import { z } from 'zod';
import { msg } from '../api/messages';
import { MAX_ID, paginationMetaSchema, paginationQuerySchema } from '../api/problem';
import { ATTENDANCE_STATUSES, dateField, queryId, rangeFields, withRange } from '../attendance/schemas';
import { personSummarySchema } from '../contracts/schemas';
import { daysBetween, isValidDate } from '../time/dates';
import { REQUEST_MESSAGES as M } from './messages';

/**
 * A VA's requests (DOMAIN.md "Requests"; issue 14): leave of the vacation types, absence, sick leave, overtime
 * and make-up shifts, each decided by an admin or the VA's manager. Dates are local dates of the contract's
 * zone; `minutes` is the overtime or the make-up shift's length; `mus` the make-up shift's local date and its
 * start and end in minutes since midnight (an end at or before the start runs past midnight).
 */
export const REQUESTS = {
  /** An attachment (PDF or image), checked by its bytes. */
  maxFileBytes: 10 * 1024 * 1024,
  maxDetailsLength: 2000,
  maxNoteLength: 1000,
  /** A leave covers at most this many calendar days. */
  maxRangeDays: 366,
  maxOvertimeMinutes: 1440,
} as const;

export const VACATION_TYPES = ['vacation_leave', 'emergency_leave', 'unpaid_leave'] as const;
/** Types that take days off: approval marks the covered shifts `on_leave`. */
export const LEAVE_TYPES = [...VACATION_TYPES, 'absent', 'sick_leave'] as const;
export const REQUEST_TYPES = [...LEAVE_TYPES, 'overtime', 'mus'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export type LeaveType = (typeof LEAVE_TYPES)[number];
/** Types that need an attachment (the spec: only the first file is used). */
export const FILE_REQUIRED_TYPES: readonly RequestType[] = ['sick_leave', 'overtime', 'mus'];

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const DECISIONS = ['approved', 'rejected'] as const;
export type Decision = (typeof DECISIONS)[number];

export const PAID_BY = ['client', 'agency', 'unpaid'] as const;
export type PaidBy = (typeof PAID_BY)[number];

/** The allowance a leave type draws on (contract settings `vacation_days_per_year`, `sick_days_per_year`). */
export const LEAVE_POOLS = ['vacation', 'sick'] as const;
export type LeavePool = (typeof LEAVE_POOLS)[number];
export const poolOf = (type: RequestType): LeavePool | null =>
  type === 'vacation_leave' || type === 'emergency_leave'
    ? 'vacation'
    : type === 'sick_leave'
      ? 'sick'
      : null;

export const isLeaveType = (type: RequestType): type is LeaveType =>
  (LEAVE_TYPES as readonly string[]).includes(type);

/** Attachments: what the bytes must be. */
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;

const int = z.number().int();

/** A form field sent as multipart arrives as text: a number-looking text becomes a number. */
const numberish = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
    schema,
  );
const idOf = (message: string) =>
  numberish(
    z
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(MAX_ID, { error: message }),
  );

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
/**
 * The spec's client sends dates as ISO strings (`toISOString()`, an instant); ours sends `YYYY-MM-DD`. Both are
 * taken: an instant is read as a date in the contract's zone by the server.
 */
export const requestDateField = z
  .string({ error: M.request_date })
  .refine((s) => isValidDate(s) || (ISO_INSTANT.test(s) && !Number.isNaN(Date.parse(s))), {
    error: M.request_date,
  });
export const isIsoInstant = (s: string) => !isValidDate(s) && ISO_INSTANT.test(s);

const minuteOfDay = numberish(
  z
    .number({ error: M.mus_time })
    .int({ error: M.mus_time })
    .min(0, { error: M.mus_time })
    .max(1439, { error: M.mus_time }),
);
export const musSchema = z.object(
  { date: dateField, start: minuteOfDay, end: minuteOfDay },
  { error: M.mus_required },
);
export type Mus = z.infer<typeof musSchema>;

const detailsField = z
  .string()
  .trim()
  .max(REQUESTS.maxDetailsLength, { error: msg(M.details_too_long, { max: REQUESTS.maxDetailsLength }) });

/** A multipart `mus` arrives as JSON text. */
const jsonish = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, schema);

/**
 * `POST va-access/user-requests` (JSON, or multipart with the attachment as `file`). The per-type fields are
 * checked here; dates against the contract, overlaps, balances and the attachment by the server.
 */
export const createRequestSchema = z
  .object({
    type: z.enum(REQUEST_TYPES, { error: M.choose_type }),
    contract_id: idOf(M.choose_contract),
    client_id: idOf(M.client_mismatch).optional(),
    attendance_id: idOf(M.choose_attendance).optional(),
    details: detailsField.optional(),
    paid_by: z.enum(PAID_BY, { error: M.choose_paid_by }).optional(),
    target_start_date: requestDateField.optional(),
    target_end_date: requestDateField.optional(),
    minutes: numberish(
      z
        .number({ error: msg(M.minutes_range, { max: REQUESTS.maxOvertimeMinutes }) })
        .int({ error: msg(M.minutes_range, { max: REQUESTS.maxOvertimeMinutes }) })
        .min(1, { error: msg(M.minutes_range, { max: REQUESTS.maxOvertimeMinutes }) })
        .max(REQUESTS.maxOvertimeMinutes, {
          error: msg(M.minutes_range, { max: REQUESTS.maxOvertimeMinutes }),
        }),
    ).optional(),
    mus: jsonish(musSchema).optional(),
  })
  .superRefine((r, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (isLeaveType(r.type)) {
      if (!r.target_start_date) issue('target_start_date', M.start_date_required);
      if (r.type === 'unpaid_leave' && r.paid_by && r.paid_by !== 'unpaid')
        issue('paid_by', M.unpaid_is_unpaid);
      if (r.type === 'absent' && !r.details) issue('details', M.details_required);
      // Plain dates compare here; an instant is compared once the server read it in the contract's zone.
      const from = r.target_start_date;
      const to = r.target_end_date;
      if (from && to && isValidDate(from) && isValidDate(to)) {
        if (to < from) issue('target_end_date', M.end_before_start);
        else if (daysBetween(from, to) >= REQUESTS.maxRangeDays)
          issue('target_end_date', msg(M.range_too_long, { max: REQUESTS.maxRangeDays }));
      }
    }
    if (r.type === 'overtime') {
      if (!r.attendance_id) issue('attendance_id', M.choose_attendance);
      if (r.minutes === undefined)
        issue('minutes', msg(M.minutes_range, { max: REQUESTS.maxOvertimeMinutes }));
    }
    if (r.type === 'mus') {
      if (!r.mus) issue('mus', M.mus_required);
      else if (r.mus.start === r.mus.end) issue('mus', M.mus_length);
    }
  });
export type CreateRequestInput = z.input<typeof createRequestSchema>;
export type CreateRequest = z.output<typeof createRequestSchema>;

/** `POST va-access/user-vacations/days`. */
export const vacationDaysQuerySchema = z
  .object({
    type: z.enum(REQUEST_TYPES, { error: M.choose_type }),
    contract_id: idOf(M.choose_contract),
    target_start_date: requestDateField,
    target_end_date: requestDateField,
  })
  .superRefine((r, ctx) => {
    const { target_start_date: from, target_end_date: to } = r;
    if (isValidDate(from) && isValidDate(to) && to < from)
      ctx.addIssue({ code: 'custom', path: ['target_end_date'], message: M.end_before_start });
  });
export type VacationDaysQuery = z.infer<typeof vacationDaysQuerySchema>;

/** One calendar year's share of a range: its working days and the allowance left (approved requests only). */
export const yearBalanceSchema = z.object({
  year: int,
  days: int,
  allowance: int,
  used: int,
  /** Days of pending requests of the same pool that year. */
  pending: int,
  balance: int,
});
export type YearBalance = z.infer<typeof yearBalanceSchema>;

export const vacationDaysSchema = z.object({
  /** Scheduled working days the range covers under that contract. */
  days: int,
  /** Left this year (the year of the first day) of the type's pool; null for types without an allowance. */
  balance: int.nullable(),
  pool: z.enum(LEAVE_POOLS).nullable(),
  /** The dates of those working days. */
  dates: z.array(z.string()),
  /** A range across a year boundary draws on each year's allowance. */
  years: z.array(yearBalanceSchema),
  /**
   * The first pending or approved leave or make-up shift on this contract whose dates meet the range: sending
   * would be refused for it (the `overlaps` message), so the preview says so first.
   */
  overlap: z
    .object({
      type: z.enum(REQUEST_TYPES),
      status: z.enum(REQUEST_STATUSES),
      target_start_date: z.string(),
      target_end_date: z.string(),
    })
    .nullable(),
  /** Those of `dates` that such requests already cover (days already on leave, or asked for). */
  taken_dates: z.array(z.string()),
});
export type VacationDays = z.infer<typeof vacationDaysSchema>;

export const attachmentSchema = z.object({
  name: z.string(),
  content_type: z.enum(ATTACHMENT_TYPES),
  size: int,
  /** A short-lived signed URL (only for the VA and those who may decide). */
  url: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** What approving does (or did): shown before the decision is confirmed. */
export const requestEffectSchema = z.object({
  kind: z.enum(['leave', 'overtime', 'mus']),
  /** Leave: the shifts marked (or to be marked) `on_leave`. */
  shifts: z.array(
    z.object({
      attendance_id: int,
      date: z.string(),
      scheduled_start_at: z.string(),
      scheduled_end_at: z.string(),
      status: z.enum(ATTENDANCE_STATUSES),
    }),
  ),
  /** Overtime: the minutes added to the shift's timesheet. */
  overtime_minutes: int.nullable(),
  timesheet_id: int.nullable(),
  /** Make-up shift: its instants, and the attendance created by approval. */
  makeup: z.object({ start_at: z.string(), end_at: z.string(), attendance_id: int.nullable() }).nullable(),
});
export type RequestEffect = z.infer<typeof requestEffectSchema>;

export const userRequestSchema = z.object({
  id: int,
  type: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  va_id: int,
  client_id: int,
  contract_id: int,
  attendance_id: int.nullable(),
  details: z.string().nullable(),
  paid_by: z.enum(PAID_BY).nullable(),
  target_start_date: z.string(),
  target_end_date: z.string(),
  minutes: int.nullable(),
  mus: z.object({ date: z.string(), start: int, end: int }).nullable(),
  /** Working days covered (leave types), counted when asked. */
  days: int.nullable(),
  timezone: z.string(),
  has_file: z.boolean(),
  decided_by: int.nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  va: personSummarySchema,
  client: personSummarySchema,
  contract: z.object({ id: int, title: z.string() }),
});
export type UserRequest = z.infer<typeof userRequestSchema>;

export const userRequestDetailSchema = userRequestSchema.extend({
  file: attachmentSchema.nullable(),
  decider: personSummarySchema.nullable(),
  effect: requestEffectSchema.nullable(),
});
export type UserRequestDetail = z.infer<typeof userRequestDetailSchema>;

export const userRequestPageSchema = z.object({
  data: z.array(userRequestSchema),
  meta: paginationMetaSchema.extend({ pending: int }),
});
export type UserRequestPage = z.infer<typeof userRequestPageSchema>;

/** Admin and manager queue filters (dates: requests whose range meets the period). */
export const requestQuerySchema = withRange(
  paginationQuerySchema.extend({
    status: z.enum(REQUEST_STATUSES, { error: M.choose_status }).optional(),
    type: z.enum(REQUEST_TYPES, { error: M.choose_type }).optional(),
    va_id: queryId,
    client_id: queryId,
    contract_id: queryId,
    team_id: queryId,
    ...rangeFields,
  }),
);
export type RequestQuery = z.infer<typeof requestQuerySchema>;

export const ownRequestQuerySchema = paginationQuerySchema.extend({
  status: z.enum(REQUEST_STATUSES, { error: M.choose_status }).optional(),
  type: z.enum(REQUEST_TYPES, { error: M.choose_type }).optional(),
});
export type OwnRequestQuery = z.infer<typeof ownRequestQuerySchema>;

/**
 * `PATCH user-requests/{id}`: approve or reject with a note. A decided request may be decided again the other
 * way (a reversal undoes the effect); a rejection and a reversal need a note.
 */
export const decideRequestSchema = z.object({
  status: z.enum(DECISIONS, { error: M.choose_decision }),
  note: z
    .string()
    .trim()
    .max(REQUESTS.maxNoteLength, { error: msg(M.note_too_long, { max: REQUESTS.maxNoteLength }) })
    .optional(),
});
export type DecideRequest = z.infer<typeof decideRequestSchema>;
