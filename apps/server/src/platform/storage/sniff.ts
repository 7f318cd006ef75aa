/** The image types an upload may be, told by their first bytes (the declared type is the sender's word). */
export type SniffedImage = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** PNG, JPEG, GIF (87a/89a) or WebP (RIFF....WEBP) by their magic numbers, else null. */
export function sniffImage(bytes: Buffer): SniffedImage | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/**
 * Whether the bytes are an SVG (or other XML) document: text whose first tag, past a byte-order mark,
 * white space, an XML declaration, comments or a doctype, is `<svg`. An SVG may carry scripts and
 * external references, so it is refused by name rather than as "not an image".
 */
export function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (!head.startsWith('<')) return false;
  const rest = head.replace(/^(<\?xml[^>]*>|<!--[\s\S]*?-->|<!doctype[^>]*>|\s)+/, '');
  return rest.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'));
}
