import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

// A built web app as vite leaves it (vite.config.ts): hashed assets with their .br and .gz copies.
const dist = mkdtempSync(join(tmpdir(), 'vahub-web-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const shell =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head></html>';
const precompressed = (path: string, text: string) => {
  writeFileSync(join(dist, path), text);
  writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
  writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
};
mkdirSync(join(dist, 'assets'));
precompressed('assets/index-Ab12Cd34.js', script);
precompressed('index.html', shell);
writeFileSync(join(dist, 'assets/logo-Zz99Yy88.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ WEB_DIST: dist });
});
afterAll(async () => {
  await h?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  h.app.inject({ url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('the built web app', () => {
  it('sends a hashed script as Brotli when the browser accepts it, cached for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    // A script carries no document headers (the page's own answer has them), but keeps nosniff.
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toBeUndefined();
  });

  it('sends gzip to a browser without Brotli, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/index-Ab12Cd34.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // The plain answer also varies with the header, or a shared cache could hand it to everyone.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('keeps files without a compressed copy as they are', async () => {
    const res = await get('/assets/logo-Zz99Yy88.png', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('never caches the shell, at its own path or as the answer to an app route', async () => {
    for (const url of ['/index.html', '/admin-dashboard/people']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      const body =
        res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload;
      expect(body.toString()).toBe(shell);
    }
  });

  it('answers unknown API paths with a problem, not the app', async () => {
    const res = await get('/api/v1/nothing-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });
});

describe("the dashboards' own HTML (the web build's shells/shells.json)", () => {
  const built = mkdtempSync(join(tmpdir(), 'vahub-web-shells-'));
  const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head></html>`;
  let app: Harness;
  beforeAll(async () => {
    mkdirSync(join(built, 'shells'));
    writeFileSync(join(built, 'index.html'), page('index'));
    writeFileSync(join(built, 'shells/home.html'), page('home'));
    writeFileSync(join(built, 'shells/dashboard.html'), page('dashboard'));
    writeFileSync(
      join(built, 'shells/shells.json'),
      JSON.stringify({
        exact: { '/admin-dashboard': 'shells/home.html' },
        prefix: { '/admin-dashboard/': 'shells/dashboard.html' },
      }),
    );
    app = await createHarness({ WEB_DIST: built });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(built, { recursive: true, force: true });
  });

  it('sends a dashboard its page (its first files preloaded), every other app path the plain one', async () => {
    for (const [url, title] of [
      ['/admin-dashboard', 'home'],
      ['/admin-dashboard/', 'home'],
      ['/admin-dashboard/people', 'dashboard'],
      ['/auth/login', 'index'],
      ['/admin-dashboardx', 'index'],
    ]) {
      const res = await app.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.body, url).toBe(page(title));
    }
  });
});
