import { z } from 'zod';
import { msg } from '../api/messages';
import { paginationMetaSchema, paginationQuerySchema } from '../api/problem';
import {
  ATTENDANCE_STATUSES,
  dateField,
  idField,
  queryId,
  rangeFields,
  withRange,
} from '../attendance/schemas';
import { personSummarySchema } from '../contracts/schemas';
import { TIMESHEET_MESSAGES as M } from './messages';

/**
 * Timesheets as every side sees them (DOMAIN.md "Timesheets"; issue 13). One per attendance once it started.
 * Durations are whole minutes; `date` is the attendance's local date (the contract's zone) and `week_start` the
 * Monday of that date's week. Until approval the tracked figures follow the attendance live (pings, the end);
 * approval freezes them (`frozen`), an admin's reopen thaws them.
 *
 * Billable minutes (decisions.md): the worked minutes, capped at the scheduled ones unless the contract allows
 * overtime, plus the approved overtime, plus the adjustment; never below zero; a rejected timesheet bills 0.
 */
export const TIMESHEETS = {
  /** An adjustment moves a timesheet by at most a day either way. */
  maxAdjustmentMinutes: 1440,
  maxNoteLength: 1000,
  maxCommentLength: 2000,
  /** The web downloads directly up to this many rows; more run as a background export job with progress. */
  directExportRows: 20_000,
  /** A finished export job's file stays downloadable this long. */
  exportKeepHours: 24,
} as const;

