// The boundary check (scripts/check-boundaries.mjs) on small fake trees, one per rule (scripts/boundaries-fixtures/),
// and on the repository itself: a new import that breaks a rule fails this suite as well as `npm run lint`.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BASELINE_FILE,
  baselineOf,
  checkBoundaries,
  formatViolation,
  readImports,
  readLayers,
} from './check-boundaries.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repository = join(here, '..');
const fixture = (name) => join(here, 'boundaries-fixtures', name);
const check = (name, options = {}) => checkBoundaries({ root: fixture(name), ...options });
/** The violations as `file:line rule specifier`, in the check's order. */
const found = (result) =>
  result.violations.map(
    (violation) => `${violation.file}:${violation.line} ${violation.rule} ${violation.specifier}`,
  );
const MODULES = 'apps/server/src/modules';

describe('reading imports', () => {
  it('sees every form an import takes, at its line', () => {
    const text = [
      "import a from './a';",
      "import type { B } from './b';",
      "import * as c from './c';",
      "import './d';",
      "export * from './e';",
      "export { f, g as h } from './f';",
      "export type { I } from './i';",
      "const j = await import('./j');",
      "type K = typeof import('./k');",
      "vi.mock('./l', () => ({}));",
      "const m = require('./m');",
      "import n = require('./n');",
      'const notAnImport = "import(\'./o\')";',
    ].join('\n');
    const { imports } = readImports(text);
    expect(imports.map((item) => `${item.line} ${item.specifier}`)).toEqual([
      '1 ./a',
      '2 ./b',
      '3 ./c',
      '4 ./d',
      '5 ./e',
      '6 ./f',
      '7 ./i',
      '8 ./j',
      '9 ./k',
      '10 ./l',
      '11 ./m',
      '12 ./n',
    ]);
    expect(imports[1].names).toEqual(['B']);
    expect(imports[5].names).toEqual(['f', 'g']);
  });

  it("names a table file's tables", () => {
    const text =
      "export const users = pgTable('users', {});\nexport const ROLES = ['va'];\nexport type Row = {};";
    expect(readImports(text, 'users.table.ts').tables).toEqual(['users']);
  });
});

