import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { createStorage } from './platform/storage/create-storage';
import { loadSecret } from './secret';
import { ensureBaseData } from './seed/base';
import { seedDemo } from './seed/demo';
import { seedDemoAttendance } from './seed/demo-attendance';
import { seedDemoContracts } from './seed/demo-contracts';
import { seedDemoProjects } from './seed/demo-projects';
import { seedDemoRequests } from './seed/demo-requests';
import { seedDemoScreenshots } from './seed/demo-screenshots';
import { seedDemoTimesheets } from './seed/demo-timesheets';

/**
 * A full garbage collection where the process allows one (`--expose-gc`, which `npm start` gives the process that
 * prepares a new data folder), between steps that each leave hundreds of megabytes of garbage: initdb's scratch
 * database, a step of the demo. The next step then grows from what is alive, not from the last one's peak.
 * Without the flag (the server, tests) nothing happens.
 */
const collect = () => (globalThis as { gc?: () => void }).gc?.();

/**
 * Opens the database, applies migrations, ensures reference data and seeds the demo when asked. Planner
 * statistics (`maintain`) are the caller's: the server refreshes them once it listens.
 */
export async function prepareDatabase(
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  clock: Clock = systemClock,
): Promise<Database> {
  collect();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleError: (err) => log.warn({ err }, 'an idle database connection was closed by the server'),
  });
  collect();
  await database.migrate();
  await ensureBaseData(database.db, config.seedDemo ? 'Demo Agency' : config.APP_NAME);
  if (config.seedDemo) {
    const seedLog = { info: (m: string) => log.info(m) };
    // The demo's weeks are laid out around the server's "now" (its clock, which a browser test may set).
    const now = clock.now();
    if (await seedDemo(database.db, seedLog, now)) {
      await seedDemoContracts(database.db, seedLog, now);
      collect();
      await seedDemoAttendance(database.db, seedLog, now);
      collect();
      await seedDemoTimesheets(database.db, seedLog, now);
      await seedDemoProjects(database.db, seedLog, now);
      collect();
      // The demo's screenshots go where the server keeps files (a folder, or the S3 bucket).
      const storage = createStorage(config, { secret: loadSecret(config), clock, log });
      try {
        await seedDemoScreenshots(database.db, storage, seedLog, now);
        await seedDemoRequests(database.db, storage, seedLog, now);
      } finally {
        await storage.close();
      }
    }
  }
  return database;
}
