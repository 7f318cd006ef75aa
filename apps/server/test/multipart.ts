import { randomUUID } from 'node:crypto';

/** A file part of a multipart body. */
export type FilePart = { bytes: Buffer; name: string; type: string };

/** A multipart body as browsers and trackers send it: the fields (objects as JSON text), then the file. */
export function multipartBody(fields: Record<string, unknown>, file?: FilePart) {
  const boundary = `----vahub${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`),
    );
  }
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