describe('the rules, one fixture each', () => {
  it('finds nothing in a tree that keeps every rule', () => {
    const result = check('clean');
    expect(found(result)).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.summary.moduleEdges).toBe(1);
    expect(result.summary.cycles).toEqual([]);
  });

  it("private-import: another module's file other than public.ts, at any depth and in any form", () => {
    expect(found(check('private-import'))).toEqual([
      // A dynamic import().
      `${MODULES}/a/a.lazy.ts:1 private-import ../b/b.service`,
      // export * from.
      `${MODULES}/a/a.reexport.ts:1 private-import ../b/internal/deep`,
      // A test file is checked too.
      `${MODULES}/a/a.test.ts:2 private-import ../b/b.service`,
      // import type.
      `${MODULES}/a/a.types.ts:1 private-import ../b/b.service`,
      // From a subfolder: what Biome's `../*/*` pattern let through.
      `${MODULES}/a/engine/x.ts:1 private-import ../../b/b.table`,
    ]);
  });

  it("private-import: a table file may import another module's table file (a foreign key), nothing else", () => {
    expect(found(check('table-exception'))).toEqual([
      `${MODULES}/a/a.table.ts:2 private-import ../b/b.service`,
    ]);
  });

  it('layer: an import up the layers, and one between modules of a layer', () => {
    const result = check('layer');
    expect(found(result)).toEqual([
      `${MODULES}/high/high.across.ts:1 layer ../peer/public`,
      `${MODULES}/low/low.up.ts:1 layer ../high/public`,
    ]);
    expect(result.violations[0].text).toContain('of its own layer (high)');
    expect(result.violations[1].text).toContain('of a higher layer (high)');
  });

  it('layer: a layer that says "sameLayer": true lets its modules import each other', () => {
    const layers = readLayers(fixture('layer'));
    layers.layers[1].sameLayer = true;
    expect(found(check('layer', { layers }))).toEqual([`${MODULES}/low/low.up.ts:1 layer ../high/public`]);
  });

  it('cycle: one violation per group of modules that depend on each other, naming them (with the layer it breaks)', () => {
    const result = check('cycle');
    expect(found(result)).toEqual([
      `${MODULES}/one/one.up.ts:1 cycle ../three/public`,
      `${MODULES}/one/one.up.ts:1 layer ../three/public`,
    ]);
    expect(result.violations[0].modules).toEqual(['one', 'three', 'two']);
    expect(result.violations[0].text).toMatch(/^one → three → two → one \(3 modules/);
    expect(result.summary.cycles).toEqual([{ size: 3, modules: ['one', 'three', 'two'] }]);
  });

  it('platform-imports-module: platform/, lib/ and db/ import no module, db/schema.ts its table files only', () => {
    expect(found(check('platform'))).toEqual([
      'apps/server/src/db/schema.ts:2 platform-imports-module ../modules/base/public',
      'apps/server/src/lib/types.ts:1 platform-imports-module ../modules/base/public',
      'apps/server/src/platform/jobs/runner.ts:1 platform-imports-module ../../modules/base/base.service',
    ]);
  });

  it("outside-private-import: seed, bench, cli, app.ts and main.ts use a module's public.ts only (app.ts registers its <name>.module.ts)", () => {
    expect(found(check('outside'))).toEqual([
      'apps/server/bench/run.ts:1 outside-private-import ../src/modules/base/base.service',
      'apps/server/src/app.ts:2 outside-private-import ./modules/base/base.service',
      'apps/server/src/seed/demo.ts:1 outside-private-import ../modules/base/base.table',
    ]);
  });

  it("web-cross-feature: a feature importing another, relatively or through the tsconfig's alias", () => {
    const result = check('web');
    expect(found(result)).toEqual([
      'apps/web/src/features/a/deep/panel.ts:1 web-cross-feature @/features/b/widgets',
      'apps/web/src/features/a/page.ts:1 web-cross-feature ../b/api',
    ]);
    expect(result.summary.webCrossFeature).toEqual({ imports: 2, files: 2 });
  });

  it("vendor-sdk: a module (tests included) importing an outside service's client in any form; the platform may", () => {
    const result = check('vendor-sdk');
    expect(found(result)).toEqual([
      // import type, from an npm scope.
      `${MODULES}/billing/billing.files.ts:1 vendor-sdk @aws-sdk/client-s3`,
      `${MODULES}/billing/billing.service.ts:1 vendor-sdk stripe`,
      // A dynamic import() of a subpath.
      `${MODULES}/billing/billing.sso.ts:1 vendor-sdk openid-client/passport`,
      // vi.mock in a test.
      `${MODULES}/billing/billing.test.ts:3 vendor-sdk ioredis`,
      `${MODULES}/mail/mail.worker.ts:1 vendor-sdk nodemailer`,
      `${MODULES}/mail/mailer.ts:1 vendor-sdk nodemailer`,
    ]);
    // The line names the file, the import, the rule and the way out.
    expect(formatViolation(result.violations[1])).toBe(
      `${MODULES}/billing/billing.service.ts:1: imports 'stripe': vendor-sdk: module 'billing' imports 'stripe', the client of an outside service: use its adapter in apps/server/src/platform/ (an interface, implementations chosen by config; apps/server/src/platform/README.md)`,
    );
  });

  it('query-in-wiring-file: routes, mappers, module definitions, public APIs and maths never touch the database', () => {
    expect(found(check('wiring'))).toEqual([
      // sql`…` in a maths file.
      `${MODULES}/shop/price-maths.ts:1 query-in-wiring-file (a query)`,
      // A mapper taking a Db queries, even when it imports only its type (a type of drizzle or a table is fine).
      `${MODULES}/shop/shop.mapper.ts:2 query-in-wiring-file ../../db/client`,
      `${MODULES}/shop/shop.module.ts:1 query-in-wiring-file ./shop.table`,
      `${MODULES}/shop/shop.routes.ts:1 query-in-wiring-file drizzle-orm`,
    ]);
    // The use case (shop.service.ts) owns its queries, and public.ts may hand on its own table (the table-crossing
    // figure counts who takes it).
  });

  it('layers-declaration: a module folder in no layer, and a declared module without a folder', () => {
    const result = check('undeclared');
    expect(result.violations.map((violation) => violation.text)).toEqual([
      `module 'ghost' is declared in layer 'low' but ${MODULES}/ghost/ does not exist`,
      `module 'stray' (${MODULES}/stray/) is in no layer: add it to one`,
    ]);
    // Not something a baseline can list.
    expect(check('undeclared', { baseline: baselineOf(result.violations) }).ok).toBe(false);
  });
});

