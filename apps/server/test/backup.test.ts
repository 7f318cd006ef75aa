import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { organizations } from '../src/modules/organizations/organizations.table';
import { users } from '../src/modules/people/users.table';
import {
  BackupError,
  createBackup,
  type Manifest,
  migrationsUpTo,
  restoreBackup,
} from '../src/platform/backup/backup';
import { databaseChecksums, inTransaction, migrationLevel } from '../src/platform/backup/database-copy';
import { createStorage } from '../src/platform/storage/create-storage';
import type { ObjectStorage } from '../src/platform/storage/types';
import { CLIENT, createHarness, type Harness, PASSWORD } from './harness';

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

describe('backup and restore', () => {
  let h: Harness;
  let work: string;
  let file: string;
  let manifest: Manifest;

  beforeAll(async () => {
    h = await createHarness();
    await h.reset();
    work = mkdtempSync(join(tmpdir(), 'vahub-backup-'));
    await h.createUser({ email: 'admin@home.test', roles: ['super_admin'] });
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
    await new Promise((resolve) => setTimeout(resolve, 20));
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
    const orgs = manifest.tables.find((t) => t.name === 'organizations');
    const people = manifest.tables.find((t) => t.name === 'users');
    // The home organization and the admin, then pairs.
    expect((orgs?.rows ?? 0) - 1).toBe((people?.rows ?? 0) - 1);
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
        payload: { grant_type: 'password', ...CLIENT, username: 'admin@home.test', password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('restores a backup made at an older migration level and migrates it forward', async () => {
    // A real older installation: a database migrated only to the level before the last, holding an organization.
    const older = await openDatabase({ dataDir: null });
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
    await older.close();
    expect(oldManifest.migrations.level).toBe((await currentLevel(h.deps.database)) - 1);

    const target = await openDatabase({ dataDir: null });
    const result = await restoreBackup({
      file: oldFile,
      database: target,
      storage: null,
      force: false,
      scratchDir: work,
    });
    expect(result.migratedFrom).toBe(result.migratedTo - 1);
    expect(await currentLevel(target)).toBe(result.migratedTo);
    const rows = await target.db.execute<{ name: string }>(sql`select name from organizations`);
    expect((rows as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name)).toEqual(['Older']);
    await target.close();
  }, 120_000);
});

async function currentLevel(database: Database) {
  return inTransaction(database, 'snapshot', migrationLevel);
}
