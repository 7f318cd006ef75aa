import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { prepareDatabase } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { moveCommand } from '../src/platform/backup/commands';
import { databaseChecksums, inTransaction } from '../src/platform/backup/database-copy';
import { createStorage } from '../src/platform/storage/create-storage';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { CLIENT } from './harness';
import { type S3rverHandle, startS3rver } from './s3rver';

// `npm run move`: the demo's embedded installation (a data folder) copied into an empty database on the machine's
// PostgreSQL and its files into an S3 bucket (s3rver). Runs where TEST_DATABASE_URL names a PostgreSQL server.
const base = process.env.TEST_DATABASE_URL;
const secret = new TextEncoder().encode('y'.repeat(48));

describe.skipIf(!base)('npm run move', () => {
  let dir: string;
  let s3: S3rverHandle;
  let url: string;
  const name = `vahub_move_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vahub-move-'));
    s3 = await startS3rver();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(base ?? '');
    target.pathname = `/${name}`;
    url = target.toString();

    // The demo as `npm run demo` writes it: eight weeks of attendance, timesheets, requests with attachments,
    // screenshots in the data folder.
    const database = await prepareDatabase(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, SEED_DEMO: 'true', LOG_LEVEL: 'silent' }),
      pino({ level: 'silent' }),
    );
    await database.close();
  }, 240_000);

  afterAll(async () => {
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  async function usersListOn(database: Database, env: Record<string, string>) {
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        JOBS_ENABLED: 'false',
        JOBS_CRONS: 'false',
        ...env,
      }),
      database,
      secret,
      logger: false,
    });
    try {
      const token = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: {
          grant_type: 'password',
          ...CLIENT,
          username: 'admin@example.com',
          password: DEMO_PASSWORD,
        },
      });
      expect(token.statusCode).toBe(200);
      const list = await app.inject({
        url: '/api/v1/admin-access/users',
        headers: { authorization: `Bearer ${token.json().access_token}` },
      });
      expect(list.statusCode).toBe(200);
      return list.json().data.map((u: { email: string; first_name: string }) => [u.email, u.first_name]);
    } finally {
      await app.close();
    }
  }

  it('copies the installation: counts and checksums equal, the files in the bucket, the same reads', async () => {
    // The read first: signing in writes (a session, the audit), and the copy must hold those rows too.
    const readBefore = await usersListOn(await openDatabase({ dataDir: dir }), { DATA_DIR: dir });
    const source = await openDatabase({ dataDir: dir });
    const before = await inTransaction(source, 'snapshot', databaseChecksums);
    await source.close();
    const folder = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }), {
      secret,
      clock: { now: () => new Date() },
      log: pino({ level: 'silent' }),
    });
    const sourceKeys: string[] = [];
    for await (const key of folder.keys()) sourceKeys.push(key);
    await folder.close();
    const lines: string[] = [];
    await moveCommand(
      { NODE_ENV: 'test', DATA_DIR: dir, ...s3.env },
      loadConfig,
      secret,
      { toDatabase: url, toStorage: 's3' },
      (line) => lines.push(line),
    );
    expect(lines).toContain(`DATABASE_URL=${url}`);
    expect(lines).toContain('STORAGE_DRIVER=s3');
    expect(lines).toContain(`STORAGE_S3_BUCKET=${s3.bucket}`);

    const moved = await openDatabase({ url, poolSize: 2 });
    try {
      expect(await inTransaction(moved, 'snapshot', databaseChecksums)).toEqual(before);
      const bucket = createStorage(loadConfig({ NODE_ENV: 'test', ...s3.env }), {
        secret,
        clock: { now: () => new Date() },
        log: pino({ level: 'silent' }),
      });
      const keys: string[] = [];
      for await (const key of bucket.keys()) keys.push(key);
      expect(keys.sort()).toEqual(sourceKeys.sort());
      expect(keys.filter((key) => key.startsWith('screenshots/')).length).toBeGreaterThan(10);
      await bucket.close();
      // The server on PostgreSQL and S3 answers the same read.
      expect(await usersListOn(moved, { DATABASE_URL: url, ...s3.env })).toEqual(readBefore);
    } finally {
      await moved.close().catch(() => undefined);
    }
  }, 180_000);
});
