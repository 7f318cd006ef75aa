import { z } from 'zod';
import { COMMON_MESSAGES, msg } from '../api/messages';
import { MAX_ID, paginationQuerySchema } from '../api/problem';
import { CONTRACT_MESSAGES } from '../contracts/messages';
import { personSummarySchema } from '../contracts/schemas';
import { daysBetween, isValidDate } from '../time/dates';
import { ATTENDANCE_MESSAGES as M } from './messages';

/**
 * Attendance and tracking as every side sees it (DOMAIN.md "Attendance and tracking" and "Tracker protocol
 * and realtime"). Durations are whole seconds; instants ISO-8601 UTC; dates `YYYY-MM-DD` in the contract's zone.
 */
export const ATTENDANCE_STATUSES = ['upcoming', 'ongoing', 'completed', 'absent', 'on_leave'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** Why an attendance ended. */
export const END_REASONS = ['clock_out', 'forced_logout', 'auto_close'] as const;
export type EndReason = (typeof END_REASONS)[number];

export const TRACKER_SOURCES = ['web', 'desktop'] as const;
export type TrackerSource = (typeof TRACKER_SOURCES)[number];

export const ATTENDANCE_LOG_TYPES = [
  'clock_in',
  'clock_out',
  'forced_logout',
  'auto_close',
  'absent',
  'idle_start',
  'idle_end',
  'offline',
  'online',
  'date_fixed',
  'screenshot_requested',
  'screenshot_taken',
] as const;
export type AttendanceLogType = (typeof ATTENDANCE_LOG_TYPES)[number];

/** Tracking constants every tracker and the server share. */
export const TRACKING = {
  /** A tracker sends one ping a minute; each ping stands for at most this many seconds before its `at`. */
  pingIntervalSeconds: 60,
  /** Online: a ping in the last 2 minutes. */
  onlineWindowSeconds: 120,
  /** At most this many pings a call. */
  maxPingsPerCall: 500,
  /** An attendance without pings ends automatically this long after its scheduled end. */
  autoCloseAfterSeconds: 4 * 3600,
  /** Activity blocks are this long, aligned to the hour. */
  blockSeconds: 600,
  /** Upcoming attendances exist this far ahead. */
  windowWeeks: 4,
  /** The VA's default weeks window (the spec's constant). */
  defaultVaWeeks: 4,
} as const;

export const attendanceStatusField = z.enum(ATTENDANCE_STATUSES, { error: M.choose_status });

export const dateField = z
  .string({ error: COMMON_MESSAGES.invalid_date })
  .refine(isValidDate, { error: COMMON_MESSAGES.invalid_date });
export const queryId = z.coerce.number().int().positive().max(MAX_ID).optional();
export const idField = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });

/** The longest period a list or summary covers in one call. */
export const MAX_RANGE_DAYS = 366;

/** `start_date` ≤ `end_date`, both optional, at most a year apart. */
export const withRange = <T extends z.ZodObject>(schema: T) =>
  schema.superRefine((q, ctx) => {
    const { start_date: from, end_date: to } = q as { start_date?: string; end_date?: string };
    // A date its own field refused is not compared (zod runs this refinement beside the field's issue).
    if (!from || !to || !isValidDate(from) || !isValidDate(to)) return;
    if (to < from)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: CONTRACT_MESSAGES.end_before_start });
    else if (daysBetween(from, to) > MAX_RANGE_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: msg(M.range_too_long, { max: MAX_RANGE_DAYS }),
      });
  });

export const rangeFields = { start_date: dateField.optional(), end_date: dateField.optional() };

