import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../src/platform/storage/s3-storage';

// s3rver ships no types; this is the part the tests use.
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverClass = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  resetOnClose: boolean;
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver checks request signatures against these fixed credentials (not presigned URLs, though). */
const CREDENTIALS = { STORAGE_S3_ACCESS_KEY_ID: 'S3RVER', STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER' };

/** An in-process S3-compatible server on a free port, with one empty bucket. */
export async function startS3rver(bucket = 'vahub-test') {
  const directory = mkdtempSync(join(tmpdir(), 'vahub-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, resetOnClose: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    STORAGE_DRIVER: 's3',
    STORAGE_S3_BUCKET: bucket,
    STORAGE_S3_ENDPOINT: endpoint,
    STORAGE_S3_FORCE_PATH_STYLE: 'true',
    STORAGE_S3_REGION: 'us-east-1',
    ...CREDENTIALS,
  };
  const client = createS3Client({
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    accessKeyId: CREDENTIALS.STORAGE_S3_ACCESS_KEY_ID,
    secretAccessKey: CREDENTIALS.STORAGE_S3_SECRET_ACCESS_KEY,
    signedUrlTtlSeconds: 300,
    log: { error: () => {} },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    endpoint,
    bucket,
    /** Harness / loadConfig variables that point the app at this server. */
    env,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3rverHandle = Awaited<ReturnType<typeof startS3rver>>;
