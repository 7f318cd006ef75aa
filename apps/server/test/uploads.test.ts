import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { looksLikeSvg, sniffImage } from '../src/platform/storage/sniff';
import { createHarness, type Harness } from './harness';

// Every upload route: the avatar (the only one; organizations have no logo). Files are judged by their bytes.
let h: Harness;
let userId: number;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(async () => {
  await h.reset();
  userId = (await h.createUser({ email: 'va@home.test', roles: ['va'] })).id;
});

function upload(content: Buffer, declared: string, filename = 'me.png') {
  const boundary = '----vahubupload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\nContent-Type: ${declared}\r\n\r\n`,
  );
  return h.bearer('va@home.test').then((auth) =>
    h.app.inject({
      method: 'POST',
      url: `/api/v1/upload/user/${userId}/avatar`,
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    }),
  );
}

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp' | 'tiff') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
const SVG_WITH_PROLOGUE = Buffer.from(
  '\uFEFF<?xml version="1.0"?>\n<!-- hi -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg xmlns="http://www.w3.org/2000/svg"/>',
);

describe('avatar uploads are checked by their bytes', () => {
  it('accepts PNG, JPEG, GIF and WebP whatever type the sender declared', async () => {
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      const res = await upload(await image(format), 'application/octet-stream', 'file.bin');
      expect(res.statusCode, `${format}: ${res.body}`).toBe(200);
    }
  });

  it('refuses an SVG, even declared as a PNG, with 422 account.avatar_svg', async () => {
    for (const [bytes, declared] of [
      [SVG, 'image/png'],
      [SVG_WITH_PROLOGUE, 'image/jpeg'],
      [SVG, 'image/svg+xml'],
    ] as const) {
      const res = await upload(bytes, declared);
      expect(res.statusCode).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().codes.avatar).toEqual([{ code: 'account.avatar_svg' }]);
    }
  });

  it('refuses other bytes declared as an image (HTML, TIFF, text) with 422 account.avatar_type', async () => {
    for (const bytes of [
      Buffer.from('<html><script>alert(1)</script></html>'),
      await image('tiff'),
      Buffer.from('just some text, not a picture'),
    ]) {
      const res = await upload(bytes, 'image/png');
      expect(res.statusCode).toBe(422);
      expect(res.json().codes.avatar).toEqual([{ code: 'account.avatar_type' }]);
    }
  });

  it('refuses a file with an image signature that does not decode', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ]);
    const res = await upload(fake, 'image/png');
    expect(res.statusCode).toBe(422);
    expect(res.json().codes.avatar).toEqual([{ code: 'account.avatar_unreadable' }]);
  });
});

describe('sniffing', () => {
  it('tells the four formats by their magic numbers, and SVG apart', async () => {
    expect(sniffImage(await image('png'))).toBe('image/png');
    expect(sniffImage(await image('jpeg'))).toBe('image/jpeg');
    expect(sniffImage(await image('gif'))).toBe('image/gif');
    expect(sniffImage(await image('webp'))).toBe('image/webp');
    expect(sniffImage(await image('tiff'))).toBeNull();
    expect(sniffImage(Buffer.from('RIFF1234WAVE'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
    expect(looksLikeSvg(SVG)).toBe(true);
    expect(looksLikeSvg(SVG_WITH_PROLOGUE)).toBe(true);
    expect(looksLikeSvg(Buffer.from('<html></html>'))).toBe(false);
    expect(looksLikeSvg(await image('png'))).toBe(false);
  });
});
