import { type FetchAccess, fetchCall } from '../transport';
import { type ScreenshotTransport, type UploadItem, uploadFields, uploadFileName } from './types';

export interface FetchScreenshotTransportOptions extends FetchAccess<string | Uint8Array> {
  /** The server's origin, e.g. `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** The multipart boundary (tests); random otherwise. */
  boundary?: string;
}

const VA = '/api/v1/va-access';

/**
 * A multipart/form-data body built by hand, so the core needs no `FormData` or `Blob` from its host: the
 * text fields first (a streaming parser reads them before the file), then the file.
 */
export function multipartBody(
  fields: Array<[string, string]>,
  file: { name: string; filename: string; type: string; bytes: Uint8Array },
  boundary: string,
): { body: Uint8Array; contentType: string } {
  let head = '';
  for (const [name, value] of fields)
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  head +=
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  const parts = [utf8(head), file.bytes, utf8(`\r\n--${boundary}--\r\n`)];
  const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** UTF-8 bytes of a string (the core's lib has no `TextEncoder`). */
function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    const c = char.codePointAt(0) ?? 0;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

const randomBoundary = () =>
  `----vahub${Array.from({ length: 24 }, () => Math.floor(Math.random() * 36).toString(36)).join('')}`;

/** The screenshot calls over `fetch` with a bearer token (the desktop agent, the simulator, tests). */
export function fetchScreenshotTransport(options: FetchScreenshotTransportOptions): ScreenshotTransport {
  const send = (path: string, contentType: string, body: string | Uint8Array) =>
    fetchCall(options, { method: 'POST', path, contentType, body, lenient: true });
  return {
    upload(item: UploadItem) {
      const { body, contentType } = multipartBody(
        uploadFields(item),
        { name: 'file', filename: uploadFileName(item), type: item.type, bytes: item.bytes },
        options.boundary ?? randomBoundary(),
      );
      return send(`${VA}/screenshots`, contentType, body);
    },
    async decline(requestId, body) {
      await send(
        `${VA}/screenshot-requests/${encodeURIComponent(requestId)}/decline`,
        'application/json',
        JSON.stringify(body),
      );
    },
  };
}
