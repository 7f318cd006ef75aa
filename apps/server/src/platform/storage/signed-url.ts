import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNED_FILES_ROUTE = '/api/v1/files/signed';

/** A key of its own for file links, derived from the app secret, so a file signature is never a token's. */
export function fileSigningKey(secret: Uint8Array): Buffer {
  return createHmac('sha256', secret).update('vahub:signed-file-url:v1').digest();
}

// The download name is signed too: a link cannot be re-labelled to make a file save under another name.
function sign(signingKey: Buffer, key: string, expires: number, name: string | undefined): string {
  return createHmac('sha256', signingKey)
    .update(`${key}\n${expires}\n${name ?? ''}`)
    .digest('base64url');
}

export function signedFilePath(
  signingKey: Buffer,
  key: string,
  expires: number,
  downloadName?: string,
): string {
  const query = new URLSearchParams({
    expires: String(expires),
    signature: sign(signingKey, key, expires, downloadName),
  });
  if (downloadName) query.set('name', downloadName);
  return `${SIGNED_FILES_ROUTE}/${key}?${query}`;
}

export type SignatureCheck = 'ok' | 'invalid' | 'expired';

/** Checks the signature first, so an expired link with a forged signature reads as forged. */
export function checkFileSignature(
  signingKey: Buffer,
  link: { key: string; expires: number; name?: string; signature: string },
  nowSeconds: number,
): SignatureCheck {
  const expected = Buffer.from(sign(signingKey, link.key, link.expires, link.name));
  const given = Buffer.from(link.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return nowSeconds < link.expires ? 'ok' : 'expired';
}
