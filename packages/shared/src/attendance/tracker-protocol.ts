import { z } from 'zod';
import { msg } from '../api/messages';
import { MAX_ID } from '../api/problem';
import { personSummarySchema } from '../contracts/schemas';
import { SCREENSHOT_NOTICES } from '../contracts/settings';
import { SCREENSHOT_PRIVACY } from '../screenshots/privacy';
import { ATTENDANCE_MESSAGES as M } from './messages';
import { activeWindowSchema, attendanceSchema, idField, TRACKER_SOURCES, TRACKING } from './schemas';

/** The tracker protocol's own calls (DOMAIN.md "Tracker protocol"): current shift, clock in and out, pings. */

/** One ping as a tracker sends it. */
export const pingInputSchema = z.object({
  id: z.uuid({ error: M.ping_id }),
  at: z.iso.datetime({ offset: true, error: M.ping_at }),
  keyboard: z.number({ error: M.ping_counts }).int({ error: M.ping_counts }).min(0).max(100_000),
  mouse: z.number({ error: M.ping_counts }).int({ error: M.ping_counts }).min(0).max(100_000),
  /** Seconds since the last input (may exceed the ping interval). */
  idle_seconds: z
    .number({ error: M.ping_counts })
    .int({ error: M.ping_counts })
    .min(0)
    .max(10 * 86_400),
  active_window: activeWindowSchema.nullable().optional(),
  task_id: z.number().int().positive().max(MAX_ID).nullable().optional(),
  general_task_id: z.number().int().positive().max(MAX_ID).nullable().optional(),
  source: z.enum(TRACKER_SOURCES, { error: M.source }),
});
export type PingInput = z.infer<typeof pingInputSchema>;

export const pingBatchSchema = z.object({
  attendance_id: idField(M.choose_attendance),
  pings: z
    .array(pingInputSchema, { error: M.pings_required })
    .min(1, { error: M.pings_required })
    .max(TRACKING.maxPingsPerCall, { error: msg(M.pings_too_many, { max: TRACKING.maxPingsPerCall }) }),
});
export type PingBatch = z.infer<typeof pingBatchSchema>;

/** A refused ping: the others of the batch still count. */
export const rejectedPingSchema = z.object({
  index: z.number().int(),
  id: z.string(),
  status: z.literal(422),
  message: z.string(),
  code: z.string(),
});

export const pingResultSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.array(rejectedPingSchema),
  attendance: attendanceSchema,
});
export type PingResult = z.infer<typeof pingResultSchema>;

/** Tracking settings of the contract, as a tracker needs them. */
export const trackingSettingsSchema = z.object({
  ping_interval_seconds: z.number().int(),
  idle_timeout_minutes: z.number().int(),
  late_grace_minutes: z.number().int(),
  early_clock_in_minutes: z.number().int(),
  screenshots_enabled: z.boolean(),
  screenshots_per_hour: z.number().int(),
  blur_screenshots: z.boolean(),
  /** The privacy tier: a tracker captures images only for `blurred` and `full`, window titles not for `off`. */
  screenshot_privacy: z.enum(SCREENSHOT_PRIVACY),
  screenshots_on_demand: z.boolean(),
  /** How the desktop agent tells the VA of scheduled screenshots (issue 32): each one, or a count per hour. */
  screenshot_notice: z.enum(SCREENSHOT_NOTICES).optional(),
  /** Whether the contract lets the VA turn those notices off. */
  va_may_mute_screenshot_notice: z.boolean().optional(),
  /**
   * The VA turned them off and the contract allows it: no notice of scheduled screenshots (recording
   * started/stopped and on-demand screenshots are always said).
   */
  screenshot_notice_muted: z.boolean().optional(),
});

/** `GET|PUT va-access/attendance/screenshot-notice`: the VA's own choice (issue 32). */
export const screenshotNoticePreferenceSchema = z.object({
  /** The VA turned the notices of scheduled screenshots off (it applies on contracts that allow it). */
  muted: z.boolean(),
  /** At least one of the VA's contracts (not ended) lets the VA turn them off. */
  allowed: z.boolean(),
});
export type ScreenshotNoticePreference = z.infer<typeof screenshotNoticePreferenceSchema>;
export const setScreenshotNoticeSchema = z.object({ muted: z.boolean({ error: M.choose_muted }) });
export type SetScreenshotNoticeInput = z.infer<typeof setScreenshotNoticeSchema>;

/**
 * What the VA works on, as the server keeps it for the ongoing shift (beyond DOMAIN.md, issue 15): a task of
 * a project or a general task. Every tracker of the VA follows it, so the web timer and the desktop agent name
 * the same task on their pings.
 */
export const currentTaskSchema = z.object({
  kind: z.enum(['task', 'general'], { error: M.choose_task_kind }),
  id: z
    .number({ error: M.choose_task })
    .int({ error: M.choose_task })
    .positive({ error: M.choose_task })
    .max(MAX_ID),
});
export type ServerCurrentTask = z.infer<typeof currentTaskSchema>;

/** `PUT va-access/attendance/current-task`: a tracker's choice for the ongoing shift (null: no task). */
export const setCurrentTaskSchema = z.object({
  attendance_id: idField(M.choose_attendance),
  task: currentTaskSchema.nullable(),
});
export type SetCurrentTaskInput = z.infer<typeof setCurrentTaskSchema>;
export const currentTaskResultSchema = z.object({
  attendance_id: z.number().int(),
  task: currentTaskSchema.nullable(),
});

/** `attendance/current/user`: the ongoing shift, else the next one, and whether clock-in is open. */
export const currentShiftSchema = z.object({
  state: z.enum(['ongoing', 'upcoming', 'none']),
  attendance: attendanceSchema.nullable(),
  contract: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  client: personSummarySchema.nullable(),
  clock_in_opens_at: z.string().nullable(),
  clock_in_closes_at: z.string().nullable(),
  can_clock_in: z.boolean(),
  settings: trackingSettingsSchema.nullable(),
  /** A desktop agent of this VA has a socket open now (realtime `client.kind: desktop`). */
  agent_connected: z.boolean(),
  /** The ongoing shift's current task (null: none chosen, or no ongoing shift). */
  current_task: currentTaskSchema.nullable(),
  server_time: z.string(),
});
export type CurrentShift = z.infer<typeof currentShiftSchema>;

export const clockInSchema = z.object({ attendance_id: idField(M.choose_attendance).optional() });
export const clockOutSchema = z.object({ attendance_id: idField(M.choose_attendance) });
