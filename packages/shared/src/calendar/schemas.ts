import { z } from 'zod';

/**
 * The calendar feeds (issue 31): a VA's own shifts, the approved leave an admin or manager oversees, a client's
 * VAs' shifts. Which ones a person has follows their roles (`FEED_ROLES`).
 */
export const FEED_KINDS = ['shifts', 'leave', 'va_shifts'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

export const FEED_ROLES: Record<FeedKind, readonly string[]> = {
  shifts: ['va'],
  leave: ['super_admin', 'admin', 'manager'],
  va_shifts: ['client'],
};

export const calendarFeedSchema = z.object({
  kind: z.enum(FEED_KINDS),
  /** The secret link (anyone holding it reads the feed): `…/api/v1/calendar/<token>.ics`. */
  url: z.string(),
  created_at: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const feedKindParamSchema = z.object({ kind: z.enum(FEED_KINDS) });
/** `<token>.ics` */
export const feedFileParamSchema = z.object({ file: z.string().max(200) });
