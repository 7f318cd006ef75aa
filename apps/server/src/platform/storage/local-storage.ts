import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HTTP_MESSAGES } from '@vahub/shared/api/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { AppError, isDiskFull } from '../../lib/errors';
import { assertValidKey } from './keys';
import { signedFilePath } from './signed-url';
import type { ObjectStorage, StoredObject } from './types';

export type LocalStorageOptions = {
  /** The folder that holds every object at `<root>/<key>`. */
  root: string;
  /** From `fileSigningKey(secret)`. */
  signingKey: Buffer;
  clock: Clock;
  signedUrlTtlSeconds: number;
  log: Pick<FastifyBaseLogger, 'error'>;
};

// Objects written before the store kept metadata (the avatars of earlier versions) have no sidecar.
const TYPES_BY_EXTENSION: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
};

const isMissing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/**
 * Objects as files under one folder. Each write goes to a temporary file that is renamed over the
 * target, so a reader never sees half a file. The content type sits beside the file in a hidden
 * `.<name>.meta.json` (hidden names can never be keys).
 */
export function createLocalStorage(opts: LocalStorageOptions): ObjectStorage {
  const root = resolve(opts.root);

  function pathOf(key: string): string {
    assertValidKey(key);
    const path = resolve(root, key);
    // Valid keys cannot escape; this second check guards against a future change to the key rules.
    if (!path.startsWith(root + sep)) throw new Error(`storage key escapes the store: ${key}`);
    return path;
  }
  const metaPathOf = (path: string) => join(dirname(path), `.${basename(path)}.meta.json`);
  const tempPathOf = (path: string) => join(dirname(path), `.tmp-${randomBytes(8).toString('hex')}`);

  function unavailable(op: string, key: string, err: unknown): AppError {
    opts.log.error({ err, op, key, driver: 'local', root }, 'object storage failed');
    // The same answer as a database write on a full disk (lib/error-handler.ts).
    if (isDiskFull(err)) return new AppError('storage_full', HTTP_MESSAGES.disk_full);
    return new AppError('unavailable', 'File storage is not available right now. Please try again shortly.');
  }

  async function writeAtomically(path: string, body: Buffer | Readable | string) {
    const temp = tempPathOf(path);
    try {
      if (typeof body === 'string' || Buffer.isBuffer(body)) await writeFile(temp, body, { flag: 'wx' });
      else await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, path);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async function contentTypeOf(path: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(metaPathOf(path), 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string') return meta.contentType;
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    return TYPES_BY_EXTENSION[extname(path).toLowerCase()] ?? 'application/octet-stream';
  }

  return {
    driver: 'local',

    async put(key, body, { contentType }) {
      const path = pathOf(key);
      try {
        await mkdir(dirname(path), { recursive: true });
        // Metadata first: a crash between the two renames leaves a sidecar without a file (harmless),
        // never a new file described by an old sidecar.
        await writeAtomically(metaPathOf(path), JSON.stringify({ contentType }));
        await writeAtomically(path, body);
      } catch (err) {
        throw unavailable('put', key, err);
      }
    },

    async get(key): Promise<StoredObject | null> {
      const path = pathOf(key);
      let handle: Awaited<ReturnType<typeof open>> | undefined;
      try {
        // Open before reading the size, so a delete in between cannot make the two disagree.
        handle = await open(path, 'r');
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        const contentType = await contentTypeOf(path);
        return { body: handle.createReadStream(), contentType, size: stat.size };
      } catch (err) {
        await handle?.close().catch(() => undefined);
        if (isMissing(err)) return null;
        throw unavailable('get', key, err);
      }
    },

    async *keys() {
      // Dot files are the store's own: content-type sidecars and temporary files of a write under way.
      async function* walk(dir: string, prefix: string): AsyncGenerator<string> {
        let entries: Dirent[];
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (err) {
          if (isMissing(err)) return;
          throw err;
        }
        for (const entry of entries) {
          if (entry.name.startsWith('.')) continue;
          if (entry.isDirectory()) yield* walk(join(dir, entry.name), `${prefix}${entry.name}/`);
          else if (entry.isFile()) yield `${prefix}${entry.name}`;
        }
      }
      yield* walk(root, '');
    },

    async delete(keys) {
      for (const key of Array.isArray(keys) ? keys : [keys]) {
        const path = pathOf(key);
        for (const file of [path, metaPathOf(path)]) {
          await unlink(file).catch((err: unknown) => {
            if (!isMissing(err)) throw unavailable('delete', key, err);
          });
        }
      }
    },

    async signedUrl(key, options = {}) {
      pathOf(key);
      const ttl = options.expiresInSeconds ?? opts.signedUrlTtlSeconds;
      const expires = Math.floor(opts.clock.now().getTime() / 1000) + ttl;
      return signedFilePath(opts.signingKey, key, expires, options.downloadName);
    },

    async close() {},
  };
}
