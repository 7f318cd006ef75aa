import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { sendProblem } from './lib/error-handler';
import type { App } from './lib/types';

/**
 * Serves the built web app: hashed assets cached for a year, the shell and the service worker never
 * cached. The build leaves Brotli and gzip copies beside each text file (`.br`, `.gz`, vite.config.ts);
 * a browser that accepts one gets it, with `Vary: Accept-Encoding`. Unknown `/api/*` paths answer 404
 * problem+json; every other unknown GET gets the app.
 */
export async function registerWeb(app: App, webDist: string) {
  const index = join(webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: only the API is served (run npm run build)');
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/oauth/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return sendProblem(reply, request, 404, `No route ${request.method} ${path}.`, { code: 'not_found' });
  });
}
