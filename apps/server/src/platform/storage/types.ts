import type { Readable } from 'node:stream';

export type StoredObject = { body: Readable; contentType: string; size: number | null };

/**
 * Files by key (`avatars/…`, `screenshots/…`): a folder by default, any S3-compatible store by
 * configuration. The database keeps keys, never URLs; browsers read private files through short-lived
 * signed URLs.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(keys: string | string[]): Promise<void>;
  /** A URL that downloads the object until it expires (default STORAGE_SIGNED_URL_TTL_SECONDS). */
  signedUrl(key: string, options?: { expiresInSeconds?: number; downloadName?: string }): Promise<string>;
}
