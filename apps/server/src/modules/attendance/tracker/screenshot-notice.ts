import { ATTENDANCE_MESSAGES as M } from '@vahub/shared/attendance/messages';
import type {
  ScreenshotNoticePreference,
  SetScreenshotNoticeInput,
} from '@vahub/shared/attendance/tracker-protocol';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { vaMayMuteScreenshotNotice } from '../../contracts/public';
import { screenshotNoticePreferences } from '../attendance.table';

/** Whether the VA turned the notices of scheduled screenshots off (their own row; none: not muted). */
export async function screenshotNoticeMuted(db: Db, vaId: number) {
  const [row] = await db
    .select({ muted: screenshotNoticePreferences.muted })
    .from(screenshotNoticePreferences)
    .where(eq(screenshotNoticePreferences.vaId, vaId));
  return row?.muted ?? false;
}

/** `GET va-access/attendance/screenshot-notice`: the VA's choice, and whether a contract of theirs allows it. */
export async function screenshotNoticePreference(
  deps: Deps,
  viewer: Viewer,
): Promise<ScreenshotNoticePreference> {
  const [muted, allowed] = await Promise.all([
    screenshotNoticeMuted(deps.db, viewer.userId),
    vaMayMuteScreenshotNotice(deps.db, viewer.organizationId, viewer.userId),
  ]);
  return { muted, allowed };
}

/**
 * `PUT va-access/attendance/screenshot-notice {muted}`: the VA's own switch, for all their computers. Turning
 * the notices off is refused (409) where no contract of the VA (not ended) allows it; turning them on always
 * works. Trackers read it with the shift (`settings.screenshot_notice_muted`), only where that shift's contract
 * allows it.
 */
export async function setScreenshotNotice(
  deps: Deps,
  viewer: Viewer,
  input: SetScreenshotNoticeInput,
): Promise<ScreenshotNoticePreference> {
  const allowed = await vaMayMuteScreenshotNotice(deps.db, viewer.organizationId, viewer.userId);
  if (input.muted && !allowed) throw new AppError('conflict', M.mute_not_allowed);
  const values = { muted: input.muted, updatedAt: deps.clock.now() };
  await deps.db
    .insert(screenshotNoticePreferences)
    .values({ vaId: viewer.userId, organizationId: viewer.organizationId, ...values })
    .onConflictDoUpdate({ target: screenshotNoticePreferences.vaId, set: values });
  return { muted: input.muted, allowed };
}
