import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { createLocalStorage } from './local-storage';
import { createS3Storage, type S3StorageOptions, s3Origin } from './s3-storage';
import { fileSigningKey } from './signed-url';
import type { ObjectStorage } from './types';

/**
 * The local store's folder. `DATA_DIR/uploads` is where earlier versions wrote avatars
 * (`uploads/avatars/<name>`), so their files already sit at their keys: nothing to move or fall back to.
 */
export const localStorageRoot = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'uploads');

/** The STORAGE_S3_* settings, for the files' bucket or (`bucket`) another one on the same service. */
export function s3Options(
  config: Config,
  log: Pick<FastifyBaseLogger, 'error'>,
  bucket = config.STORAGE_S3_BUCKET,
): S3StorageOptions {
  if (!bucket) throw new Error('STORAGE_S3_BUCKET is required when STORAGE_DRIVER=s3');
  return {
    bucket,
    region: config.STORAGE_S3_REGION,
    endpoint: config.STORAGE_S3_ENDPOINT,
    forcePathStyle: config.STORAGE_S3_FORCE_PATH_STYLE,
    accessKeyId: config.STORAGE_S3_ACCESS_KEY_ID,
    secretAccessKey: config.STORAGE_S3_SECRET_ACCESS_KEY,
    signedUrlTtlSeconds: config.STORAGE_SIGNED_URL_TTL_SECONDS,
    log,
  };
}

export function createStorage(
  config: Config,
  ctx: { secret: Uint8Array; clock: Clock; log: Pick<FastifyBaseLogger, 'error'> },
): ObjectStorage {
  if (config.STORAGE_DRIVER === 's3') return createS3Storage(s3Options(config, ctx.log));
  return createLocalStorage({
    root: localStorageRoot(config),
    signingKey: fileSigningKey(ctx.secret),
    clock: ctx.clock,
    signedUrlTtlSeconds: config.STORAGE_SIGNED_URL_TTL_SECONDS,
    log: ctx.log,
  });
}

/** Origins the browser must be allowed to load files from (CSP `img-src`, `connect-src`). */
export function storageOrigins(config: Config): string[] {
  if (config.STORAGE_DRIVER !== 's3' || !config.STORAGE_S3_BUCKET) return [];
  return [
    s3Origin({
      bucket: config.STORAGE_S3_BUCKET,
      region: config.STORAGE_S3_REGION,
      endpoint: config.STORAGE_S3_ENDPOINT,
      forcePathStyle: config.STORAGE_S3_FORCE_PATH_STYLE,
    }),
  ];
}
