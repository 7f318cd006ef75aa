import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { AppError } from '../src/lib/errors';
import { createStorage, localStorageRoot } from '../src/platform/storage/create-storage';
import { InvalidKeyError } from '../src/platform/storage/keys';
import { createS3Storage, s3Origin } from '../src/platform/storage/s3-storage';
import type { ObjectStorage } from '../src/platform/storage/types';
import { createHarness, type Harness } from './harness';
import { type S3rverHandle, startS3rver } from './s3rver';

let h: Harness;
let s3: S3rverHandle;
let s3Storage: ObjectStorage;
let base: string;
const s3Errors: unknown[] = [];

beforeAll(async () => {
  s3 = await startS3rver();
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: h.config.dataDir, ...s3.env });
  s3Storage = createStorage(config, {
    secret: h.deps.secret,
    clock: h.clock,
    log: { error: (o: unknown) => s3Errors.push(o) },
  });
});
afterAll(async () => {
  await s3Storage?.close();
  await h?.close();
  await s3?.close();
});

const text = async (object: { body: Readable } | null) => {
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
};

const drivers: Array<[string, () => ObjectStorage, (url: string) => string]> = [
  ['local', () => h.deps.storage, (url) => new URL(url, base).toString()],
  ['s3', () => s3Storage, (url) => url],
];

describe.each(drivers)('%s driver contract', (driver, storage, absolute) => {
  const k = (name: string) => `contract/${driver}/${name}`;

  it('puts a buffer and gets it back with its type and size', async () => {
    await storage().put(k('a.txt'), Buffer.from('hello'), { contentType: 'text/plain' });
    const object = await storage().get(k('a.txt'));
    expect(object).toMatchObject({ contentType: 'text/plain', size: 5 });
    expect(await text(object)).toBe('hello');
  });

  it('puts a stream of unknown length', async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.from(`chunk-${i};`));
    await storage().put(k('s.bin'), Readable.from(chunks), { contentType: 'application/x-test' });
    const object = await storage().get(k('s.bin'));
    expect(object?.contentType).toBe('application/x-test');
    expect(await text(object)).toBe(Buffer.concat(chunks).toString());
  });

  it('replaces an object on a second put', async () => {
    await storage().put(k('r.txt'), Buffer.from('one'), { contentType: 'text/plain' });
    await storage().put(k('r.txt'), Buffer.from('two!'), { contentType: 'text/markdown' });
    const object = await storage().get(k('r.txt'));
    expect(object).toMatchObject({ contentType: 'text/markdown', size: 4 });
    expect(await text(object)).toBe('two!');
  });

  it('answers null for a missing key', async () => {
    expect(await storage().get(k('missing.txt'))).toBeNull();
    expect(await storage().get(k('no-folder/missing.txt'))).toBeNull();
  });

  it('deletes one key or many, ignoring missing ones', async () => {
    for (const name of ['d1', 'd2', 'd3']) {
      await storage().put(k(name), Buffer.from(name), { contentType: 'text/plain' });
    }
    await storage().delete(k('d1'));
    await storage().delete([k('d2'), k('d3'), k('never-there')]);
    for (const name of ['d1', 'd2', 'd3']) expect(await storage().get(k(name))).toBeNull();
    await storage().delete([]);
  });

  it('lists every key (backups walk it), not its own metadata or temporary files', async () => {
    for (const name of ['l/one.txt', 'l/deep/two.txt'])
      await storage().put(k(name), Buffer.from(name), { contentType: 'text/plain' });
    const keys: string[] = [];
    for await (const key of storage().keys()) if (key.startsWith(k('l/'))) keys.push(key);
    expect(keys.sort()).toEqual([k('l/deep/two.txt'), k('l/one.txt')]);
  });

  it('signs a URL that downloads the object, optionally under a download name', async () => {
    await storage().put(k('shot.png'), Buffer.from('png-bytes'), { contentType: 'image/png' });
    const res = await fetch(absolute(await storage().signedUrl(k('shot.png'))));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await res.text()).toBe('png-bytes');
    const named = await storage().signedUrl(k('shot.png'), { downloadName: 'Screen 1 ü.png' });
    const download = await fetch(absolute(named));
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Screen 1 _.png"; filename*=UTF-8''Screen%201%20%C3%BC.png`,
    );
  });

  it('refuses keys that could leave the store', async () => {
    for (const bad of ['../x', '/etc/passwd', 'a/../b', 'a//b', '.hidden', 'a/.meta', 'a b', '', 'a\\b']) {
      await expect(storage().put(bad, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
        InvalidKeyError,
      );
      await expect(storage().get(bad)).rejects.toThrow(InvalidKeyError);
      await expect(storage().delete([bad])).rejects.toThrow(InvalidKeyError);
      await expect(storage().signedUrl(bad)).rejects.toThrow(InvalidKeyError);
    }
  });
});

