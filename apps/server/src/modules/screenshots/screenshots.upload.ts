import { HTTP_MESSAGES, msg } from '@vahub/shared/api/messages';
import { SCREENSHOT_MESSAGES as M } from '@vahub/shared/screenshots/messages';
import {
  SCREENSHOTS,
  type ScreenshotUploadFields,
  screenshotUploadFieldsSchema,
} from '@vahub/shared/screenshots/schemas';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError, parseFields } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { appendLog, attendanceOf } from '../attendance/public';
import { trackingTermsOf } from '../contracts/public';
import { checkImage, removeObjects, renditionsOf, storeRenditions } from './screenshots.images';
import { ownScreenshot } from './screenshots.reads';
import { fulfilRequest, pendingRequestOf } from './screenshots.requests';
import { screenshots } from './screenshots.table';

/** How far a capture may lie outside its shift, or ahead of the server's clock (trackers stamp it themselves). */
const CLOCK_SKEW_MS = 60_000;
const MAX_MB = SCREENSHOTS.maxBytes / 1024 / 1024;

export type UploadParts = { fields: Record<string, string>; file: Buffer | null };

const tooLarge = () => {
  const message = msg(M.file_too_large, { max: MAX_MB });
  return new AppError('payload_too_large', message, { file: [message] });
};

/** Reads the multipart body: the fields, and the `file` part (at most 10 MB: larger answers 413). */
export async function readUploadParts(request: FastifyRequest): Promise<UploadParts> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', HTTP_MESSAGES.unsupported_media_type);
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  const parts = request.parts({ limits: { fileSize: SCREENSHOTS.maxBytes, files: 1, fields: 10 } });
  try {
    for await (const part of parts) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (part.fieldname !== 'file') part.file.resume();
      else file = await part.toBuffer();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  return { fields, file };
}

const ownCapture = (viewer: Viewer, clientUuid: string) =>
  and(
    eq(screenshots.organizationId, viewer.organizationId),
    eq(screenshots.vaId, viewer.userId),
    eq(screenshots.clientUuid, clientUuid),
  ) as SQL;

async function existingCapture(deps: Deps, viewer: Viewer, clientUuid: string) {
  const [row] = await deps.db
    .select({ id: screenshots.id })
    .from(screenshots)
    .where(ownCapture(viewer, clientUuid));
  return row?.id ?? null;
}

/**
 * Where the capture belongs: the VA's own attendance, started, ongoing or ended at most 48 hours ago, with
 * `taken_at` inside it (a minute of clock skew allowed) and not in the future.
 */
async function captureTarget(deps: Deps, viewer: Viewer, f: ScreenshotUploadFields) {
  const a = await attendanceOf(deps.db, viewer.organizationId, f.attendance_id);
  if (!a || a.vaId !== viewer.userId) throw fieldError('attendance_id', M.attendance_not_yours);
  if (!a.startedAt) throw fieldError('attendance_id', M.attendance_not_started);
  const now = deps.clock.now().getTime();
  if (a.endedAt && a.endedAt.getTime() + SCREENSHOTS.lateUploadHours * 3600_000 < now)
    throw fieldError('attendance_id', M.attendance_closed);
  const at = Date.parse(f.taken_at);
  if (at > now + CLOCK_SKEW_MS) throw fieldError('taken_at', M.taken_at_future);
  const end = a.endedAt ? a.endedAt.getTime() : now;
  if (at < a.startedAt.getTime() - CLOCK_SKEW_MS || at > end + CLOCK_SKEW_MS)
    throw fieldError('taken_at', M.taken_at_outside);
  return a;
}

/**
 * `POST va-access/screenshots`: a tracker's capture. A retried id answers the stored row (`duplicate`), also
 * when two identical uploads race (the loser removes what it stored). The image is checked by its bytes
 * before anything decodes it, the contract's tier decides whether an image may exist and whether only its
 * blurred rendition is kept, and a `request_id` fulfils that on-demand request.
 */
export async function uploadScreenshot(deps: Deps, viewer: Viewer, parts: UploadParts) {
  const f = parseFields(screenshotUploadFieldsSchema, parts.fields);
  if (!parts.file?.length) throw fieldError('file', M.file_missing);
  const retried = await existingCapture(deps, viewer, f.id);
  if (retried) return { screenshot: await ownScreenshot(deps, viewer, retried), duplicate: true };

  const a = await captureTarget(deps, viewer, f);
  const terms = (await trackingTermsOf(deps.db, [a.contractId])).get(a.contractId);
  const tier = terms?.screenshotPrivacy ?? 'full';
  if (tier === 'off') throw fieldError('file', M.tier_off);
  if (tier === 'activity_only') throw fieldError('file', M.tier_no_images);
  const request = f.request_id ? await pendingRequestOf(deps.db, viewer, f.request_id, a.id) : null;
  if (f.request_id && !request) throw fieldError('request_id', M.request_unknown);

  const image = await checkImage(parts.file);
  const renditions = await renditionsOf(image, tier === 'blurred');
  const keys = await storeRenditions(
    deps,
    { organizationId: viewer.organizationId, vaId: viewer.userId },
    renditions,
  );
  let stored: { id: number; duplicate: boolean };
  try {
    stored = await deps.transaction(async (uow) => {
      const [row] = await uow.tx
        .insert(screenshots)
        .values({
          organizationId: a.organizationId,
          attendanceId: a.id,
          contractId: a.contractId,
          vaId: a.vaId,
          clientId: a.clientId,
          clientUuid: f.id,
          takenAt: new Date(f.taken_at),
          source: f.request_id ? 'on_demand' : 'scheduled',
          tracker: f.source,
          requestId: f.request_id ?? null,
          requestedBy: request?.requestedBy ?? null,
          screen: f.screen,
          width: image.width,
          height: image.height,
          bytes: renditions.image.length,
          blurred: renditions.blurred,
          ...keys,
          createdAt: deps.clock.now(),
        })
        // The (va, client uuid) key: an identical upload that got here first wins; this one waits for it.
        .onConflictDoNothing({ target: [screenshots.vaId, screenshots.clientUuid] })
        .returning();
      if (!row) {
        const [first] = await uow.tx
          .select({ id: screenshots.id })
          .from(screenshots)
          .where(ownCapture(viewer, f.id));
        return { id: first.id, duplicate: true };
      }
      // Answered meanwhile (declined, timed out, or another capture fulfilled it): the upload is refused.
      if (f.request_id && !(await fulfilRequest(uow.tx, viewer, f.request_id, row.id)))
        throw fieldError('request_id', M.request_unknown);
      await appendLog(uow.tx, a, {
        type: 'screenshot_taken',
        at: row.takenAt,
        details: { screenshot_id: row.id, screen: row.screen, source: row.source, request_id: row.requestId },
      });
      deps.realtime.publishAfterCommit(
        uow,
        {
          type: 'screenshot.created',
          data: { id: row.id, va_id: row.vaId, ...(row.requestId ? { request_id: row.requestId } : {}) },
        },
        { organizationId: row.organizationId, aboutVa: row.vaId },
      );
      return { id: row.id, duplicate: false };
    });
  } catch (err) {
    await removeObjects(deps, [keys.imageKey, keys.thumbnailKey]).catch(() => undefined);
    throw err;
  }
  // The race's loser stored renditions nobody points at.
  if (stored.duplicate) await removeObjects(deps, [keys.imageKey, keys.thumbnailKey]);
  return { screenshot: await ownScreenshot(deps, viewer, stored.id), duplicate: stored.duplicate };
}
