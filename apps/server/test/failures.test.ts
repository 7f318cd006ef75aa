import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { isDiskFull } from '../src/lib/errors';
import { openTestDatabase } from './harness';

/** The databases the tests opened, dropped at the end (PostgreSQL's; PGlite's go with the process). */
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

async function appWith(setup?: (app: Awaited<ReturnType<typeof buildApp>>) => void) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vahub-fail-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    WEB_DIST: join(dataDir, 'none'),
  });
  // A copy of the run's migrated template, as every API test's (a fresh database would run initdb and every
  // migration: half a minute on a busy machine).
  const { database, drop } = await openTestDatabase();
  drops.push(drop);
  await database.migrate();
  const lines: string[] = [];
  const app = await buildApp({
    config,
    database,
    secret: new TextEncoder().encode('f'.repeat(48)),
    logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
  });
  setup?.(app);
  await app.ready();
  return { app, database, lines };
}

describe('failures', () => {
  it('an unexpected error answers a generic 500 with the request id, and is logged with context', async () => {
    const { app, lines } = await appWith((a) => {
      a.get('/api/v1/explode', async () => {
        throw new Error('connection string postgres://secret@db leaked?');
      });
    });
    const res = await app.inject({ url: '/api/v1/explode', headers: { 'x-request-id': 'req-12345678' } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      status: 500,
      message: 'Something went wrong on our side. Please try again.',
      request_id: 'req-12345678',
    });
    expect(res.body).not.toContain('secret');
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unexpected error');
    expect(logged).toMatchObject({ request_id: 'req-12345678', url: '/api/v1/explode', method: 'GET' });
    expect(logged.err.message).toContain('leaked');
    await app.close();
  });

  it('a full disk answers 503 storage_full on any write, whatever layer says it', async () => {
    // As the ORM wraps the embedded database's and PostgreSQL's errors, and as Node's file writes say it.
    const full = {
      pglite: new Error('Failed query: insert into "audit_log" …', {
        cause: new Error('could not extend file "base/5/16412": No space left on device'),
      }),
      postgres: new Error('Failed query: update "timesheets" …', {
        cause: Object.assign(new Error('could not write to file "pg_wal/xlogtemp.52"'), { code: '53100' }),
      }),
      node: Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
    };
    const { app, lines } = await appWith((a) => {
      for (const [name, error] of Object.entries(full))
        a.post(`/api/v1/full/${name}`, async () => {
          throw error;
        });
    });
    for (const name of Object.keys(full)) {
      const res = await app.inject({ method: 'POST', url: `/api/v1/full/${name}` });
      expect(res.statusCode, name).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        status: 503,
        code: 'storage_full',
        message: 'The server’s disk is full: nothing was saved. Tell your administrator.',
        message_code: { code: 'http.disk_full' },
      });
    }
    expect(lines.map((l) => JSON.parse(l).msg).filter((m) => m === 'the disk is full')).toHaveLength(3);
    // Another failure stays the generic 500.
    expect(isDiskFull(new Error('relation "x" does not exist'))).toBe(false);
    await app.close();
  });

  it('GET /api/health answers 503 once the database stops answering', async () => {
    const { app, database } = await appWith();
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // The database goes away under the running server.
    await database.close();
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 503, message: 'The database does not answer.' });
    await app.close().catch(() => undefined); // closing an already closed database may complain
  });
});
