import { z } from 'zod';
import { msg } from '../api/messages';
import { paginated, paginationQuerySchema } from '../api/problem';
import { idField, queryId, rangeFields, TRACKER_SOURCES, withRange } from '../attendance/schemas';
import { CONTRACT_MESSAGES } from '../contracts/messages';
import { personSummarySchema } from '../contracts/schemas';
import { SCREENSHOT_MESSAGES as M } from './messages';
import { SCREENSHOT_PRIVACY } from './privacy';

/**
 * Screenshots as every side sees them (DOMAIN.md "Screenshots"; issue 11). Instants are ISO-8601 UTC;
 * `date` is the attendance's local date (the contract's zone). Images are read only through short-lived
 * signed URLs (`image_url`, `thumbnail_url`), never a public path.
 */
export const SCREENSHOTS = {
  /** An upload is at most this many bytes. */
  maxBytes: 10 * 1024 * 1024,
  /** A decoded image is at most this many pixels (three 4K screens side by side fit; a decompression bomb does not). */
  maxPixels: 40_000_000,
  /** The highest screen index a capture may carry. */
  maxScreen: 15,
  /** A tracker answers an on-demand request within this many seconds, else the requester is told it failed. */
  requestTimeoutSeconds: 30,
  /** Thumbnails are this wide (WebP). */
  thumbnailWidth: 320,
  /** Trackers downscale captures to at most this width. */
  maxCaptureWidth: 1920,
  /** An upload may arrive this long after its shift ended (a tracker replaying its offline outbox). */
  lateUploadHours: 48,
} as const;

export { privacyAllowsImages, SCREENSHOT_PRIVACY, type ScreenshotPrivacy } from './privacy';
export const screenshotPrivacyField = z.enum(SCREENSHOT_PRIVACY, { error: CONTRACT_MESSAGES.choose_privacy });

/** A capture taken on the contract's schedule, or asked for by someone (`requested_by`). */
export const SCREENSHOT_SOURCES = ['scheduled', 'on_demand'] as const;
export type ScreenshotSource = (typeof SCREENSHOT_SOURCES)[number];

/** `stored`: the image is there; `expired`: retention removed the image, the row (counts, activity) stays. */
export const SCREENSHOT_STATUSES = ['stored', 'expired'] as const;
export type ScreenshotStatus = (typeof SCREENSHOT_STATUSES)[number];

export const screenshotSchema = z.object({
  id: z.number().int(),
  attendance_id: z.number().int(),
  contract_id: z.number().int(),
  va_id: z.number().int(),
  client_id: z.number().int(),
  /** The attendance's local date. */
  date: z.string(),
  /** The contract's zone (where `date` is read). */
  timezone: z.string(),
  taken_at: z.string(),
  source: z.enum(SCREENSHOT_SOURCES),
  /** Which tracker captured it. */
  tracker: z.enum(TRACKER_SOURCES),
  requested_by: z.number().int().nullable(),
  status: z.enum(SCREENSHOT_STATUSES),
  /** The screen index: captures of several screens share `attendance_id` and `taken_at`. */
  screen: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  blurred: z.boolean(),
  /** Activity of the 10-minute block the capture lies in (0–100), null before any ping of that block. */
  activity_percent: z.number().int().nullable(),
  /** Signed, short-lived; null once the image expired. */
  image_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** When the signed URLs stop working. */
  urls_expire_at: z.string().nullable(),
  created_at: z.string(),
});
export type Screenshot = z.infer<typeof screenshotSchema>;

/** A screenshot in a supervisor's list: with the people. */
export const screenshotListItemSchema = screenshotSchema.extend({
  va: personSummarySchema,
  client: personSummarySchema,
});
export type ScreenshotListItem = z.infer<typeof screenshotListItemSchema>;

/** One screenshot with its neighbours of the same VA (the viewer's previous / next). */
export const screenshotDetailSchema = screenshotListItemSchema.extend({
  contract: z.object({ id: z.number().int(), title: z.string() }),
  previous_id: z.number().int().nullable(),
  next_id: z.number().int().nullable(),
  /** The other screens of the same capture, side by side. */
  siblings: z.array(screenshotSchema),
});
export type ScreenshotDetail = z.infer<typeof screenshotDetailSchema>;

