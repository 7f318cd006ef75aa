import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import type { Clock } from '../src/lib/clock';
import { organizations } from '../src/modules/organizations/organizations.table';
import { hashPassword } from '../src/modules/people/passwords';
import { users } from '../src/modules/people/users.table';
import { ensureBaseData } from '../src/seed/base';
import { readTemplate } from './global-setup';

export const PASSWORD = 'correct-horse-1';
export const CLIENT = { client_id: 'web-app', client_secret: 'web-app-secret' };

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private current = new Date('2026-03-02T09:00:00Z');
  now = () => new Date(this.current);
  set(iso: string) {
    this.current = new Date(iso);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * One database per test file, copied from the run's migrated template (test/global-setup.ts): an in-memory
 * PGlite, or a database on the PostgreSQL server of TEST_DATABASE_URL (created here, dropped at close).
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ dataDir: null, template: readTemplate(inject('pgliteTemplate')) });
    return { database, drop: async () => {} };
  }
  const name = `vahub_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

let cachedHash: Promise<string> | null = null;

export async function createHarness(
  env: Record<string, string> = {},
  build: Pick<BuildOptions, 'realtime' | 'opsToken'> = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vahub-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    WEB_DIST: join(dataDir, 'no-web'),
    // Idle job workers look for retries twice a second (pg-boss's minimum); new jobs wake them at once.
    JOBS_POLL_SECONDS: '0.5',
    // Tests run the scheduled sweeps themselves, at their test clock's time.
    JOBS_CRONS: 'false',
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  await database.migrate();
  const clock = new TestClock();
  const app = await buildApp({
    config,
    database,
    secret: new TextEncoder().encode('x'.repeat(48)),
    clock,
    logger: false,
    ...build,
  });
  await app.ready();
  const db = database.db;

  // Sign-ins are slow on purpose (argon2id): one token per user, while the test clock keeps it valid.
  const tokens = new Map<string, { header: { authorization: string }; from: number; until: number }>();
  const h = {
    app,
    db,
    clock,
    config,
    deps: app.deps,
    /** Empties every table and puts the reference data back. */
    async reset() {
      const rows = await db.execute<{ tablename: string }>(
        sql`select tablename from pg_tables where schemaname = 'public'`,
      );
      // Event consumers keep their rows (they were registered when the app was built), read from the start.
      const names = (rows as unknown as { rows: Array<{ tablename: string }> }).rows
        .filter((r) => r.tablename !== 'event_consumers')
        .map((r) => `"${r.tablename}"`);
      await app.deps.events.drain();
      if (names.length) await db.execute(sql.raw(`TRUNCATE ${names.join(', ')} RESTART IDENTITY CASCADE`));
      await db.execute(sql`UPDATE event_consumers SET last_tx_id = '0', last_event_id = 0`);
      await ensureBaseData(db, 'Home');
      tokens.clear();
      await app.deps.rateLimits.clear();
      clock.set('2026-03-02T09:00:00Z');
    },
    async createOrg(name: string, fields: Partial<typeof organizations.$inferInsert> = {}) {
      const [org] = await db
        .insert(organizations)
        .values({ name, status: 1, maxUsers: 25, ...fields })
        .returning();
      return org;
    },
    async createUser(fields: Partial<typeof users.$inferInsert> & { email: string; roles: string[] }) {
      cachedHash ??= hashPassword(PASSWORD);
      const [user] = await db
        .insert(users)
        .values({
          organizationId: 1,
          firstName: fields.email.split('@')[0],
          lastName: 'Tester',
          passwordHash: await cachedHash,
          emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
          ...fields,
        })
        .returning();
      return user;
    },
    async login(email: string, password = PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'password', ...CLIENT, username: email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json() as { access_token: string; refresh_token: string; expires_in: number };
    },
    /** A bearer header of a fresh sign-in, kept for the rest of the test (until `reset` or `forget`). */
    async bearer(email: string) {
      const now = clock.now().getTime();
      const cached = tokens.get(email);
      if (cached && cached.from <= now && now < cached.until) return cached.header;
      const t = await h.login(email);
      const header = { authorization: `Bearer ${t.access_token}` };
      tokens.set(email, { header, from: now, until: now + (t.expires_in - 60) * 1000 });
      return header;
    },
    /** Drops a user's kept token (after their sessions were ended on purpose). */
    forget(email: string) {
      tokens.delete(email);
    },
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return h;
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;
