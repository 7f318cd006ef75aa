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
 * Opens the database, applies migrations, ensures reference data and seeds the demo when asked. Planner
 * statistics (`maintain`) are the caller's: the server refreshes them once it listens.
 */
export async function prepareDatabase(
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  clock: Clock = systemClock,
): Promise<Database> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleError: (err) => log.warn({ err }, 'an idle database connection was closed by the server'),
  });
  await database.migrate();
  await ensureBaseData(database.db, config.seedDemo ? 'Demo Agency' : config.APP_NAME);
  if (config.seedDemo) {
    const seedLog = { info: (m: string) => log.info(m) };
    // The demo's weeks are laid out around the server's "now" (its clock, which a browser test may set).
    const now = clock.now();
    if (await seedDemo(database.db, seedLog, now)) {
      await seedDemoContracts(database.db, seedLog, now);
      await seedDemoAttendance(database.db, seedLog, now);
      await seedDemoTimesheets(database.db, seedLog, now);
      await seedDemoProjects(database.db, seedLog, now);
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