/** One attendance: one scheduled shift of one contract on one local date. */
export const attendanceSchema = z.object({
  id: z.number().int(),
  contract_id: z.number().int(),
  va_id: z.number().int(),
  client_id: z.number().int(),
  schedule_id: z.number().int().nullable(),
  /** The local date (contract's zone) the shift starts on. */
  date: z.string(),
  /** The contract's zone, where `date` and the schedule's minutes are read. */
  timezone: z.string(),
  scheduled_start_at: z.string(),
  scheduled_end_at: z.string(),
  scheduled_seconds: z.number().int(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  status: attendanceStatusField,
  end_reason: z.enum(END_REASONS).nullable(),
  last_ping_at: z.string().nullable(),
  worked_seconds: z.number().int(),
  active_seconds: z.number().int(),
  idle_seconds: z.number().int(),
  /** Active share of tracked time, 0–100; null before any ping. */
  activity_percent: z.number().int().nullable(),
  late_minutes: z.number().int(),
  /**
   * Seconds the VA was clocked out between clock-ins of this shift (a clock-out, then a clock-in again while it
   * lasted): the running time is the time since `started_at` less these.
   */
  break_seconds: z.number().int(),
  /** The tracker that sent the latest ping. */
  source: z.enum(TRACKER_SOURCES).nullable(),
  /** Presence now (only an ongoing attendance can be online). */
  online: z.boolean(),
  idle: z.boolean(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

/** An attendance in a list: with the people and the contract it belongs to. */
export const attendanceListItemSchema = attendanceSchema.extend({
  va: personSummarySchema,
  client: personSummarySchema,
  contract: z.object({ id: z.number().int(), title: z.string() }),
});
export type AttendanceListItem = z.infer<typeof attendanceListItemSchema>;

export const attendanceListQuerySchema = withRange(
  paginationQuerySchema.extend({
    ...rangeFields,
    va_id: queryId,
    client_id: queryId,
    contract_id: queryId,
    team_id: queryId,
    status: attendanceStatusField.optional(),
  }),
);
export type AttendanceListQuery = z.infer<typeof attendanceListQuerySchema>;

/** One VA's attendances (`attendance/user/{id}`). */
export const userAttendanceQuerySchema = withRange(
  paginationQuerySchema.extend({
    ...rangeFields,
    status: attendanceStatusField.optional(),
    client_id: queryId,
  }),
);

/** Per-VA figures over a period: the duration page and `list-users`. */
export const vaSummarySchema = z.object({
  va: personSummarySchema,
  shifts: z.number().int(),
  completed: z.number().int(),
  ongoing: z.number().int(),
  absent: z.number().int(),
  on_leave: z.number().int(),
  late: z.number().int(),
  late_minutes: z.number().int(),
  scheduled_seconds: z.number().int(),
  worked_seconds: z.number().int(),
  active_seconds: z.number().int(),
  idle_seconds: z.number().int(),
  activity_percent: z.number().int().nullable(),
  online: z.boolean(),
  idle: z.boolean(),
});
export type VaSummary = z.infer<typeof vaSummarySchema>;

export const vaSummaryQuerySchema = withRange(
  paginationQuerySchema.extend({
    ...rangeFields,
    va_id: queryId,
    client_id: queryId,
    team_id: queryId,
    search: z.string().trim().max(100).optional(),
  }),
);

/** Who is working now: one row per VA with an ongoing attendance. */
export const onlineItemSchema = z.object({
  va: personSummarySchema,
  client: personSummarySchema,
  attendance: attendanceSchema,
  contract: z.object({ id: z.number().int(), title: z.string() }),
  online: z.boolean(),
  idle: z.boolean(),
  last_ping_at: z.string().nullable(),
  /** The latest ping's active window, when the tracker reports one. */
  active_window: z.object({ app: z.string(), title: z.string() }).nullable(),
  /** Activity of the latest 10-minute block, 0–100. */
  recent_activity_percent: z.number().int().nullable(),
  /** The VA's desktop agent has a socket open now (a web timer alone answers false). */
  agent_connected: z.boolean(),
});
export type OnlineItem = z.infer<typeof onlineItemSchema>;

/** `state`: online (pinging and not idle), idle, offline (on shift, no ping for 2 minutes), or every one on shift. */
export const PRESENCE_STATES = ['online', 'idle', 'offline', 'all'] as const;
export const onlineQuerySchema = paginationQuerySchema.extend({
  state: z.enum(PRESENCE_STATES).default('all'),
  va_id: queryId,
  client_id: queryId,
  team_id: queryId,
  search: z.string().trim().max(100).optional(),
});

export const attendanceLogSchema = z.object({
  id: z.number().int(),
  attendance_id: z.number().int(),
  va_id: z.number().int(),
  type: z.enum(ATTENDANCE_LOG_TYPES),
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AttendanceLog = z.infer<typeof attendanceLogSchema>;

export const attendanceLogQuerySchema = withRange(
  paginationQuerySchema.extend({
    ...rangeFields,
    attendance_id: queryId,
    va_id: queryId,
    client_id: queryId,
    type: z.enum(ATTENDANCE_LOG_TYPES).optional(),
  }),
);

export const activeWindowSchema = z.object({
  app: z.string().max(200),
  title: z.string().max(500),
});

export const pingSchema = z.object({
  id: z.string(),
  at: z.string(),
  keyboard: z.number().int(),
  mouse: z.number().int(),
  idle_seconds: z.number().int(),
  active_window: activeWindowSchema.nullable(),
  task_id: z.number().int().nullable(),
  general_task_id: z.number().int().nullable(),
  source: z.enum(TRACKER_SOURCES),
  received_at: z.string(),
});
export type Ping = z.infer<typeof pingSchema>;

/** A 10-minute activity block. */
export const activityBlockSchema = z.object({
  start_at: z.string(),
  tracked_seconds: z.number().int(),
  active_seconds: z.number().int(),
  idle_seconds: z.number().int(),
  keyboard: z.number().int(),
  mouse: z.number().int(),
  activity_percent: z.number().int(),
});
export type ActivityBlock = z.infer<typeof activityBlockSchema>;

/** One attendance with its logs' companions: the timeline page. */
export const attendanceDetailSchema = attendanceListItemSchema.extend({
  blocks: z.array(activityBlockSchema),
});

/** The timeblocks view: per VA, the day's attendances and their blocks. */
export const timeblocksQuerySchema = paginationQuerySchema.extend({
  date: dateField.optional(),
  va_id: queryId,
  client_id: queryId,
  team_id: queryId,
});
export const timeblockRowSchema = z.object({
  va: personSummarySchema,
  date: z.string(),
  attendances: z.array(attendanceSchema),
  blocks: z.array(activityBlockSchema),
});

/** Month view: statuses per local date (dates of the shifts). */
export const calendarQuerySchema = z.object({
  month: z.string({ error: M.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: M.month }),
  va_id: queryId,
  client_id: queryId,
  team_id: queryId,
});
export const calendarDaySchema = z.object({
  date: z.string(),
  upcoming: z.number().int(),
  ongoing: z.number().int(),
  completed: z.number().int(),
  absent: z.number().int(),
  on_leave: z.number().int(),
  late: z.number().int(),
  worked_seconds: z.number().int(),
  scheduled_seconds: z.number().int(),
});
export const calendarSchema = z.object({ month: z.string(), days: z.array(calendarDaySchema) });

/** Dashboard counters (admin, manager in scope; the client's `stats` says the same of their VAs). */
export const countersSchema = z.object({
  /** VAs with an active contract in scope. */
  vas: z.number().int(),
  on_shift: z.number().int(),
  online: z.number().int(),
  idle: z.number().int(),
  offline_on_shift: z.number().int(),
  scheduled_today: z.number().int(),
  late_today: z.number().int(),
  absent_today: z.number().int(),
  on_leave_today: z.number().int(),
  worked_seconds_today: z.number().int(),
  worked_seconds_week: z.number().int(),
  scheduled_seconds_week: z.number().int(),
  /** "Today" and "this week" (from Monday) in this zone: the viewer's. */
  timezone: z.string(),
  date: z.string(),
  week_start: z.string(),
});
export type Counters = z.infer<typeof countersSchema>;

export const forceLogoutSchema = z.object({
  user_id: idField(CONTRACT_MESSAGES.choose_va),
  attendance_id: idField(M.choose_attendance),
});
export const fixDateSchema = z.object({ attendance_id: idField(M.choose_attendance), date: dateField });
export const resetUpcomingSchema = z.object({ contract_id: idField(CONTRACT_MESSAGES.choose_contract) });
export const resetUpcomingResultSchema = z.object({
  contract_id: z.number().int(),
  removed: z.number().int(),
  created: z.number().int(),
  kept: z.number().int(),
});

/** The VA's upcoming and passed shifts: a period, or `weeks` (default 4) from or up to today. */
export const vaWeeksQuerySchema = withRange(
  paginationQuerySchema.extend({
    ...rangeFields,
    weeks: z.coerce
      .number()
      .int({ error: msg(M.weeks_range, { max: 52 }) })
      .min(1, { error: msg(M.weeks_range, { max: 52 }) })
      .max(52, { error: msg(M.weeks_range, { max: 52 }) })
      .optional(),
  }),
);

export const vaAttendanceQuerySchema = withRange(
  paginationQuerySchema.extend({
    ...rangeFields,
    status: attendanceStatusField.optional(),
    contract_id: queryId,
  }),
);

/** Time per task from the pings: one row per local date and task. */
export const taskLogItemSchema = z.object({
  date: z.string(),
  contract_id: z.number().int(),
  task_id: z.number().int().nullable(),
  general_task_id: z.number().int().nullable(),
  seconds: z.number().int(),
  first_at: z.string(),
  last_at: z.string(),
});
export const taskLogQuerySchema = withRange(paginationQuerySchema.extend(rangeFields));

/** The client's `stats`: their VAs now and this week. */
export const clientStatsSchema = countersSchema;

/** The client's `va-attendance-list`. */
export const clientAttendanceQuerySchema = withRange(
  paginationQuerySchema.extend({
    ...rangeFields,
    va_id: queryId,
    contract_id: queryId,
    status: attendanceStatusField.optional(),
  }),
);
