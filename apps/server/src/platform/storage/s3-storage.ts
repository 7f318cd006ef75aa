import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import { assertValidKey, attachmentDisposition } from './keys';
import type { ObjectStorage } from './types';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** Any S3-compatible service (MinIO, R2, …); AWS when absent. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Both or neither: without them the SDK's default chain applies (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  signedUrlTtlSeconds: number;
  log: Pick<FastifyBaseLogger, 'error'>;
};

// S3 deletes at most 1,000 keys per request.
const DELETE_BATCH = 1000;

// Only a missing key is "no object"; a missing bucket (also a 404) is a configuration fault.
const isNoSuchKey = (err: unknown) => err instanceof S3ServiceException && err.name === 'NoSuchKey';

type RequestShape = { headers: Record<string, string>; body?: unknown };
const isRequest = (r: unknown): r is RequestShape =>
  typeof r === 'object' && r !== null && typeof (r as RequestShape).headers === 'object';

export function createS3Client(opts: S3StorageOptions): S3Client {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // Checksums only where S3 demands them: with the SDK's default checksum trailers s3rver stores
    // streamed bodies mangled, and so may other stores that predate those trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  // DeleteObjects must carry a checksum; the SDK sends CRC32, which older MinIO, Oracle Cloud and other
  // S3-compatible stores refuse ("Missing required header: Content-MD5"). AWS accepts Content-MD5 too.
  // Runs late in the build step, after the SDK's checksum headers and before signing.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request;
      if (context.commandName === 'DeleteObjectsCommand' && isRequest(request)) {
        for (const name of Object.keys(request.headers)) {
          if (/^x-amz-(sdk-)?checksum-/i.test(name)) delete request.headers[name];
        }
        const body = request.body;
        if (typeof body === 'string' || body instanceof Uint8Array) {
          request.headers['content-md5'] = createHash('md5').update(body).digest('base64');
        }
      }
      return next(args);
    },
    { step: 'build', name: 'vahubDeleteObjectsContentMd5', priority: 'low' },
  );
  return client;
}

/** Objects in one bucket of an S3-compatible store; every instance of the app sees the same files. */
export function createS3Storage(opts: S3StorageOptions): ObjectStorage {
  const client = createS3Client(opts);
  const Bucket = opts.bucket;

  function unavailable(op: string, key: string | string[], err: unknown): AppError {
    opts.log.error({ err, op, key, bucket: Bucket, driver: 's3' }, 'object storage failed');
    return new AppError('unavailable', 'File storage is not available right now. Please try again shortly.');
  }

  return {
    driver: 's3',

    async put(key, body, { contentType }) {
      assertValidKey(key);
      try {
        if (Buffer.isBuffer(body)) {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: key,
              Body: body,
              ContentType: contentType,
              ContentLength: body.length,
            }),
          );
        } else {
          // A stream has no known length: Upload sends it in parts (multipart past 5 MB).
          await new Upload({
            client,
            params: { Bucket, Key: key, Body: body, ContentType: contentType },
          }).done();
        }
      } catch (err) {
        throw unavailable('put', key, err);
      }
    },

    async get(key) {
      assertValidKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(out.Body instanceof Readable)) throw new Error('the S3 client returned no Node stream');
        return {
          body: out.Body,
          contentType: out.ContentType ?? 'application/octet-stream',
          size: out.ContentLength ?? null,
        };
      } catch (err) {
        if (isNoSuchKey(err)) return null;
        throw unavailable('get', key, err);
      }
    },

    async *keys() {
      let token: string | undefined;
      do {
        let page: ListObjectsV2CommandOutput;
        try {
          page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        } catch (err) {
          throw unavailable('list', '', err);
        }
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async delete(keys) {
      const list = Array.isArray(keys) ? keys : [keys];
      for (const key of list) assertValidKey(key);
      for (let i = 0; i < list.length; i += DELETE_BATCH) {
        const batch = list.slice(i, i + DELETE_BATCH);
        try {
          const out = await client.send(
            new DeleteObjectsCommand({
              Bucket,
              Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
            }),
          );
          if (out.Errors?.length) {
            throw new Error(out.Errors.map((e) => `${e.Key}: ${e.Code} ${e.Message}`).join('; '));
          }
        } catch (err) {
          throw unavailable('delete', batch, err);
        }
      }
    },

    async signedUrl(key, options = {}) {
      assertValidKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: options.downloadName
          ? attachmentDisposition(options.downloadName)
          : undefined,
      });
      try {
        return await getSignedUrl(client, command, {
          expiresIn: options.expiresInSeconds ?? opts.signedUrlTtlSeconds,
        });
      } catch (err) {
        // Presigning is local, but resolving credentials from the default chain can fail.
        throw unavailable('signedUrl', key, err);
      }
    },

    async close() {
      client.destroy();
    },
  };
}

/**
 * Where browsers fetch signed URLs from, for the Content-Security-Policy: the endpoint's origin with
 * path-style addressing, else the bucket's virtual host.
 */
export function s3Origin(opts: Pick<S3StorageOptions, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>) {
  const base = new URL(opts.endpoint ?? `https://s3.${opts.region}.amazonaws.com`);
  // The SDK falls back to path style for names that cannot be a host label (dots, capitals).
  const virtualHost = !opts.forcePathStyle && /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(opts.bucket);
  return virtualHost ? `${base.protocol}//${opts.bucket}.${base.host}` : base.origin;
}