describe('local driver', () => {
  const root = () => localStorageRoot(h.config);

  it('keeps objects as files under DATA_DIR/uploads, with no temporary files left', async () => {
    await h.deps.storage.put('local/x/y.txt', Buffer.from('file'), { contentType: 'text/plain' });
    expect(readFileSync(join(root(), 'local/x/y.txt'), 'utf8')).toBe('file');
    expect(readdirSync(join(root(), 'local/x')).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });

  it('keeps the old object when a write fails half way', async () => {
    await h.deps.storage.put('local/atomic.txt', Buffer.from('old'), { contentType: 'text/plain' });
    const broken = new Readable({
      read() {
        this.push(Buffer.from('new-part'));
        this.destroy(new Error('client went away'));
      },
    });
    const failed = h.deps.storage.put('local/atomic.txt', broken, { contentType: 'text/plain' });
    await expect(failed).rejects.toMatchObject({ status: 503 });
    expect(await text(await h.deps.storage.get('local/atomic.txt'))).toBe('old');
    expect(readdirSync(join(root(), 'local')).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });

  it('reads a file written without metadata by its extension (avatars of earlier versions)', async () => {
    mkdirSync(join(root(), 'legacy'), { recursive: true });
    writeFileSync(join(root(), 'legacy/1-0123456789abcdef.webp'), 'webp');
    writeFileSync(join(root(), 'legacy/blob'), 'raw');
    const webp = await h.deps.storage.get('legacy/1-0123456789abcdef.webp');
    const blob = await h.deps.storage.get('legacy/blob');
    expect(webp?.contentType).toBe('image/webp');
    expect(blob?.contentType).toBe('application/octet-stream');
    webp?.body.destroy();
    blob?.body.destroy();
  });

  it('serves a signed URL privately until it expires, nosniff', async () => {
    await h.deps.storage.put('local/private.png', Buffer.from('secret'), { contentType: 'image/png' });
    const url = await h.deps.storage.signedUrl('local/private.png');
    expect(url).toMatch(/^\/api\/v1\/files\/signed\/local\/private\.png\?expires=\d+&signature=[\w-]+$/);
    const ok = await h.app.inject({ url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, max-age=300');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.body).toBe('secret');
    h.clock.advance(100_000);
    expect((await h.app.inject({ url })).headers['cache-control']).toBe('private, max-age=200');
    h.clock.advance(200_000);
    const expired = await h.app.inject({ url });
    expect(expired.statusCode).toBe(403);
    expect(expired.headers['content-type']).toContain('application/problem+json');
    expect(expired.json().message).toMatch(/expired/);
  });

  it('refuses a tampered link with 403 and a missing object with 404', async () => {
    await h.deps.storage.put('local/a.txt', Buffer.from('a'), { contentType: 'text/plain' });
    await h.deps.storage.put('local/b.txt', Buffer.from('b'), { contentType: 'text/plain' });
    const url = await h.deps.storage.signedUrl('local/a.txt', { expiresInSeconds: 60 });
    const signature = new URL(url, base).searchParams.get('signature') ?? '';
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const tampered = [
      url.replace(signature, flipped),
      url.replace('local/a.txt', 'local/b.txt'),
      url.replace(/expires=(\d+)/, (_, e) => `expires=${Number(e) + 3600}`),
      `${url}&name=evil.exe`,
      url.replace(/&signature=[^&]+/, ''),
      '/api/v1/files/signed/local/a.txt',
    ];
    for (const bad of tampered) {
      const res = await h.app.inject({ url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().message).toMatch(/not valid/);
    }
    await h.deps.storage.delete('local/a.txt');
    const gone = await h.app.inject({ url });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('application/problem+json');
  });
});

describe('s3 driver', () => {
  it('logs a failing store and answers 503', async () => {
    const errors: Array<Record<string, unknown>> = [];
    const broken = createS3Storage({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      signedUrlTtlSeconds: 60,
      log: { error: (o: Record<string, unknown>) => errors.push(o) },
    });
    const failure = await broken.get('x/y.png').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 503, code: 'unavailable' });
    expect(errors[0]).toMatchObject({ op: 'get', key: 'x/y.png', bucket: 'no-such-bucket', driver: 's3' });
    await broken.close();
  });

  it('sends batch deletes with Content-MD5, which S3-compatible stores other than AWS require', async () => {
    const seen: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    const storage = createS3Storage({
      bucket: 'vahub',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      signedUrlTtlSeconds: 60,
      log: { error: () => {} },
    });
    try {
      await storage.delete(['a/1.png', 'a/2.png']);
    } finally {
      await storage.close();
      server.close();
    }
    expect(seen).toHaveLength(1);
    const [{ headers, body }] = seen;
    expect(body).toContain('<Key>a/2.png</Key>');
    expect(headers['content-md5']).toBe(createHash('md5').update(body).digest('base64'));
    expect(Object.keys(headers).filter((h) => h.includes('checksum'))).toEqual([]);
    expect(headers.authorization).toContain('content-md5');
  });

  it('names in the CSP the origin its signed URLs point at', async () => {
    const cases = [
      { bucket: 'vahub', region: 'eu-west-1', endpoint: undefined, forcePathStyle: false },
      { bucket: 'vahub', region: 'eu-west-1', endpoint: undefined, forcePathStyle: true },
      { bucket: 'files.vahub', region: 'eu-west-1', endpoint: undefined, forcePathStyle: false },
      { bucket: 'vahub', region: 'auto', endpoint: 'https://acct.r2.example.com', forcePathStyle: false },
      { bucket: 'vahub', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
    ];
    for (const c of cases) {
      const storage = createS3Storage({
        ...c,
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret',
        signedUrlTtlSeconds: 60,
        log: { error: () => {} },
      });
      expect(s3Origin(c), JSON.stringify(c)).toBe(new URL(await storage.signedUrl('a/b.png')).origin);
      await storage.close();
    }
  });
});
