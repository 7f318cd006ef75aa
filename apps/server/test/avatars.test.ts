import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/modules/people/users.table';
import { localStorageRoot } from '../src/platform/storage/create-storage';
import { createHarness, type Harness } from './harness';
import { type S3rverHandle, startS3rver } from './s3rver';

function multipart(content: Buffer) {
  const boundary = '----vahubavatar';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (background: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background } })
    .png()
    .toBuffer();

describe.each(['local', 's3'] as const)('avatars on the %s driver', (driver) => {
  let h: Harness;
  let s3: S3rverHandle | undefined;
  let userId: number;
  let headers: Record<string, string>;

  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3rver();
    h = await createHarness(s3?.env ?? {});
  });
  afterAll(async () => {
    await h?.close();
    await s3?.close();
  });
  beforeEach(async () => {
    await h.reset();
    userId = (await h.createUser({ email: 'va@home.test', roles: ['va'] })).id;
    headers = await h.bearer('va@home.test');
  });

  async function upload(image: Buffer) {
    const body = multipart(image);
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/v1/upload/user/${userId}/avatar`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().avatar_url as string;
  }

  const keyOf = (url: string) => url.replace('/api/v1/files/', '');

  it('stores the upload under a random key and serves it back from the store', async () => {
    expect(h.deps.storage.driver).toBe(driver);
    const url = await upload(await png('#3366ff'));
    expect(url).toMatch(/^\/api\/v1\/files\/avatars\/[0-9a-f]{32}\.webp$/);
    const [row] = await h.db.select().from(users).where(eq(users.id, userId));
    expect(row.avatarKey).toBe(keyOf(url));
    expect((await h.app.inject({ url: '/api/v1/me', headers })).json().avatar_url).toBe(url);

    const file = await h.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    const stored = await h.deps.storage.get(keyOf(url));
    expect(stored?.size).toBe(file.rawPayload.length);
    stored?.body.destroy();
  });

  it('a second upload replaces the first and deletes its object', async () => {
    const first = await upload(await png('#ff0000'));
    const second = await upload(await png('#00ff00'));
    expect(second).not.toBe(first);
    expect(await h.deps.storage.get(keyOf(first))).toBeNull();
    expect((await h.app.inject({ url: first })).statusCode).toBe(404);
    expect((await h.app.inject({ url: second })).statusCode).toBe(200);
  });

  it('answers 404 problem+json for an unknown avatar', async () => {
    const res = await h.app.inject({ url: `/api/v1/files/avatars/${'ab'.repeat(16)}.webp` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().message).toBe('Avatar not found.');
    for (const name of [
      '..%2F..%2Fjwt-secret',
      'a.png',
      '%2Fetc%2Fpasswd',
      '1-0123456789abcdef.webp.meta.json',
    ]) {
      expect((await h.app.inject({ url: `/api/v1/files/avatars/${name}` })).statusCode, name).toBe(404);
    }
  });

  if (driver === 'local') {
    it('serves avatars written by earlier versions, and deletes them when replaced', async () => {
      const legacyDir = join(h.config.dataDir, 'uploads', 'avatars');
      expect(legacyDir).toBe(join(localStorageRoot(h.config), 'avatars'));
      mkdirSync(legacyDir, { recursive: true });
      const name = `${userId}-0123456789abcdef.webp`;
      const bytes = await sharp(await png('#123456'))
        .webp()
        .toBuffer();
      writeFileSync(join(legacyDir, name), bytes);
      await h.db
        .update(users)
        .set({ avatarKey: `avatars/${name}` })
        .where(eq(users.id, userId));

      const me = (await h.app.inject({ url: '/api/v1/me', headers })).json();
      expect(me.avatar_url).toBe(`/api/v1/files/avatars/${name}`);
      const file = await h.app.inject({ url: me.avatar_url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.rawPayload.equals(bytes)).toBe(true);

      await upload(await png('#654321'));
      expect(existsSync(join(legacyDir, name))).toBe(false);
    });
  }

  if (driver === 's3') {
    it('allows the store in the Content-Security-Policy for signed images', async () => {
      const res = await h.app.inject({ url: '/api/health' });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain(`img-src 'self' data: blob: ${s3?.endpoint}`);
      expect(csp).toContain(`connect-src 'self' ${s3?.endpoint}`);
    });
  }
});
