import { z } from 'zod';
import { msg } from '../api/messages';
import { MAX_ID, paginationMetaSchema, paginationQuerySchema } from '../api/problem';
import { queryId, rangeFields, withRange } from '../attendance/schemas';
import { personSummarySchema } from '../contracts/schemas';
import { NOTIFICATION_MESSAGES as M } from './messages';

/**
 * In-app notifications (DOMAIN.md "Notifications and audit"; issue 14): a feed per user, pushed live as the
 * realtime message `notification {id, type, title}`; the important ones also go by mail unless the user turned
 * that event's mail off. `title` and `body` are English (the mail's words); `data` carries the ids a screen
 * links to (`request_id`, `attendance_id`, `va_id`, `week_start`…) so a client can say it in its language.
 */
export const NOTIFICATION_TYPES = [
  /** To the admins and the VA's managers: a request waits for a decision. */
  'request.created',
  /** To the VA: their request was approved or rejected (or a decision reversed). */
  'request.decided',
  /** To those who may decide: the VA cancelled a pending request. */
  'request.cancelled',
  /** To the VA: an admin deleted their request (an approved one's effects undone). */
  'request.deleted',
  /** To the admins, the VA's managers and the contract's client: not clocked in after the grace. */
  'attendance.late',
  /** The same: a shift ended without a clock-in. */
  'attendance.absent',
  /** To whoever asked: an on-demand screenshot failed (declined or timed out). */
  'screenshot.failed',
  /** To the admins, the VA's managers and the VA: a client disputed a week of timesheets. */
  'timesheet.disputed',
  /** To the VA a task was assigned to (issue 15). */
  'task.assigned',
  /** To the users a comment mentions who may see the task (issue 15). */
  'task.mentioned',
  /** To the client: an invoice was issued to them (issue 30; the invoice itself goes by mail with its PDF). */
  'invoice.issued',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Events that also go by mail (each can be turned off per user); `request.cancelled` is in-app only. */
export const MAIL_EVENTS = [
  'request.created',
  'request.decided',
  'request.deleted',
  'attendance.late',
  'attendance.absent',
  'screenshot.failed',
  'timesheet.disputed',
  'task.assigned',
  'task.mentioned',
] as const satisfies readonly NotificationType[];
export type MailEvent = (typeof MAIL_EVENTS)[number];

export const NOTIFICATIONS = {
  /** At most this many ids in one mark-read call. */
  maxIds: 100,
} as const;

const int = z.number().int();

export const notificationSchema = z.object({
  id: int,
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** The VA the notification is about, when it is about one. */
  va_id: int.nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationQuerySchema = paginationQuerySchema.extend({
  /** `true`: only the unread ones. */
  unread: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

export const notificationPageSchema = z.object({
  data: z.array(notificationSchema),
  meta: paginationMetaSchema.extend({ unread: int }),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `POST notifications/read`: these ids, or every unread one when none are given. */
export const markReadSchema = z.object({
  ids: z
    .array(z.number().int().positive().max(MAX_ID), { error: msg(M.ids, { max: NOTIFICATIONS.maxIds }) })
    .max(NOTIFICATIONS.maxIds, { error: msg(M.ids, { max: NOTIFICATIONS.maxIds }) })
    .optional(),
});
export type MarkRead = z.infer<typeof markReadSchema>;
export const markReadResultSchema = z.object({ unread: int });

/** Which events also reach the user by mail (every one on by default). */
export const notificationPreferencesSchema = z.object({
  mail: z.object(
    Object.fromEntries(MAIL_EVENTS.map((e) => [e, z.boolean()])) as Record<MailEvent, z.ZodBoolean>,
  ),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
const chooseMailEvent = msg(M.choose_mail_event, { events: MAIL_EVENTS.join(', ') });
export const notificationPreferencesPatchSchema = z.object({
  mail: z
    // An unknown key is the record's own issue (`unrecognized_keys`), not the key schema's: both say it.
    .partialRecord(z.enum(MAIL_EVENTS, { error: chooseMailEvent }), z.boolean(), { error: chooseMailEvent })
    .optional(),
});
export type NotificationPreferencesPatch = z.infer<typeof notificationPreferencesPatchSchema>;

/** Admin `virtual-assistants/notifications`: every notification about a VA, with who received it. */
export const vaNotificationQuerySchema = withRange(
  paginationQuerySchema.extend({
    va_id: queryId,
    type: z
      .enum(NOTIFICATION_TYPES, { error: msg(M.choose_type, { types: NOTIFICATION_TYPES.join(', ') }) })
      .optional(),
    ...rangeFields,
  }),
);
export type VaNotificationQuery = z.infer<typeof vaNotificationQuerySchema>;

export const vaNotificationSchema = notificationSchema.extend({
  recipient: personSummarySchema,
  va: personSummarySchema.nullable(),
});
export type VaNotification = z.infer<typeof vaNotificationSchema>;
export const vaNotificationPageSchema = z.object({
  data: z.array(vaNotificationSchema),
  meta: paginationMetaSchema,
});
