// First: an older Node stops here with a clear message (scripts/node-version.mjs).
import '../../../scripts/node-version.mjs';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { buildApp } from './app';
import { prepareDatabase } from './bootstrap';
import { type Config, ConfigError, loadConfig } from './config';
import { checkDataDir, DataDirError, usesDataDir } from './data-dir';
import { offsetClock, setRowClock } from './lib/clock';
import { loadSharp } from './lib/lazy-modules';
import { createLogOutput, type LogOutput } from './log-output';
import { setupLink } from './modules/system/public';
import { removeOpsFile, writeOpsFile } from './platform/backup/commands';
import { loadSecret } from './secret';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';

/**
 * `main.js --prepare-database` migrates, writes the base data and, with SEED_DEMO, the demo, then exits without
 * serving. `npm start` runs it first on a new embedded data folder: PGlite's WebAssembly heap never shrinks, and
 * what creating the database and writing eight weeks of demo take stays with that process, not with the server.
 */
const PREPARE_ONLY = '--prepare-database';

/** Shutdown waits this long for in-flight requests and background work, then exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

/** What a person starting the server needs: where it runs, and the setup link or the demo accounts. */
async function announce(out: LogOutput, config: Config, link: string | null) {
  out.line(`${config.APP_NAME} is running at ${config.appUrl}`);
  if (link) out.line(`Finish setting up: ${link}`);
  if (config.seedDemo) {
    const emails = DEMO_ACCOUNTS.map((a) => a.email).join(', ');
    out.line(`Demo mode: sign in as ${emails} / ${DEMO_PASSWORD}`);
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  // A reader that went away (EPIPE) must not turn a log write into a crash; the log output drops its lines.
  process.stdout.on('error', () => {});
  process.stderr.on('error', () => {});
  const out = createLogOutput(config.LOG_FORMAT, 1, process.stdout.isTTY === true);
  const log = pino({ level: config.LOG_LEVEL }, out);
  // A read-only, full or misplaced data folder: one line naming it, and a non-zero exit (73: cannot create).
  try {
    if (usesDataDir(config)) checkDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirError)) throw err;
    console.error(err.message);
    process.exit(73);
  }
  const clock = offsetClock(config.CLOCK_OFFSET_MS);
  setRowClock(clock);
  if (process.argv.includes(PREPARE_ONLY)) {
    // The database made ready (and the demo written) by a process that ends: see PREPARE_ONLY. The demo's
    // screenshots are rendered on one libvips thread without its operation cache: each thread kept tens of
    // megabytes, and no image is rendered twice.
    if (config.seedDemo) {
      const sharp = await loadSharp();
      sharp.concurrency(1);
      sharp.cache(false);
    }
    const prepared = await prepareDatabase(config, log, clock);
    await prepared.close();
    process.exit(0);
  }
  const database = await prepareDatabase(config, log, clock);
  // `npm run backup` reaches a running embedded server through DATA_DIR/ops.json (its address and this token).
  const opsToken = config.embedded ? randomBytes(32).toString('base64url') : undefined;
  const app = await buildApp({
    config,
    database,
    clock,
    opsToken,
    secret: loadSecret(config),
    logger: { level: config.LOG_LEVEL, stream: out },
  });

  // Planner statistics for the embedded database, which has no autovacuum (a no-op on PostgreSQL): once the
  // server listens, so a restart answers sooner, then hourly.
  const maintain = () =>
    void database.maintain().catch((err) => app.log.warn({ err }, 'database maintenance failed'));
  const maintenance = setInterval(maintain, 3600_000);
  maintenance.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    clearInterval(maintenance);
    if (opsToken) removeOpsFile(config);
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST, listenTextResolver: (a) => `listening on ${a}` });
  app.log.info(
    { url: config.appUrl, database: database.kind, dataDir: config.embedded ? config.dataDir : undefined },
    `${config.APP_NAME} is up`,
  );
  if (opsToken) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const host = ['0.0.0.0', '::', 'localhost'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
    writeOpsFile(config, `http://${host.includes(':') ? `[${host}]` : host}:${port}`, opsToken);
  }
  await announce(out, config, await setupLink(app.deps));
  maintain();
}

main().catch((err) => {
  console.error('The server could not start:', err);
  process.exit(1);
});
