import { createHash, randomBytes } from 'node:crypto';

/**
 * `{SSHA}` of a password as OpenLDAP (and most directories) reads it: base64(SHA-1(password + salt) + salt), with
 * an 8-byte random salt. The directory stores `userPassword` as sent, so the server hashes it before writing.
 */
export function sshaHash(password: string, salt: Buffer = randomBytes(8)): string {
  const digest = createHash('sha1').update(password, 'utf8').update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`;
}

/** Whether `hash` is the `{SSHA}` of `password` (tests, and a check of what was written). */
export function sshaMatches(hash: string, password: string): boolean {
  if (!hash.startsWith('{SSHA}')) return false;
  const raw = Buffer.from(hash.slice(6), 'base64');
  if (raw.length <= 20) return false;
  return sshaHash(password, raw.subarray(20)) === hash;
}
