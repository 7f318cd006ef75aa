import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { mailOutbox } from '../src/modules/mail/mail.table';
import { organizations } from '../src/modules/organizations/organizations.table';
import { users } from '../src/modules/people/users.table';
import { runScheduledBackup } from '../src/modules/system/backups';
import {
  BackupError,
  createBackup,
  type Manifest,
  migrationsUpTo,
  restoreBackup,
} from '../src/platform/backup/backup';
import { databaseChecksums, inTransaction, migrationLevel } from '../src/platform/backup/database-copy';
import { createStorage, s3Options } from '../src/platform/storage/create-storage';
import { createS3Storage } from '../src/platform/storage/s3-storage';
import type { ObjectStorage } from '../src/platform/storage/types';
import { callAs, ping, seedTrackerWorld, shift, type TrackerWorld } from './attendance-fixtures';
import { readTemplate } from './global-setup';
import { CLIENT, createHarness, type Harness, PASSWORD } from './harness';
import { startS3rver } from './s3rver';

const TOKEN = 'metrics-token-0123456789';
/** The running server's token for `npm run backup` (DATA_DIR/ops.json). */
const OPS_TOKEN = 'ops-token-of-this-server';

type Sample = { name: string; labels: Record<string, string>; value: number };

/**
 * Parses Prometheus' text exposition format (0.0.4), refusing any line that is not a comment or a sample. Values
 * as Prometheus reads them (Go's ParseFloat: `Nan`, `+Inf` in any case).
 */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const name = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  const sample = new RegExp(
    `^(${name})(?:\\{(.*)\\})? ([+-]?(?:[0-9.eE+-]+|[Ii]nf|[Nn]a[Nn]))(?: -?[0-9]+)?$`,
  );
  const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('# HELP ')) continue;
    const type = line.match(new RegExp(`^# TYPE (${name}) (counter|gauge|histogram|summary|untyped)$`));
    if (type) {
      types.set(type[1], type[2]);
      continue;
    }
    const m = line.match(sample);
    if (!m) throw new Error(`not Prometheus exposition: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(label)) labels[l[1]] = l[2];
    samples.push({
      name: m[1],
      labels,
      value: /nan/i.test(m[3]) ? Number.NaN : Number(m[3].replace(/inf/i, 'Infinity')),
    });
  }
  return { samples, types };
}

const silent = pino({ level: 'silent' });
const secret = new TextEncoder().encode('x'.repeat(48));

/** The local store of a data folder. */
function storageIn(dir: string): ObjectStorage {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
  return createStorage(config, { secret, clock: { now: () => new Date() }, log: silent });
}

async function filesOf(storage: ObjectStorage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of storage.keys()) {
    const object = await storage.get(key);
    if (object)
      out[key] = createHash('sha256')
        .update(await buffer(object.body))
        .digest('hex');
  }
  return out;
}

describe('operations: metrics, backup, restore, readiness', () => {
  let h: Harness;
  let w: TrackerWorld;
  let work: string;
  let file: string;
  let manifest: Manifest;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'vahub-backup-'));
    h = await createHarness(
      { METRICS_TOKEN: TOKEN, BACKUP_DIR: join(work, 'scheduled'), BACKUP_KEEP: '1' },
      { opsToken: OPS_TOKEN },
    );
    await h.reset();
    w = await seedTrackerWorld(h);
    await h.createUser({ email: 'root@home.test', roles: ['super_admin'] });
    for (let i = 0; i < 3; i++)
      await h.deps.storage.put(`screenshots/1/shot-${i}.webp`, Buffer.alloc(2000 + i, i), {
        contentType: 'image/webp',
      });
    await h.deps.storage.put('avatars/a.png', Buffer.from('png'), { contentType: 'image/png' });
  }, 60_000);

  afterAll(async () => {
    await h?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const scrape = async () => {
    const res = await h.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return parseExposition(res.body);
  };
  const value = (samples: Sample[], name: string, labels: Record<string, string>) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      ?.value ?? 0;

  it('needs the bearer token', async () => {
    expect((await h.app.inject({ url: '/api/metrics' })).statusCode).toBe(401);
    const wrong = await h.app.inject({ url: '/api/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('parses as Prometheus exposition, and a ping moves its counters', async () => {
    const before = await scrape();
    const a = await shift(h, w.contracts.c1, '2026-03-10T01:00:00Z', '2026-03-10T09:00:00Z');
    h.clock.set('2026-03-10T01:00:00Z');
    expect(
      (await callAs(h, 'ana@home.test', 'va', 'POST', 'attendance/clock-in', { attendance_id: a.id })).status,
    ).toBe(200);
    h.clock.set('2026-03-10T01:02:00Z');
    const res = await callAs(h, 'ana@home.test', 'va', 'POST', 'attendance/pings', {
      attendance_id: a.id,
      // One good ping, one from before the shift (refused by itself).
      pings: [ping('2026-03-10T01:01:00Z'), ping('2026-03-09T01:01:00Z')],
    });
    expect(res.status).toBe(200);
    const after = await scrape();
    const pings = (s: Sample[], result: string) => value(s, 'vahub_pings_total', { result });
    expect(pings(after.samples, 'accepted') - pings(before.samples, 'accepted')).toBe(1);
    expect(pings(after.samples, 'refused') - pings(before.samples, 'refused')).toBe(1);
    const route = { route: '/api/v1/va-access/attendance/pings', status: '200' };
    expect(value(after.samples, 'vahub_http_requests_total', route)).toBe(1);
    // The ping is counted, not timed.
    expect(
      after.samples.some(
        (s) => s.name.startsWith('vahub_http_request_duration') && s.labels.route === route.route,
      ),
    ).toBe(false);
    expect(after.types.get('vahub_http_request_duration_seconds')).toBe('histogram');
    for (const name of ['vahub_sockets_open', 'process_resident_memory_bytes'])
      expect(after.samples.some((s) => s.name === name)).toBe(true);
    expect(after.samples.some((s) => s.name === 'vahub_event_consumer_lag')).toBe(true);
  });

  it('backs up a running server under writes: each write wholly in or out', async () => {
    let writing = true;
    let written = 0;
    // Each write is an organization and its user in one transaction.
    const writer = (async () => {
      while (writing) {
        await h.db.transaction(async (tx) => {
          const [org] = await tx
            .insert(organizations)
            .values({ name: `W${written}`, status: 1, maxUsers: 5 })
            .returning();
          await tx.insert(users).values({
            organizationId: org.id,
            email: `w${written}@w.test`,
            firstName: 'W',
            lastName: 'W',
            roles: ['va'],
          });
        });
        written++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // Some writes before the backup starts, more while it runs.
    while (written < 3) await new Promise((resolve) => setImmediate(resolve));
    file = join(work, 'backup.zip');
    manifest = await createBackup({
      database: h.deps.database,
      storage: h.deps.storage,
      out: file,
      version: '0.1.0',
      now: new Date('2026-03-02T09:00:00Z'),
    });
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(0);
    expect(manifest.files.map((f) => f.key).sort()).toEqual([
      'avatars/a.png',
      'screenshots/1/shot-0.webp',
      'screenshots/1/shot-1.webp',
      'screenshots/1/shot-2.webp',
    ]);
  }, 60_000);

  it('restores into a fresh folder: every table and file equal, and the server starts on it', async () => {
    const dir = join(work, 'fresh');
    const database = await openDatabase({ dataDir: dir });
    const storage = storageIn(dir);
    const result = await restoreBackup({ file, database, storage, force: false, scratchDir: work });
    const restored = await inTransaction(database, 'snapshot', databaseChecksums);
    expect(restored).toEqual(manifest.tables.map(({ name, rows, checksum }) => ({ name, rows, checksum })));
    expect(result.counts.find((c) => c.name === 'users')?.rows).toBe(
      manifest.tables.find((t) => t.name === 'users')?.rows,
    );
    expect(await filesOf(storage)).toEqual(await filesOf(h.deps.storage));
    // Every write made during the backup is there whole (its organization and its user) or not at all.
    const [pairs] = await inTransaction(database, 'snapshot', (q) =>
      q.query<{ orgs: number; people: number }>(
        `select (select count(*)::int from organizations where name like 'W%') as orgs,
           (select count(*)::int from users where email like 'w%@w.test') as people`,
      ),
    );
    expect(pairs.orgs).toBeGreaterThan(0);
    expect(pairs.people).toBe(pairs.orgs);
    await storage.close();

    // Refused a second time: the target holds data now.
    await expect(
      restoreBackup({ file, database, storage: null, force: false, scratchDir: work }),
    ).rejects.toThrow(BackupError);

    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, JOBS_CRONS: 'false' }),
      database,
      secret,
      logger: false,
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'password', ...CLIENT, username: 'root@home.test', password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('restores a backup made at an older migration level and migrates it forward; ready only then', async () => {
    // A real older installation: a database migrated only to the level before the last, holding an organization.
    const older = await emptyDatabase();
    expect(await currentLevel(older)).toBe(0);
    const scratch = mkdtempSync(join(work, 'older-'));
    const folder = await migrationsUpTo((await currentLevel(h.deps.database)) - 1, scratch);
    await older.migrate(folder);
    await older.db.execute(sql`insert into organizations (name, status, max_users) values ('Older', 1, 5)`);
    const oldFile = join(work, 'older.zip');
    const oldManifest = await createBackup({
      database: older,
      storage: storageIn(join(work, 'no-files')),
      out: oldFile,
      version: '0.0.9',
      now: new Date(),
    });
    expect(oldManifest.migrations.level).toBe((await currentLevel(h.deps.database)) - 1);

    // The same database emptied is the target (a fresh one would cost another start of PGlite), and a server
    // on it is not ready until the restore (which migrates) is done.
    await dropEverything(older);
    const target = older;
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        JOBS_ENABLED: 'false',
        JOBS_CRONS: 'false',
      }),
      database: target,
      secret,
      logger: false,
    });
    const early = await app.inject({ url: '/api/ready' });
    expect(early.statusCode).toBe(503);
    expect(early.json()).toMatchObject({ status: 'unready', checks: { database: false, storage: true } });
    const result = await restoreBackup({
      file: oldFile,
      database: target,
      storage: null,
      force: false,
      scratchDir: work,
    });
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: true, storage: true } });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // Without METRICS_TOKEN there are no metrics.
    expect((await app.inject({ url: '/api/metrics' })).statusCode).toBe(404);
    expect(result.migratedFrom).toBe(result.migratedTo - 1);
    expect(await currentLevel(target)).toBe(result.migratedTo);
    const rows = await target.db.execute<{ name: string }>(sql`select name from organizations`);
    expect((rows as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name)).toEqual(['Older']);
    await app.close();
  }, 120_000);

  it('runs scheduled backups: the newest BACKUP_KEEP kept, listed for the super admin, a failure mailed', async () => {
    const first = await runScheduledBackup(h.deps);
    h.clock.advance(3600_000);
    const second = await runScheduledBackup(h.deps);
    expect([first.status, second.status]).toEqual(['succeeded', 'succeeded']);
    expect(second.size_bytes).toBeGreaterThan(0);
    expect(readdirSync(join(work, 'scheduled')).filter((n) => n.endsWith('.zip'))).toEqual([
      second.file_name,
    ]);

    // A folder that cannot be made (a file is in the way).
    writeFileSync(join(work, 'in-the-way'), 'x');
    h.clock.advance(3600_000);
    const config = { ...h.deps.config, BACKUP_DIR: join(work, 'in-the-way', 'backups') };
    const failed = await runScheduledBackup({ ...h.deps, config });
    expect(failed.status).toBe('failed');
    const mails = await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'root@home.test'));
    expect(mails.map((m) => m.subject)).toContain('VA Hub: the scheduled backup failed');

    const url = '/api/v1/super-admin-access/backups';
    const res = await h.app.inject({ url, headers: await h.bearer('root@home.test') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ schedule: null, keep: 1 });
    expect(res.json().runs.map((r: { status: string }) => r.status)).toEqual([
      'failed',
      'succeeded',
      'succeeded',
    ]);
    // An admin of the organization, and an admin of another one, may not read it.
    expect((await h.app.inject({ url, headers: await h.bearer('admin@home.test') })).statusCode).toBe(403);
    expect((await h.app.inject({ url, headers: await h.bearer('admin@else.test') })).statusCode).toBe(403);
  }, 60_000);

  it('backs up through the running server only from this machine and with the ops token', async () => {
    const url = '/api/ops/backup';
    const bearer = { authorization: `Bearer ${OPS_TOKEN}` };
    expect((await h.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const wrong = await h.app.inject({ method: 'POST', url, headers: { authorization: 'Bearer not-it' } });
    expect(wrong.statusCode).toBe(401);
    const remote = await h.app.inject({ method: 'POST', url, headers: bearer, remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    const res = await h.app.inject({ method: 'POST', url, headers: bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(res.headers['x-backup-summary']).toBeTruthy();
  }, 60_000);

  it('writes scheduled backups into another bucket under BACKUP_S3_PREFIX, the newest BACKUP_KEEP kept', async () => {
    const s3 = await startS3rver('vahub-backups');
    try {
      const env = {
        ...s3.env,
        STORAGE_DRIVER: 'local',
        BACKUP_S3_BUCKET: s3.bucket,
        BACKUP_S3_PREFIX: 'nightly/',
      };
      const config = {
        ...loadConfig({ NODE_ENV: 'test', BACKUP_KEEP: '1', ...env }),
        dataDir: h.deps.config.dataDir,
      };
      h.clock.advance(3600_000);
      const first = await runScheduledBackup({ ...h.deps, config });
      h.clock.advance(3600_000);
      const second = await runScheduledBackup({ ...h.deps, config });
      expect([first.status, second.status]).toEqual(['succeeded', 'succeeded']);
      const bucket = createS3Storage(s3Options(config, { error: () => {} }, s3.bucket));
      const keys: string[] = [];
      for await (const key of bucket.keys()) keys.push(key);
      expect(keys).toEqual([`nightly/${second.file_name}`]);
      const object = await bucket.get(`nightly/${second.file_name}`);
      const zip = await buffer(object?.body ?? Readable.from([]));
      expect(zip.length).toBe(second.size_bytes);
      expect(zip.subarray(0, 2).toString()).toBe('PK');
      await bucket.close();
    } finally {
      await s3.close();
    }
    // The files' own bucket is refused as the backups' one.
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        STORAGE_DRIVER: 's3',
        STORAGE_S3_BUCKET: 'files',
        BACKUP_S3_BUCKET: 'files',
      }),
    ).toThrow(/BACKUP_S3_BUCKET: expects another bucket than STORAGE_S3_BUCKET/);
  }, 60_000);
});

/** An empty in-memory database: the run's migrated template with its schemas dropped (no initdb). */
async function emptyDatabase(): Promise<Database> {
  const database = await openDatabase({ dataDir: null, template: readTemplate(inject('pgliteTemplate')) });
  await dropEverything(database);
  return database;
}

async function dropEverything(database: Database) {
  await inTransaction(database, 'write', async (q) => {
    await q.query('drop schema if exists drizzle cascade');
    await q.query('drop schema public cascade');
    await q.query('create schema public');
  });
}

async function currentLevel(database: Database) {
  return inTransaction(database, 'snapshot', migrationLevel);
}
