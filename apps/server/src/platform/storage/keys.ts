/** A key that breaks the rules below; a programming error, never a user's input reaching storage. */
export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidKeyError';
  }
}

// Segments start with a letter or digit, so no `.`/`..` segment and no hidden name can be a key: the
// local driver keeps its temporary and metadata files under dot-names, out of every key's reach.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

/** Keys are relative, `/`-separated paths of safe characters, so they can never leave the store. */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
}

/** `attachment; filename=…` with an ASCII fallback and the UTF-8 name (RFC 6266 / RFC 5987). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
