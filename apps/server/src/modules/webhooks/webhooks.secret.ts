import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// The signing secret must be usable to sign every delivery, so it is kept, encrypted: AES-256-GCM under a key
// derived (HKDF-SHA256) from the server secret (JWT_SECRET or DATA_DIR/jwt-secret). A database dump alone does
// not reveal it; changing the server secret makes the stored ones unreadable (deliveries then fail saying so).

const keyOf = (serverSecret: Uint8Array) =>
  Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'vahub webhook signing secrets v1', 32));

/** A new signing secret: `whsec_` and 32 random bytes. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function encryptSecret(serverSecret: Uint8Array, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when it cannot be read (the server secret changed). */
export function decryptSecret(serverSecret: Uint8Array, stored: string): string | null {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
