import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, EMBEDDED_SETTINGS, openDatabase } from '../src/db/client';

// The embedded database in a data folder, as the server opens it (not the tests' in-memory one). Each creation
// runs initdb: seconds, more on a busy machine.
const root = mkdtempSync(join(tmpdir(), 'vahub-embedded-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const setting = async (database: Database, name: string) =>
  ((await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] })
    .rows[0][name];
const count = async (database: Database) =>
  ((await database.db.execute(sql`select count(*)::int n from kept`)) as unknown as { rows: { n: number }[] })
    .rows[0].n;

describe('the embedded database in a data folder', () => {
  it('is created in an empty folder with small buffers, and found again on the next open', async () => {
    const dataDir = join(root, 'a');
    const first = await openDatabase({ dataDir });
    try {
      expect(await setting(first, 'shared_buffers')).toBe(EMBEDDED_SETTINGS.shared_buffers);
      expect(await setting(first, 'maintenance_work_mem')).toBe(EMBEDDED_SETTINGS.maintenance_work_mem);
      await first.db.execute(sql`create table kept (n int)`);
      await first.db.execute(sql`insert into kept values (1), (2)`);
    } finally {
      await first.close();
    }
    // initdb wrote the folder itself, with the same buffers in its configuration, and left no marker.
    expect(readFileSync(join(dataDir, 'pgdata', 'postgresql.conf'), 'utf8')).toMatch(
      /^shared_buffers = 16MB/m,
    );
    expect(existsSync(join(dataDir, 'pgdata.initializing'))).toBe(false);

    const again = await openDatabase({ dataDir });
    try {
      expect(await count(again)).toBe(2);
      expect(await setting(again, 'shared_buffers')).toBe(EMBEDDED_SETTINGS.shared_buffers);
    } finally {
      await again.close();
    }
  }, 180_000);

  it('creates the database again when a creation was cut short', async () => {
    const dataDir = join(root, 'b');
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`create table kept (n int)`);
    await first.close();
    // As a kill during initdb leaves it: the marker beside a folder holding part of a database.
    writeFileSync(join(dataDir, 'pgdata.initializing'), '');
    writeFileSync(join(dataDir, 'pgdata', 'half-written'), '');

    const again = await openDatabase({ dataDir });
    try {
      await expect(count(again)).rejects.toThrow();
      expect(existsSync(join(dataDir, 'pgdata', 'half-written'))).toBe(false);
      expect(existsSync(join(dataDir, 'pgdata.initializing'))).toBe(false);
    } finally {
      await again.close();
    }
  }, 180_000);

  it('is prepared by `main --prepare-database`, which exits without serving', async () => {
    const dataDir = join(root, 'c');
    const main = new URL('../src/main.ts', import.meta.url).pathname;
    const child = spawn(process.execPath, ['--import', 'tsx', main, '--prepare-database'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        SEED_DEMO: '',
        PORT: '0',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, output).toBe(0);
    expect(output).not.toContain('is up');

    const prepared = await openDatabase({ dataDir });
    try {
      const orgs = (await prepared.db.execute(sql`select name from organizations`)) as unknown as {
        rows: { name: string }[];
      };
      expect(orgs.rows.map((r) => r.name)).toEqual(['VA Hub']);
    } finally {
      await prepared.close();
    }
  }, 180_000);
});
