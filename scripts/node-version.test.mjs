// The early Node.js check (scripts/node-version.mjs): the floor matches package.json's engines, the message names
// both versions, and the scripts and the server's main load it before anything else.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NODE_FLOOR, tooOldNode } from './node-version.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');
const firstImport = (source) => /^import .*$/m.exec(source)?.[0];

/** An older Node on this machine to try the scripts with: OLD_NODE, else Debian's /usr/bin/node when older. */
function olderNode() {
  const candidate = process.env.OLD_NODE || '/usr/bin/node';
  if (!existsSync(candidate)) return null;
  const version = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  return tooOldNode(version) ? { path: candidate, version } : null;
}

describe('the Node.js floor', () => {
  it('is the one package.json and every workspace declare', () => {
    for (const pkg of [
      'package.json',
      'apps/server/package.json',
      'apps/web/package.json',
      'apps/agent/package.json',
    ]) {
      expect(JSON.parse(read(pkg)).engines.node, pkg).toBe(`>=${NODE_FLOOR}`);
    }
  });

  it('refuses an older Node with a message naming both versions, and lets the floor and newer ones run', () => {
    expect(tooOldNode('20.20.2')).toMatch(/^VA Hub needs Node\.js 22\.22 or newer; this is 20\.20\.2\./);
    expect(tooOldNode('22.21.1')).toMatch(/this is 22\.21\.1/);
    for (const ok of ['22.22.0', '22.23.5', '24.22.3', '26.10.0']) expect(tooOldNode(ok)).toBeNull();
  });

  it('is what the start, dev, demo and test scripts and the server main load first', () => {
    for (const script of ['start', 'dev', 'demo', 'test', 'e2e', 'simulate', 'create-admin']) {
      expect(firstImport(read(`scripts/${script}.mjs`)), script).toBe("import './node-version.mjs';");
    }
    expect(firstImport(read('apps/server/src/main.ts'))).toBe("import '../../../scripts/node-version.mjs';");
  });

  const old = olderNode();
  it.skipIf(!old)(`stops the scripts at once on an older Node (${old?.version ?? 'none here'})`, () => {
    for (const script of ['start', 'dev', 'demo', 'test']) {
      const run = spawnSync(old.path, [`scripts/${script}.mjs`], {
        cwd: root,
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status, script).toBe(1);
      expect(run.stderr.trim(), script).toBe(tooOldNode(old.version));
    }
  });
});
