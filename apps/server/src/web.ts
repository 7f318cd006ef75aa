import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './lib/error-handler';
import type { App } from './lib/types';

/**
 * Headers that only mean something on a document (helmet sets them on every answer). A page loads dozens of
 * scripts, and ~700 bytes of these on each is a fifth of the sign-in page's transfer; `nosniff` and the
 * resource policy stay.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Serves the built web app: hashed assets cached for a year, the shell and the service worker never
 * cached. The build leaves Brotli and gzip copies beside each text file (`.br`, `.gz`, vite.config.ts);
 * a browser that accepts one gets it, with `Vary: Accept-Encoding`. Unknown `/api/*` paths answer 404
 * problem+json; every other unknown GET gets the app.
 */
export async function registerWeb(app: App, webDist: string) {
  const index = join(webDist, 'index.html');
  const hasWeb = existsSync(index);
  const pageOf = appPages(webDist);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        if (path.includes('/assets/')) {
          reply.header('cache-control', IMMUTABLE);
          for (const name of DOCUMENT_ONLY) reply.raw.removeHeader(name);
        } else reply.header('cache-control', 'no-cache');
      },
    });
    // An immutable file is never revalidated and never the subject of a support request: no validators, no id.
    app.addHook('onSend', async (_request, reply) => {
      if (reply.getHeader('cache-control') !== IMMUTABLE) return;
      reply.removeHeader('etag');
      reply.removeHeader('last-modified');
      reply.removeHeader('x-request-id');
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: only the API is served (run npm run build)');
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/oauth/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(pageOf(path));
    }
    return sendNotFound(request, reply);
  });
}

type Shells = { exact: Record<string, string>; prefix: Record<string, string> };

/**
 * The app's HTML for a path: `index.html`, or for a dashboard's path the same with its first files preloaded, as
 * the web build lists them (`shells/shells.json`, apps/web/bundling/first-page.ts); a build without the list
 * serves `index.html` everywhere.
 */
function appPages(webDist: string): (path: string) => string {
  const file = join(webDist, 'shells', 'shells.json');
  if (!existsSync(file)) return () => 'index.html';
  const shells = JSON.parse(readFileSync(file, 'utf8')) as Shells;
  const prefixes = Object.entries(shells.prefix);
  return (path) =>
    shells.exact[path] ??
    shells.exact[path.replace(/\/$/, '')] ??
    prefixes.find(([prefix]) => path.startsWith(prefix))?.[1] ??
    'index.html';
}
