import type { Readable } from 'node:stream';

/** `body` holds a file or a connection open: read it to the end or destroy it. */
export type StoredObject = { body: Readable; contentType: string; size: number | null };

/**
 * Files by key (`avatars/…`, `screenshots/…`): a folder by default, any S3-compatible store by
 * configuration. The database keeps keys, never URLs; browsers read private files through short-lived
 * signed URLs.
 *
 * Keys are checked by `assertValidKey` (keys.ts): a bad key throws `InvalidKeyError`. A store that cannot
 * be reached throws a 503 `AppError` after logging what failed.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** Replaces the object atomically: readers see the old bytes or the new ones, never a part. */
  put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<void>;
  /** The object, or null when no object has that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Every key in the store, in no particular order (backups and moves walk it). */
  keys(): AsyncIterable<string>;
  /** Removes the objects; keys that do not exist are ignored. */
  delete(keys: string | string[]): Promise<void>;
  /** A URL that downloads the object until it expires (default STORAGE_SIGNED_URL_TTL_SECONDS). */
  signedUrl(key: string, options?: { expiresInSeconds?: number; downloadName?: string }): Promise<string>;
  /** Releases connections (the app's close hook calls it). */
  close(): Promise<void>;
}
