import { createHash, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, notFound } from '../../lib/errors';
import type { App, Deps } from '../../lib/types';
import { createBackup } from './backup';
import { signingKeyFile, summary } from './commands';

const digest = (s: string) => createHash('sha256').update(s).digest();
export const bearerMatches = (header: string | undefined, token: string) =>
  timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/**
 * `POST /api/ops/backup`: the running server's backup, for `npm run backup` on the same machine (the embedded
 * database is this process's alone). Only from a loopback address and with the token of `DATA_DIR/ops.json`,
 * which the server writes when it listens; otherwise it answers 404 as if it did not exist (401 for a wrong token).
 */
export function opsRoutes(app: App, deps: Deps, token: string | undefined) {
  app.post('/api/ops/backup', { schema: { hide: true } }, async (request, reply) => {
    // Only from this machine (npm run backup dials the loopback address of ops.json), and only with its token.
    if (!token || !isLoopback(request.socket.remoteAddress)) throw notFound();
    if (!bearerMatches(request.headers.authorization, token))
      throw new AppError('unauthenticated', 'The ops token of DATA_DIR/ops.json is required.');
    const dir = await mkdtemp(join(deps.config.dataDir, '.ops-backup-'));
    const out = join(dir, 'backup.zip');
    try {
      const manifest = await createBackup({
        database: deps.database,
        storage: deps.storage,
        out,
        version: deps.config.version,
        now: deps.clock.now(),
        signingKeyFile: signingKeyFile(deps.config),
      });
      deps.log.info({ summary: summary(manifest) }, 'backup made for npm run backup');
      const stream = createReadStream(out);
      stream.on('close', () => void rm(dir, { recursive: true, force: true }));
      return reply
        .header('content-type', 'application/zip')
        .header('x-backup-summary', summary(manifest))
        .send(stream);
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
  });
}