export const TIMESHEET_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];
/** The client's sign-off of the week the timesheet lies in. */
export const CLIENT_STATUSES = ['waiting', 'approved', 'disputed'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const EXPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** What locked a timesheet's figures (issue 30). */
export const TIMESHEET_LOCK_KINDS = ['invoice', 'payroll'] as const;
export type TimesheetLockKind = (typeof TIMESHEET_LOCK_KINDS)[number];
export const SIGN_OFF_DECISIONS = ['approve', 'dispute'] as const;
export type SignOffDecision = (typeof SIGN_OFF_DECISIONS)[number];

const int = z.number().int();
const contractSummary = z.object({ id: int, title: z.string() });

/** The figures a timesheet, a total and a week share (minutes). */
export const minuteFiguresSchema = z.object({
  scheduled_minutes: int,
  worked_minutes: int,
  active_minutes: int,
  idle_minutes: int,
  overtime_minutes: int,
  adjustment_minutes: int,
  billable_minutes: int,
});
export type MinuteFigures = z.infer<typeof minuteFiguresSchema>;

export const timesheetSchema = minuteFiguresSchema.extend({
  id: int,
  attendance_id: int,
  contract_id: int,
  va_id: int,
  client_id: int,
  date: z.string(),
  week_start: z.string(),
  timezone: z.string(),
  attendance_status: z.enum(ATTENDANCE_STATUSES),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Active of worked (0–100); null while nothing was worked. */
  activity_percent: int.nullable(),
  /** The reason of the adjustment (or of the decision). */
  note: z.string().nullable(),
  status: z.enum(TIMESHEET_STATUSES),
  approved_by: int.nullable(),
  approved_at: z.string().nullable(),
  /** Approved: the figures were taken at approval and no longer follow the attendance. */
  frozen: z.boolean(),
  client_status: z.enum(CLIENT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

export const timesheetListItemSchema = timesheetSchema.extend({
  va: personSummarySchema,
  client: personSummarySchema,
  contract: contractSummary,
});
export type TimesheetListItem = z.infer<typeof timesheetListItemSchema>;

/** What happened to a timesheet: adjustments, decisions, reopenings, the client's sign-off (from the audit log). */
export const timesheetHistoryEntrySchema = z.object({
  at: z.string(),
  actor: personSummarySchema.nullable(),
  action: z.enum([
    'adjusted',
    'approved',
    'rejected',
    'reopened',
    'pending',
    'signed_off',
    'disputed',
    'replied',
  ]),
  /** E.g. `{from: 0, to: 30}` for an adjustment, the note, the comment. */
  details: z.record(z.string(), z.unknown()),
});
export type TimesheetHistoryEntry = z.infer<typeof timesheetHistoryEntrySchema>;

export const timesheetDetailSchema = timesheetListItemSchema.extend({
  /** The tracked figures as the attendance has them now (differ from the frozen ones when data came late). */
  tracked: z.object({ worked_minutes: int, active_minutes: int, idle_minutes: int }),
  approver: personSummarySchema.nullable(),
  sign_off: z
    .object({
      decision: z.enum(SIGN_OFF_DECISIONS),
      comment: z.string().nullable(),
      decided_at: z.string(),
      va_reply: z.string().nullable(),
      va_replied_at: z.string().nullable(),
    })
    .nullable(),
  history: z.array(timesheetHistoryEntrySchema),
});
export type TimesheetDetail = z.infer<typeof timesheetDetailSchema>;

/** The totals of every row the filters match (not only the page): `count` rows. */
export const timesheetTotalsSchema = minuteFiguresSchema.extend({ count: int });
export type TimesheetTotals = z.infer<typeof timesheetTotalsSchema>;

export const timesheetPageSchema = z.object({
  data: z.array(timesheetListItemSchema),
  meta: paginationMetaSchema.extend({ totals: timesheetTotalsSchema }),
});
export type TimesheetPage = z.infer<typeof timesheetPageSchema>;

const filterFields = {
  ...rangeFields,
  va_id: queryId,
  client_id: queryId,
  contract_id: queryId,
  team_id: queryId,
  status: z.enum(TIMESHEET_STATUSES, { error: M.choose_status }).optional(),
  client_status: z.enum(CLIENT_STATUSES, { error: M.choose_client_status }).optional(),
};

/** The lists' and exports' filters (`start_date`/`end_date`: the attendance's local date). Oldest first. */
export const timesheetQuerySchema = withRange(paginationQuerySchema.extend(filterFields));
export type TimesheetQuery = z.infer<typeof timesheetQuerySchema>;

/** The VA's own list. */
export const ownTimesheetQuerySchema = withRange(
  paginationQuerySchema.extend({
    ...rangeFields,
    client_id: queryId,
    status: filterFields.status,
    client_status: filterFields.client_status,
  }),
);
export type OwnTimesheetQuery = z.infer<typeof ownTimesheetQuerySchema>;

export const exportQuerySchema = withRange(
  z.object({ ...filterFields, format: z.enum(EXPORT_FORMATS, { error: M.choose_format }).default('xlsx') }),
).superRefine((q, ctx) => {
  if (q.format === 'pdf' && !q.va_id)
    ctx.addIssue({ code: 'custom', path: ['va_id'], message: M.pdf_needs_va });
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

const adjustmentError = msg(M.adjustment_minutes, {
  min: -TIMESHEETS.maxAdjustmentMinutes,
  max: TIMESHEETS.maxAdjustmentMinutes,
});

/** `PATCH timesheets/{id}`: adjust (with a reason) and/or decide. `status: pending` on an approved one reopens it. */
export const timesheetPatchSchema = z
  .object({
    adjustment_minutes: z
      .number({ error: adjustmentError })
      .int({ error: adjustmentError })
      .min(-TIMESHEETS.maxAdjustmentMinutes, { error: adjustmentError })
      .max(TIMESHEETS.maxAdjustmentMinutes, { error: adjustmentError })
      .optional(),
    note: z
      .string()
      .trim()
      .max(TIMESHEETS.maxNoteLength, { error: msg(M.note_too_long, { max: TIMESHEETS.maxNoteLength }) })
      .optional(),
    status: z.enum(TIMESHEET_STATUSES, { error: M.choose_status }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.adjustment_minutes === undefined && b.note === undefined && b.status === undefined)
      ctx.addIssue({ code: 'custom', path: [], message: M.nothing_to_change });
  });
export type TimesheetPatch = z.infer<typeof timesheetPatchSchema>;

// Client sign-off -------------------------------------------------------------------------------------------

const mondayField = dateField.refine((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1, {
  error: M.week_start_monday,
});
const commentField = z
  .string()
  .trim()
  .max(TIMESHEETS.maxCommentLength, { error: msg(M.comment_too_long, { max: TIMESHEETS.maxCommentLength }) });

/** `POST client-access/timesheets/sign-off`: the client approves or disputes a VA's week (a dispute needs a comment). */
export const signOffSchema = z
  .object({
    va_id: idField(M.choose_va),
    week_start: mondayField,
    decision: z.enum(SIGN_OFF_DECISIONS, { error: M.choose_decision }),
    comment: commentField.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'dispute' && !b.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: M.comment_required });
  });
export type SignOffInput = z.infer<typeof signOffSchema>;

/** `POST va-access/timesheets/sign-off/reply`: the VA answers the client's dispute of a week. */
export const signOffReplySchema = z.object({
  client_id: idField(M.choose_client),
  week_start: mondayField,
  comment: commentField.min(1, { error: M.comment_required }),
});
export type SignOffReplyInput = z.infer<typeof signOffReplySchema>;

/** One day of a VA's week in the sign-off view. */
export const weekDaySchema = z.object({
  date: z.string(),
  worked_minutes: int,
  billable_minutes: int,
  activity_percent: int.nullable(),
  screenshots: int,
  timesheet_ids: z.array(int),
});

/** One VA's week with one client: the days, the totals, where the sign-off stands. */
export const signOffWeekSchema = z.object({
  va: personSummarySchema,
  client: personSummarySchema,
  week_start: z.string(),
  days: z.array(weekDaySchema),
  totals: minuteFiguresSchema,
  /** `waiting` until the client decided; a timesheet changed after the decision puts the week back to waiting. */
  client_status: z.enum(CLIENT_STATUSES),
  comment: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: personSummarySchema.nullable(),
  va_reply: z.string().nullable(),
  va_replied_at: z.string().nullable(),
  /** How many of the week's timesheets the agency approved. */
  approved_count: int,
  count: int,
});
export type SignOffWeek = z.infer<typeof signOffWeekSchema>;

/** The weeks lists: a client's own VAs, the admin's and a manager's sign-off overview, the VA's own weeks. */
export const weeksQuerySchema = paginationQuerySchema.extend({
  /** One week (a Monday); without it, the weeks of the last `weeks` weeks, newest first. */
  week_start: mondayField.optional(),
  weeks: z.coerce.number().int().min(1).max(26).default(4),
  va_id: queryId,
  client_id: queryId,
  client_status: filterFields.client_status,
});
export type WeeksQuery = z.infer<typeof weeksQuerySchema>;
export const signOffWeekPageSchema = z.object({
  data: z.array(signOffWeekSchema),
  meta: paginationMetaSchema,
});

export const signOffResultSchema = z.object({
  week: signOffWeekSchema,
  /** Timesheets the decision covered. */
  count: int,
});

// Export jobs ----------------------------------------------------------------------------------------------

export const EXPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const exportJobCreateSchema = exportQuerySchema;
export const exportJobSchema = z.object({
  id: z.string(),
  status: z.enum(EXPORT_JOB_STATUSES),
  format: z.enum(EXPORT_FORMATS),
  rows_done: int,
  /** The rows the filters matched when the job started. */
  rows_total: int,
  /** 0–100. */
  progress: int,
  file_name: z.string(),
  /** Signed, short-lived; when done. */
  url: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;
export const exportJobIdParamSchema = z.object({ id: z.uuid() });