describe('the ratchet', () => {
  const listed = { rule: 'private-import', file: `${MODULES}/a/engine/x.ts`, specifier: '../../b/b.table' };

  it('a baseline entry suppresses its violation, at whatever line', () => {
    const result = check('private-import', { baseline: [listed] });
    expect(result.violations).toHaveLength(5);
    expect(result.newViolations.map((violation) => violation.file)).not.toContain(listed.file);
    expect(result.newViolations).toHaveLength(4);
    expect(result.stale).toEqual([]);
  });

  it('a baseline entry that no longer occurs fails the check', () => {
    const gone = { rule: 'private-import', file: `${MODULES}/a/gone.ts`, specifier: '../b/b.service' };
    const all = baselineOf(check('private-import').violations);
    const result = check('private-import', { baseline: { violations: [...all.violations, gone] } });
    expect(result.newViolations).toEqual([]);
    expect(result.stale).toEqual([gone]);
    expect(result.ok).toBe(false);
  });

  it("today's violations as the baseline pass", () => {
    for (const name of [
      'private-import',
      'layer',
      'cycle',
      'platform',
      'outside',
      'web',
      'vendor-sdk',
      'wiring',
    ]) {
      const baseline = baselineOf(check(name).violations);
      expect(check(name, { baseline }).ok, name).toBe(true);
    }
  });

  it('a cycle that shrank is no new violation, but its old entry is stale', () => {
    const bigger = { rule: 'cycle', modules: ['four', 'one', 'three', 'two'] };
    const layer = { rule: 'layer', file: `${MODULES}/one/one.up.ts`, specifier: '../three/public' };
    const result = check('cycle', { baseline: [bigger, layer] });
    expect(result.newViolations).toEqual([]);
    expect(result.stale).toEqual([bigger]);
  });
});

describe('the command', () => {
  const run = (...args) =>
    spawnSync(process.execPath, [join(here, 'check-boundaries.mjs'), ...args], { encoding: 'utf8' });

  it('prints one line per violation and exits 1', () => {
    const { status, stdout, stderr } = run('--root', fixture('private-import'));
    expect(status).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines.slice(0, -1)).toEqual(check('private-import').violations.map(formatViolation));
    for (const line of lines.slice(0, -1))
      expect(line).toMatch(/^apps\/server\/src\/modules\/[\w/.-]+:\d+: imports '[^']+': private-import: .+$/);
    expect(lines.at(-1)).toMatch(/^Boundary check failed: 5 new violations, 0 stale baseline entries/);
    expect(stdout).toContain('Boundary figures:');
  });

  it('--write-baseline records the violations, after which the check passes', () => {
    const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
    try {
      cpSync(fixture('layer'), root, { recursive: true });
      expect(run('--root', root, '--write-baseline').status).toBe(0);
      const written = JSON.parse(readFileSync(join(root, BASELINE_FILE), 'utf8'));
      expect(written.violations).toHaveLength(2);
      const { status, stdout } = run('--root', root);
      expect(status).toBe(0);
      expect(stdout).toContain('Boundary check passed: no new violation (2 listed');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the repository', () => {
  it('has no violation beyond its baseline, and no stale baseline entry', () => {
    const baseline = JSON.parse(readFileSync(join(repository, BASELINE_FILE), 'utf8'));
    const result = checkBoundaries({ root: repository, baseline });
    expect(result.newViolations.map(formatViolation)).toEqual([]);
    expect(result.stale).toEqual([]);
    // Every module folder in exactly one layer.
    expect(result.violations.filter((violation) => violation.rule === 'layers-declaration')).toEqual([]);
  });
});
