import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { preparesFirst, serverNodeFlags } from './server-process.mjs';

const root = mkdtempSync(join(tmpdir(), 'vahub-server-process-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('how npm start runs the server', () => {
  it('prepares a new embedded data folder first, and only a new one', () => {
    expect(preparesFirst(root, { DATA_DIR: 'fresh' })).toBe(true);
    mkdirSync(join(root, 'made', 'pgdata'), { recursive: true });
    writeFileSync(join(root, 'made', 'pgdata', 'PG_VERSION'), '18\n');
    expect(preparesFirst(root, { DATA_DIR: 'made' })).toBe(false);
    expect(preparesFirst(root, { DATA_DIR: join(root, 'made') })).toBe(false);
    // ./data by default, from where the server runs.
    expect(preparesFirst(root, {})).toBe(true);
    mkdirSync(join(root, 'data', 'pgdata'), { recursive: true });
    writeFileSync(join(root, 'data', 'pgdata', 'PG_VERSION'), '18\n');
    expect(preparesFirst(root, { DATA_DIR: '' })).toBe(false);
    // PostgreSQL has no folder to prepare.
    expect(preparesFirst(root, { DATABASE_URL: 'postgres://x/y', DATA_DIR: 'fresh' })).toBe(false);
  });

  it('runs the embedded server on the baseline WebAssembly compiler, and PostgreSQL on Node defaults', () => {
    const embedded = serverNodeFlags({});
    expect(embedded).toEqual(expect.arrayContaining(['--no-wasm-tier-up', '--no-wasm-dynamic-tiering']));
    expect(embedded[embedded.indexOf('--import') + 1]).toMatch(/^file:.*\/scripts\/source-maps\.mjs$/);
    expect(embedded).not.toContain('--expose-gc');
    expect(serverNodeFlags({}, { prepare: true })).toContain('--expose-gc');
    expect(serverNodeFlags({ DATABASE_URL: 'postgres://x/y' })).toEqual(['--enable-source-maps']);
  });
});
