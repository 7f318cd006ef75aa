import pino from 'pino';
import { buildApp } from './app';
import { prepareDatabase } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { loadSecret } from './secret';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL });
  const database = await prepareDatabase(config, log);
  const app = await buildApp({ config, database, secret: loadSecret(config) });

  // Planner statistics for the embedded database, which has no autovacuum; a no-op on PostgreSQL.
  const maintenance = setInterval(() => {
    database.maintain().catch((err) => app.log.warn({ err }, 'database maintenance failed'));
  }, 3600_000);
  maintenance.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    clearInterval(maintenance);
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

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `${config.APP_NAME} is up on ${config.appUrl} (${database.kind}${config.embedded ? `, data in ${config.dataDir}` : ''})`,
  );
}

main().catch((err) => {
  console.error('The server could not start:', err);
  process.exit(1);
});
