import { randomUUID } from 'node:crypto';
import { msg } from '@vahub/shared/api/messages';
import { REQUEST_MESSAGES as M } from '@vahub/shared/requests/messages';
import { type ATTACHMENT_TYPES, REQUESTS } from '@vahub/shared/requests/schemas';
import { SCREENSHOTS } from '@vahub/shared/screenshots/schemas';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../lib/errors';
import { badTextField } from '../../lib/route';
import type { Deps } from '../../lib/types';
import { judgeImageHeader } from '../../platform/storage/image-header';
import { looksLikeSvg, sniffImage } from '../../platform/storage/sniff';

// A request's attachment (DOMAIN.md "Requests"): the first `file` part of a multipart body, a PDF or a PNG,
// JPEG or WebP image judged by its bytes, at most 10 MB, kept in object storage under `requests/<org>/<uuid>`.

const MAX_MB = REQUESTS.maxFileBytes / 1024 / 1024;
const MAX_NAME = 200;

export type Upload = { bytes: Buffer; name: string };
export type RequestBody = { fields: Record<string, unknown>; file: Upload | null };
export type CheckedFile = Upload & { type: (typeof ATTACHMENT_TYPES)[number] };

const tooLarge = () => {
  const message = msg(M.file_too_large, { max: MAX_MB });
  return new AppError('payload_too_large', message, { file: [message] });
};

/** `mus[date]` / `mus.date` fields (a form that spells the object out) become one `mus` object. */
function gatherMus(fields: Record<string, unknown>) {
  const parts: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const m = /^mus(?:\[(\w+)\]|\.(\w+))$/.exec(key);
    if (!m) continue;
    parts[m[1] ?? m[2]] = value;
    delete fields[key];
  }
  if (Object.keys(parts).length && fields.mus === undefined) fields.mus = parts;
  return fields;
}

/**
 * The create call's body: multipart (text fields and the first `file` part; a larger file answers 413), or a
 * JSON (or form) body without a file.
 */
export async function readRequestBody(request: FastifyRequest): Promise<RequestBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
    return { fields: gatherMus(fields as Record<string, unknown>), file: null };
  }
  const fields: Record<string, unknown> = {};
  let file: Upload | null = null;
  const parts = request.parts({ limits: { fileSize: REQUESTS.maxFileBytes, files: 5, fields: 20 } });
  try {
    for await (const part of parts) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      // Only the first file is used (the spec); any other part is read past.
      else if (part.fieldname !== 'file' || file) part.file.resume();
      else file = { bytes: await part.toBuffer(), name: part.filename };
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  // The text fields of a multipart body are checked here as JSON bodies are by every route (lib/route.ts).
  const bad = badTextField(fields);
  if (bad) throw fieldError(bad.field, bad.message);
  // An empty file input sends a part without bytes: no file.
  return { fields: gatherMus(fields), file: file?.bytes.length ? file : null };
}

const EXTENSIONS: Record<CheckedFile['type'], readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
};

/**
 * The name a download is offered under: the stored name whose extension is the detected type's (`evil.html`
 * holding a PDF is `evil.pdf`), so a saved copy opens as what it is. Also applied to names stored before.
 */
export function downloadName(name: string | null, type: CheckedFile['type']): string {
  const [ext, ...others] = EXTENSIONS[type];
  const base = (name ?? '').trim() || 'attachment';
  const dot = base.lastIndexOf('.');
  const current = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  if (current === ext || others.includes(current)) return base;
  return `${dot > 0 ? base.slice(0, dot) : base}.${ext}`;
}

/** A name safe to store and to send back in a download header: no path, no control characters. */
function cleanName(name: string, type: CheckedFile['type']) {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, MAX_NAME);
  return downloadName(base, type);
}

/**
 * Judges an attachment by its bytes (the declared type and name are the sender's word): a PDF, or a PNG,
 * JPEG or WebP image. An SVG (it can carry scripts) and anything else are refused as the wrong type; an image
 * is judged as screenshots are (its header read, a decompression bomb refused by its declared size).
 */
export async function checkFile(upload: Upload): Promise<CheckedFile> {
  if (upload.bytes.length > REQUESTS.maxFileBytes) throw tooLarge();
  if (looksLikeSvg(upload.bytes)) throw fieldError('file', M.file_type);
  const pdf = upload.bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  const image = sniffImage(upload.bytes);
  const type = pdf ? 'application/pdf' : image === 'image/gif' ? null : image;
  if (!type) throw fieldError('file', M.file_type);
  if (type !== 'application/pdf') {
    const header = await judgeImageHeader(upload.bytes, type, SCREENSHOTS.maxPixels);
    if (header.verdict !== 'ok')
      throw fieldError(
        'file',
        header.verdict === 'unreadable'
          ? M.file_unreadable
          : msg(M.file_too_many_pixels, { max: SCREENSHOTS.maxPixels / 1_000_000 }),
      );
  }
  return { ...upload, type, name: cleanName(upload.name, type) };
}

/** Stores the attachment; answers its key. */
export async function storeFile(deps: Pick<Deps, 'storage'>, organizationId: number, file: CheckedFile) {
  const key = `requests/${organizationId}/${randomUUID()}`;
  await deps.storage.put(key, file.bytes, { contentType: file.type });
  return key;
}

/** Removes an attachment; a failure is logged, not raised (a leftover object costs space, never shows). */
export async function removeFile(deps: Pick<Deps, 'storage' | 'log'>, key: string | null) {
  if (!key) return;
  await deps.storage.delete(key).catch((err: unknown) => {
    deps.log.warn({ err, key }, 'a request attachment could not be removed from storage');
  });
}
