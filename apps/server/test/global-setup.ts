import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tarball) every test file starts from. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database every test file's database is copied from (TEST_DATABASE_URL). */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database per run, which every test file copies (PGlite: a dumped data directory;
 * PostgreSQL: `CREATE DATABASE … TEMPLATE`), instead of migrating a fresh database per file.
 */
export default async function setup(project: TestProject) {
  const embedded = await openDatabase({ dataDir: null });
  await embedded.migrate();
  const file = join(tmpdir(), `vahub-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  const dump = await embedded.dump?.();
  if (!dump) throw new Error('the embedded database cannot be dumped');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await embedded.close();
  project.provide('pgliteTemplate', file);

  const base = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (base) {
    template = `vahub_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE ${template}`);
    const url = new URL(base);
    url.pathname = `/${template}`;
    const db = await openDatabase({ url: url.toString(), poolSize: 1 });
    await db.migrate();
    await db.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(file, { force: true });
    if (base && template) await adminQuery(base, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The template's bytes, for a test file's in-memory database. */
export const readTemplate = (file: string) => new Blob([readFileSync(file)]);