/** A VA's own screenshot: with until when they may delete it (null: they may not). */
export const ownScreenshotSchema = screenshotSchema.extend({
  client: personSummarySchema,
  deletable_until: z.string().nullable(),
});
export type OwnScreenshot = z.infer<typeof ownScreenshotSchema>;

const filterFields = {
  ...rangeFields,
  attendance_id: queryId,
  source: z.enum(SCREENSHOT_SOURCES, { error: M.choose_source }).optional(),
  tracker: z.enum(TRACKER_SOURCES, { error: M.choose_tracker }).optional(),
  /** The capture that answered one on-demand request (a page that missed `screenshot.created` finds it here). */
  request_id: z.uuid({ error: M.request_unknown }).optional(),
};

/** Supervisors' list and count filters (`start_date`/`end_date`: the attendance's local date). */
export const screenshotQuerySchema = withRange(
  paginationQuerySchema.extend({
    ...filterFields,
    va_id: queryId,
    client_id: queryId,
    contract_id: queryId,
    team_id: queryId,
  }),
);
export type ScreenshotQuery = z.infer<typeof screenshotQuerySchema>;

/** The VA's own list (newest first). */
export const ownScreenshotQuerySchema = withRange(
  paginationQuerySchema.extend({ ...filterFields, client_id: queryId }),
);

export const screenshotPageSchema = paginated(screenshotListItemSchema);
export const ownScreenshotPageSchema = paginated(ownScreenshotSchema);

/** `screenshot-count`: the total and per local date, for the same filters as the list. */
export const screenshotCountSchema = z.object({
  total: z.number().int(),
  by_day: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type ScreenshotCount = z.infer<typeof screenshotCountSchema>;

/** The live wall: the latest capture of each VA on shift now. */
export const latestScreenshotItemSchema = z.object({
  va: personSummarySchema,
  attendance_id: z.number().int(),
  client: personSummarySchema,
  online: z.boolean(),
  idle: z.boolean(),
  privacy: screenshotPrivacyField,
  on_demand: z.boolean(),
  screenshot: screenshotSchema.nullable(),
});
export const latestScreenshotPageSchema = paginated(latestScreenshotItemSchema);
export const latestQuerySchema = paginationQuerySchema.extend({ client_id: queryId, team_id: queryId });

/** `POST screenshots/take`. */
export const takeScreenshotSchema = z.object({ user_id: idField(M.choose_va) });
export const takeScreenshotResultSchema = z.object({
  request_id: z.string(),
  /** When the requester will be told it failed if no image came. */
  expires_at: z.string(),
});

/**
 * The multipart fields of `POST va-access/screenshots` besides `file` (all strings on the wire).
 * `source` is the tracker (web or desktop), as in pings.
 */
export const screenshotUploadFieldsSchema = z.object({
  id: z.uuid({ error: M.client_id }),
  attendance_id: z.coerce.number().pipe(idField(M.attendance_not_yours)),
  taken_at: z.iso.datetime({ offset: true, error: M.taken_at }),
  request_id: z.uuid({ error: M.request_unknown }).optional(),
  screen: z.coerce
    .number({ error: msg(M.screen, { max: SCREENSHOTS.maxScreen }) })
    .int({ error: msg(M.screen, { max: SCREENSHOTS.maxScreen }) })
    .min(0, { error: msg(M.screen, { max: SCREENSHOTS.maxScreen }) })
    .max(SCREENSHOTS.maxScreen, { error: msg(M.screen, { max: SCREENSHOTS.maxScreen }) })
    .default(0),
  source: z.enum(TRACKER_SOURCES, { error: M.source }).default('desktop'),
});
export type ScreenshotUploadFields = z.infer<typeof screenshotUploadFieldsSchema>;

/** The upload's answer: the stored screenshot, and whether this id had already been stored (a retry). */
export const screenshotUploadResultSchema = z.object({
  screenshot: ownScreenshotSchema,
  duplicate: z.boolean(),
});

/** A tracker that cannot answer an on-demand request says so at once (`POST va-access/screenshot-requests/{id}/decline`). */
export const DECLINE_REASONS = ['cannot_capture', 'not_tracking', 'error'] as const;
export const declineRequestSchema = z.object({
  reason: z.enum(DECLINE_REASONS),
  detail: z.string().max(300).optional(),
});
export const requestIdParamSchema = z.object({ id: z.uuid({ error: M.request_unknown }) });
