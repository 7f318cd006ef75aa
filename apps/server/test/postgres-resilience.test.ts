import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

// Only PostgreSQL drops connections under a running server (restarts, failovers, admin commands); the
// embedded database has none to drop, so this file runs in the PostgreSQL pass of CI (TEST_DATABASE_URL).
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('on PostgreSQL', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h?.close());

  it('keeps answering after the server terminates its idle connections', async () => {
    expect((await h.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const rows = (await h.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: Array<{ name: string }>;
    };
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [rows.rows[0].name],
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    expect((await h.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/api/v1/realm' })).statusCode).toBe(200);
  });
});
