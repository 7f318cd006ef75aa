// One server process of the scale part (bench/scale.ts starts two): the app main.ts builds, on the configuration the
// environment gives (DATABASE_URL, REDIS_URL, PORT, JWT_SECRET…), listening until SIGTERM. Two differences from
// main.ts: the schema is already migrated and seeded by the bench (no setup link, no demo), and the realtime
// fan-out uses the run's own Redis channel (BENCH_REALTIME_CHANNEL), since pub/sub channels ignore Redis database
// numbers and another installation sharing this Redis must not hear the run's messages.
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { loadSecret } from '../src/secret';

async function serve() {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new Error('scale-server: DATABASE_URL is required');
  const database = await openDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
  const app = await buildApp({
    config,
    database,
    secret: loadSecret(config),
    logger: { level: config.LOG_LEVEL },
    realtime: { redisChannel: process.env.BENCH_REALTIME_CHANNEL },
  });
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await app.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  await app.listen({ port: config.PORT, host: config.HOST });
}

serve().catch((err) => {
  console.error('scale-server could not start:', err);
  process.exit(1);
});
