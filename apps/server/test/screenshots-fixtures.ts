import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { attendances } from '../src/modules/attendance/attendance.table';
import type { screenshots } from '../src/modules/screenshots/screenshots.table';
import { localStorageRoot } from '../src/platform/storage/create-storage';
import { shift, type TrackerWorld } from './attendance-fixtures';
import type { Harness } from './harness';
import { multipartBody } from './multipart';

/** A screenshot row of attendance `a` taken at `at` (rows straight into the table: the reads' tests). */
export const screenshotRow = (
  a: typeof attendances.$inferSelect,
  at: string,
  fields: Partial<typeof screenshots.$inferInsert> = {},
): typeof screenshots.$inferInsert => ({
  organizationId: a.organizationId,
  attendanceId: a.id,
  contractId: a.contractId,
  vaId: a.vaId,
  clientId: a.clientId,
  clientUuid: randomUUID(),
  takenAt: new Date(at),
  source: 'scheduled',
  tracker: 'desktop',
  width: 1920,
  height: 1080,
  bytes: 1000,
  imageKey: `screenshots/${a.organizationId}/${a.vaId}/${randomUUID()}.png`,
  thumbnailKey: `screenshots/${a.organizationId}/${a.vaId}/${randomUUID()}-thumb.webp`,
  ...fields,
});

// What the screenshot test files share: Ana's shift, captures as a tracker sends them, images with detail.
// Ana's shift: Tuesday 2026-03-10, 09:00–17:00 Manila = 01:00–09:00 UTC.
export const START = '2026-03-10T01:00:00Z';
export const END = '2026-03-10T09:00:00Z';

/** Ana (contract c1 with Mina) on shift since START; the clock an hour in. */
export async function anaOnShift(h: Harness, w: TrackerWorld) {
  const a = await shift(h, w.contracts.c1, START, END, { status: 'ongoing', startedAt: new Date(START) });
  h.clock.set('2026-03-10T02:00:00Z');
  return a;
}

/** A VA's ongoing shift on a contract, started at START. */
export const onShift = (h: Harness, c: TrackerWorld['contracts']['c1']) =>
  shift(h, c, START, END, { status: 'ongoing', startedAt: new Date(START) });

/** A picture with detail (a checkerboard of 8 px squares and a few bands), `format` encoded. */
export async function detailed(width = 640, height = 360, format: 'png' | 'jpeg' | 'webp' = 'png') {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const on = ((x >> 3) + (y >> 3)) % 2 === 0;
      const i = (y * width + x) * 3;
      raw[i] = on ? 250 : 20;
      raw[i + 1] = on ? 250 : (x * 255) / width;
      raw[i + 2] = on ? 250 : (y * 255) / height;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/**
 * How much detail a picture holds: the mean difference between horizontal neighbours of its 320 px wide
 * greyscale version. A blur flattens it.
 */
export async function detailOf(image: Buffer) {
  const { data, info } = await sharp(image)
    .resize({ width: 320 })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let y = 0; y < info.height; y++)
    for (let x = 1; x < info.width; x++)
      sum += Math.abs(data[y * info.width + x] - data[y * info.width + x - 1]);
  return sum / (info.height * (info.width - 1));
}

/** A real (tiny) PNG whose header says it is `width` x `height`: a decompression bomb's shape. */
export async function bombPng(width: number, height: number) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  // IHDR is the first chunk: length (4), type (4), then width and height, then its CRC over type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** A multipart body: text fields, then the file (as a tracker sends it). */
export const form = (fields: Record<string, string | number>, file?: { bytes: Buffer; type?: string }) =>
  multipartBody(fields, file && { bytes: file.bytes, name: 'capture', type: file.type ?? 'image/png' });

/** The fields of a capture of `attendanceId`, taken at `at`. */
export const capture = (attendanceId: number, at: string, extra: Record<string, string | number> = {}) => ({
  id: randomUUID(),
  attendance_id: attendanceId,
  taken_at: at,
  screen: 0,
  source: 'desktop',
  ...extra,
});

/** `POST va-access/screenshots` as `email`: status and JSON. */
export async function upload(
  h: Harness,
  email: string,
  fields: Record<string, string | number>,
  file?: { bytes: Buffer; type?: string },
) {
  const body = form(fields, file);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/v1/va-access/screenshots',
    headers: { ...(await h.bearer(email)), 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** Any method as someone in an area; answers status and JSON (null for an empty body). */
export async function as(
  h: Harness,
  email: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  payload?: object,
) {
  const res = await h.app.inject({
    method,
    url: `/api/v1/${path}`,
    headers: await h.bearer(email),
    payload,
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

/** The files the local store holds under `screenshots/` (hidden metadata files aside). */
export function storedFiles(h: Harness): string[] {
  const root = join(localStorageRoot(h.config), 'screenshots');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile() && !d.name.startsWith('.'))
    .map((d) => join(d.parentPath, d.name).slice(root.length + 1));
}
