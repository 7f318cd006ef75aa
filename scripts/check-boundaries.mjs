#!/usr/bin/env node
/**
 * The boundary check (`npm run lint` runs it after Biome): reads every import of the server and the web app, at
 * every depth, and refuses what crosses a border the wrong way.
 *
 * - private-import: a server module uses another module only through its `public.ts` (a `*.table.ts` file may
 *   import another module's `*.table.ts`, for a foreign key).
 * - layer: a module imports only modules of a lower layer (`apps/server/src/modules/layers.json`).
 * - cycle: no group of modules depends on each other.
 * - platform-imports-module: `platform/`, `lib/` and `db/` import no module (`db/schema.ts` re-exports the table
 *   files for drizzle-kit).
 * - outside-private-import: seed, bench, cli, `app.ts` and `main.ts` use a module only through its `public.ts`.
 * - web-cross-feature: a web feature imports no other feature.
 * - query-in-wiring-file: a module's wiring files (`*.routes.ts`, `*.mapper.ts`, `*.module.ts`, `public.ts`,
 *   `*-maths.ts`) never touch the database: no query built, no `drizzle-orm` value, no `db/` client or table
 *   file, not even as a type (a function taking a `Db` queries). Every other file of a module is a use case that
 *   owns its queries (docs/architecture.md, "Where queries live").
 * - vendor-sdk: a module imports no client of an outside service (nodemailer, stripe, @aws-sdk/*, …): it uses the
 *   adapter in `apps/server/src/platform/` behind its interface (`apps/server/src/platform/README.md`).
 *
 * Today's violations are listed in `scripts/boundaries-baseline.json` (the ratchet): the check fails on a violation
 * not listed there, and on a listed one that no longer occurs, so the list only shrinks.
 *
 *   node scripts/check-boundaries.mjs                   check (exit 1 on a new violation or a stale entry)
 *   node scripts/check-boundaries.mjs --write-baseline  list today's violations as the baseline
 *   node scripts/check-boundaries.mjs --summary         the figures only (no failure)
 *   node scripts/check-boundaries.mjs --root <dir>      check another tree (the tests' fixtures)
 *
 * docs/architecture.md, "Module layers and the boundary check", tells the rules and the layers.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const MODULES = 'apps/server/src/modules';
const LAYERS_FILE = `${MODULES}/layers.json`;
export const BASELINE_FILE = 'scripts/boundaries-baseline.json';

/** The folders read (from the root); what is under them and ends in a script extension is a file checked. */
const SCANNED = ['apps/server/src', 'apps/server/bench', 'apps/web/src'];
const SCRIPT = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dev-dist', 'coverage']);
/** The platform: code every module may use, which uses no module. */
const PLATFORM = ['apps/server/src/platform/', 'apps/server/src/lib/', 'apps/server/src/db/'];
/** The schema index drizzle-kit reads: it re-exports every table file, and only them. */
const SCHEMA_INDEX = 'apps/server/src/db/schema.ts';
/** Code outside the modules that assembles or drives them: it goes through their public API. */
/**
 * The composition root: app.ts registers every module from its definition file (`<name>/<name>.module.ts`), the
 * one private file it may import. Exporting the definitions from public.ts instead would make every importer of a
 * public API load that module's routes and services too, and so import cycles between modules' files.
 */
const COMPOSITION_ROOT = 'apps/server/src/app.ts';
const isModuleDefinition = (to) => to.inner === `${to.name}.module.ts` || to.inner === `${to.name}.module`;

const OUTSIDE = [
  'apps/server/src/seed/',
  'apps/server/bench/',
  'apps/server/src/cli/',
  'apps/server/src/app.ts',
  'apps/server/src/main.ts',
];

/**
 * Clients of services outside the server (`apps/server/src/platform/README.md`): a module reaches them only through
 * the platform's adapter. A name ending in `/*` is a whole npm scope. Libraries that run in the process (drizzle,
 * zod, sharp, jose, …) are not on it.
 */
export const VENDOR_SDKS = [
  'nodemailer',
  'stripe',
  'openai',
  'ldapts',
  'openid-client',
  '@aws-sdk/*',
  'ioredis',
  'redis',
  '@redis/*',
  'pg-boss',
];

export const RULES = {
  'private-import':
    "a module uses another module only through its public.ts (a *.table.ts may import another module's *.table.ts for a foreign key)",
  layer: 'a module imports only modules of a lower layer (apps/server/src/modules/layers.json)',
  cycle: 'modules that depend on each other',
  'platform-imports-module':
    'platform/, lib/ and db/ import no module (the one exception: db/schema.ts re-exports the *.table.ts files, the schema index drizzle-kit reads)',
  'query-in-wiring-file':
    "a module's routes, mappers, module definition, public API and maths never touch the database; use cases do",
  'outside-private-import':
    'seed, bench, cli, app.ts and main.ts use a module only through its public.ts (app.ts also registers each module from its <name>.module.ts)',
  'web-cross-feature':
    'a web feature imports no other feature: what several features use belongs in components/ or lib/, a screen made of several features in app/',
  'layers-declaration': 'every module folder is in exactly one layer of layers.json',
  'vendor-sdk':
    'a module imports no client of an outside service: it uses the adapter in apps/server/src/platform/ behind its interface',
};

const posix = (path) => path.split(sep).join('/');

// ---------------------------------------------------------------------------------------------------------------
// Reading the files

function listFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name));
      } else if (SCRIPT.test(entry.name)) files.push(join(dir, entry.name));
    }
  };
  for (const dir of SCANNED) if (existsSync(join(root, dir))) walk(join(root, dir));
  return files.sort();
}

const scriptKind = (file) =>
  file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.jsx') ? ts.ScriptKind.JSX : ts.ScriptKind.TS;

/** Vitest calls that name a file as an import does. */
const VITEST_FILE_CALLS = new Set(['mock', 'doMock', 'unmock', 'importActual', 'importMock']);

/**
 * What a file references by specifier: static imports (`import type` too), `export … from`, dynamic `import()`,
 * `import('…')` types, `require()`, `import x = require()`, and vitest's `vi.mock('…')`. With each: the line, the
 * names imported (for the summary's table objects), and, for a table file, the tables it defines.
 */
export function readImports(text, file = 'file.ts') {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const imports = [];
  const add = (literal, names, typeOnly = false) => {
    const { line } = source.getLineAndCharacterOfPosition(literal.getStart(source));
    imports.push({ specifier: literal.text, line: line + 1, names, typeOnly });
  };
  const isLiteral = (node) => node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));
  const tables = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && isLiteral(node.moduleSpecifier)) {
      const names = [];
      const clause = node.importClause;
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      const typeOnly =
        clause?.isTypeOnly === true ||
        (bindings !== undefined &&
          ts.isNamedImports(bindings) &&
          bindings.elements.length > 0 &&
          bindings.elements.every((element) => element.isTypeOnly) &&
          !clause?.name);
      add(node.moduleSpecifier, names, typeOnly);
    } else if (ts.isExportDeclaration(node) && isLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.map((element) => (element.propertyName ?? element.name).text)
          : ['*'];
      add(node.moduleSpecifier, names);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      isLiteral(node.moduleReference.expression)
    ) {
      add(node.moduleReference.expression, ['*']);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && isLiteral(argument.literal)) add(argument.literal, ['*'], true);
    } else if (ts.isCallExpression(node) && isLiteral(node.arguments[0])) {
      const callee = node.expression;
      const isDynamicImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      const isVitest =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'vi' &&
        VITEST_FILE_CALLS.has(callee.name.text);
      if (isDynamicImport || isRequire || isVitest) add(node.arguments[0], ['*']);
    } else if (
      ts.isVariableStatement(node) &&
      node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      // A table object: `export const users = pgTable(…)` (or a view).
      for (const declaration of node.declarationList.declarations) {
        const init = declaration.initializer;
        if (
          ts.isIdentifier(declaration.name) &&
          init &&
          ts.isCallExpression(init) &&
          ts.isIdentifier(init.expression) &&
          /^pg(?:Table|View|MaterializedView)$/.test(init.expression.text)
        )
          tables.push(declaration.name.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, tables };
}

// ---------------------------------------------------------------------------------------------------------------
// Resolving a specifier to a file of the tree

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.d.ts', '.js', '.jsx', '.mjs', '.json'];

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file a path names as TypeScript resolves it (bundler resolution); null when none exists. */
function resolvePath(path) {
  if (isFile(path)) return path;
  for (const extension of EXTENSIONS) if (isFile(path + extension)) return path + extension;
  const js = /\.([cm]?)js(x?)$/.exec(path);
  if (js) {
    const stem = path.slice(0, -js[0].length);
    for (const extension of [`.${js[1]}ts${js[2]}`, '.tsx'])
      if (isFile(stem + extension)) return stem + extension;
  }
  for (const extension of EXTENSIONS)
    if (isFile(join(path, `index${extension}`))) return join(path, `index${extension}`);
  return null;
}

/**
 * The path aliases of a tsconfig (`compilerOptions.paths`, following `extends`). Any alias the web or the server
 * uses is declared there, since `npm run typecheck` resolves every import through it (a Vite alias the tsconfig
 * lacked would fail the typecheck).
 */
function readAliases(root, configFile) {
  let file = join(root, configFile);
  const seen = new Set();
  while (existsSync(file) && !seen.has(file)) {
    seen.add(file);
    const { config } = ts.readConfigFile(file, ts.sys.readFile);
    const options = config?.compilerOptions ?? {};
    if (options.paths) {
      const base = resolve(dirname(file), options.baseUrl ?? '.');
      return Object.entries(options.paths).map(([pattern, targets]) => ({
        pattern,
        targets: targets.map((target) => resolve(base, target)),
      }));
    }
    if (typeof config?.extends !== 'string' || !config.extends.startsWith('.')) break;
    file = resolve(
      dirname(file),
      config.extends.endsWith('.json') ? config.extends : `${config.extends}.json`,
    );
  }
  return [];
}

function aliasTarget(aliases, specifier) {
  for (const { pattern, targets } of aliases) {
    const star = pattern.indexOf('*');
    if (star < 0 ? specifier !== pattern : !specifier.startsWith(pattern.slice(0, star))) continue;
    if (star >= 0 && !specifier.endsWith(pattern.slice(star + 1))) continue;
    const matched = star < 0 ? '' : specifier.slice(star, specifier.length - (pattern.length - star - 1));
    for (const target of targets) {
      const path = target.replace('*', matched);
      const found = resolvePath(path);
      if (found) return found;
    }
    return targets[0].replace('*', matched);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Where a file belongs

/** The server module a path (from the root) is in, and the path inside it. */
function moduleOf(path) {
  const match = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/.exec(path);
  return match ? { name: match[1], inner: match[2] } : null;
}

const featureOf = (path) => /^apps\/web\/src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
const isPublic = (inner) =>
  /^public(?:\.[cm]?[jt]sx?)?$|^public\/index(?:\.[cm]?[jt]sx?)?$|^public\/?$/.test(inner);
/** A module's wiring: routes, mappers, its definition, its public API, pure maths. None touches the database. */
const WIRING = [
  [/\.routes\.[cm]?ts$/, 'routes'],
  [/\.mapper\.[cm]?ts$/, 'mapper'],
  [/\.module\.[cm]?ts$/, 'module definition'],
  [/(?:^|\/)public\.[cm]?ts$/, 'public API'],
  [/-maths\.[cm]?ts$/, 'maths'],
];
const wiringKindOf = (path) => WIRING.find(([pattern]) => pattern.test(path))?.[1] ?? null;
const isWiring = (path) => wiringKindOf(path) !== null;
/** A public.ts handing on its own module's table (another rule, the table-crossing figure, counts that). */
const isPublicReexportOfOwnTable = (file, target) =>
  /(?:^|\/)public\.[cm]?ts$/.test(file) && moduleOf(file)?.name === moduleOf(target)?.name;
const isTable = (path) => /\.table(?:\.[cm]?[jt]s)?$/.test(path);
const isTest = (path) => /\.(?:test|spec)\.[cm]?[jt]sx?$/.test(path);
const isUnder = (path, places) =>
  places.some((place) => (place.endsWith('/') ? path.startsWith(place) : path === place));

/** The npm package a bare specifier names (`@scope/name/sub` → `@scope/name`); null for a path or `node:…`. */
function packageOf(specifier) {
  if (/^(?:\.|\/|[a-z]+:)/.test(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The entry of VENDOR_SDKS a specifier falls under, or null. */
function vendorSdkOf(specifier) {
  const name = packageOf(specifier);
  if (!name) return null;
  return (
    VENDOR_SDKS.find((sdk) => (sdk.endsWith('/*') ? name.startsWith(sdk.slice(0, -1)) : name === sdk)) ?? null
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The layers

export function readLayers(root) {
  return JSON.parse(readFileSync(join(root, LAYERS_FILE), 'utf8'));
}

/** Each declared module's layer (its index, lowest first), and the declaration's errors. */
function layerIndex(layers, folders) {
  const index = new Map();
  const errors = [];
  const declaration = (text) => ({
    rule: 'layers-declaration',
    file: LAYERS_FILE,
    line: 1,
    specifier: null,
    text,
  });
  for (const [position, layer] of (layers.layers ?? []).entries()) {
    for (const name of layer.modules ?? []) {
      if (index.has(name))
        errors.push(
          declaration(
            `module '${name}' is in two layers (${layers.layers[index.get(name)].name}, ${layer.name})`,
          ),
        );
      else index.set(name, position);
      if (!folders.includes(name))
        errors.push(
          declaration(
            `module '${name}' is declared in layer '${layer.name}' but ${MODULES}/${name}/ does not exist`,
          ),
        );
    }
  }
  for (const name of folders)
    if (!index.has(name))
      errors.push(declaration(`module '${name}' (${MODULES}/${name}/) is in no layer: add it to one`));
  return { index, errors };
}

// ---------------------------------------------------------------------------------------------------------------
// Cycles

/** The strongly connected components of more than one module (Tarjan). */
function cyclesOf(graph) {
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const connect = (node) => {
    order.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), order.get(next)));
    }
    if (low.get(node) === order.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) connect(node);
  return components.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** A shortest path from `start` to `goal` inside `members` (`[start, …, goal]`). */
function pathWithin(graph, members, start, goal) {
  const inside = new Set(members);
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === goal) {
      const path = [];
      for (let at = node; at !== null; at = previous.get(at)) path.unshift(at);
      return path;
    }
    for (const next of [...(graph.get(node) ?? [])].sort())
      if (inside.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
  }
  return [start, goal];
}

// ---------------------------------------------------------------------------------------------------------------
// The check

/** A violation's key in the baseline: its rule, file and specifier (a cycle: its modules), never its line. */
export function baselineKey(entry) {
  return entry.rule === 'cycle'
    ? `cycle ${[...entry.modules].sort().join(',')}`
    : `${entry.rule} ${entry.file} ${entry.specifier}`;
}

export function toBaselineEntry(violation) {
  return violation.rule === 'cycle'
    ? { rule: 'cycle', modules: [...violation.modules].sort() }
    : { rule: violation.rule, file: violation.file, specifier: violation.specifier };
}

/** A violation as the one line the check prints. */
export function formatViolation(violation) {
  const where = `${violation.file}:${violation.line}:`;
  const what = violation.specifier === null ? '' : ` imports '${violation.specifier}':`;
  return `${where}${what} ${violation.rule}: ${violation.text}`;
}

/**
 * Checks the tree under `root`. `layers` defaults to the tree's layers.json, `baseline` (a list of entries, or
 * the baseline file's object) to none. Returns every violation, the new ones (not in the baseline), the stale
 * baseline entries (which no longer occur), and the summary's figures; `ok` when neither new nor stale exist.
 */
export function checkBoundaries({ root, layers, baseline = [] }) {
  root = resolve(root);
  const folders = existsSync(join(root, MODULES))
    ? readdirSync(join(root, MODULES), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  const declared = layers ?? (existsSync(join(root, LAYERS_FILE)) ? readLayers(root) : { layers: [] });
  const { index: layerOf, errors } = layerIndex(declared, folders);
  const layerName = (module) => declared.layers[layerOf.get(module)]?.name;
  const sameLayerAllowed = (module) => declared.layers[layerOf.get(module)]?.sameLayer === true;
  const aliases = {
    server: readAliases(root, 'apps/server/tsconfig.json'),
    web: readAliases(root, 'apps/web/tsconfig.json'),
  };

  const violations = [];
  const report = (rule, file, item, text) =>
    violations.push({ rule, file, line: item.line, specifier: item.specifier, text });

  /** Per file (from the root): its imports with their targets (from the root), and the tables it defines. */
  const parsed = new Map();
  for (const absolute of listFiles(root)) {
    const file = posix(relative(root, absolute));
    const text = readFileSync(absolute, 'utf8');
    const { imports, tables } = readImports(text, absolute);
    const own = file.startsWith('apps/web/') ? aliases.web : aliases.server;
    for (const item of imports) {
      let target = null;
      if (item.specifier.startsWith('.')) {
        const path = resolve(dirname(absolute), item.specifier);
        target = resolvePath(path) ?? path;
      } else target = aliasTarget(own, item.specifier);
      item.target = target && posix(relative(root, target));
    }
    parsed.set(file, { imports, tables, text });
  }

  /** The module graph: from → to → the imports that make the edge. */
  const edges = new Map();
  for (const [file, { imports }] of parsed) {
    const from = moduleOf(file);
    const feature = featureOf(file);
    for (const item of imports) {
      const sdk = from ? vendorSdkOf(item.specifier) : null;
      if (sdk)
        report(
          'vendor-sdk',
          file,
          item,
          `module '${from.name}' imports '${packageOf(item.specifier)}', the client of an outside service: use its adapter in apps/server/src/platform/ (an interface, implementations chosen by config; apps/server/src/platform/README.md)`,
        );
      const target = item.target;
      if (!target || target.startsWith('..')) continue;
      const to = moduleOf(target);
      if (from && to && from.name !== to.name) {
        if (!isPublic(to.inner) && !(isTable(file) && isTable(target)))
          report(
            'private-import',
            file,
            item,
            `${to.name}/${to.inner} is private to module '${to.name}': import '${to.name}/public' instead (only a *.table.ts may import another module's *.table.ts)`,
          );
        if (!edges.has(from.name)) edges.set(from.name, new Map());
        const targets = edges.get(from.name);
        if (!targets.has(to.name)) targets.set(to.name, []);
        targets.get(to.name).push({ file, ...item });
        if (layerOf.has(from.name) && layerOf.has(to.name)) {
          const a = layerOf.get(from.name);
          const b = layerOf.get(to.name);
          if (b > a)
            report(
              'layer',
              file,
              item,
              `'${from.name}' (layer ${layerName(from.name)}) imports '${to.name}' of a higher layer (${layerName(to.name)}): a module imports only lower layers`,
            );
          else if (b === a && !sameLayerAllowed(from.name))
            report(
              'layer',
              file,
              item,
              `'${from.name}' imports '${to.name}' of its own layer (${layerName(from.name)}): modules of one layer do not import each other`,
            );
        }
      }
      if (to && isUnder(file, PLATFORM) && !(file === SCHEMA_INDEX && isTable(target)))
        report(
          'platform-imports-module',
          file,
          item,
          `the platform (platform/, lib/, db/) imports no module, and this reaches module '${to.name}' (only db/schema.ts may re-export *.table.ts files, for drizzle-kit)`,
        );
      if (
        to &&
        isUnder(file, OUTSIDE) &&
        !isPublic(to.inner) &&
        !(file === COMPOSITION_ROOT && isModuleDefinition(to))
      )
        report(
          'outside-private-import',
          file,
          item,
          `${to.name}/${to.inner} is private to module '${to.name}': seed, bench, cli, app.ts and main.ts import '${to.name}/public'`,
        );
      const toFeature = featureOf(target);
      if (feature && toFeature && toFeature !== feature)
        report(
          'web-cross-feature',
          file,
          item,
          `feature '${feature}' imports feature '${toFeature}': move what both use to components/ or lib/, or compose them in app/`,
        );
    }
  }

  // Wiring files never touch the database (docs/architecture.md, "Where queries live").
  const tableNames = new Set([...parsed.values()].flatMap(({ tables }) => tables));
  for (const [file, { imports, text }] of parsed) {
    if (!moduleOf(file) || isTest(file) || !isWiring(file)) continue;
    const kind = `a wiring file (${wiringKindOf(file)})`;
    if (buildsQueries(text, tableNames))
      report(
        'query-in-wiring-file',
        file,
        { line: 1, specifier: '(a query)' },
        `${kind} builds a query: move it to a use case (a service, read or repository file) and call that`,
      );
    for (const item of imports) {
      const target = item.target ?? '';
      if (item.specifier === 'drizzle-orm' && !item.typeOnly)
        report(
          'query-in-wiring-file',
          file,
          item,
          `${kind} uses drizzle-orm's query builder: build the query in a use case`,
        );
      else if (target.startsWith('apps/server/src/db/') && !isTable(target))
        report(
          'query-in-wiring-file',
          file,
          item,
          `${kind} reaches the database client: only use cases take a Db or Tx`,
        );
      else if (isTable(target) && !item.typeOnly && !isPublicReexportOfOwnTable(file, target))
        report(
          'query-in-wiring-file',
          file,
          item,
          `${kind} imports a table object: only use cases query tables`,
        );
    }
  }

  const graph = new Map([...edges].map(([from, targets]) => [from, new Set(targets.keys())]));
  const cycles = cyclesOf(graph);
  for (const members of cycles) {
    // The import shown: one that goes up (or across) the layers inside the cycle, the kind to remove.
    const rank = (module) => layerOf.get(module) ?? Number.POSITIVE_INFINITY;
    const inside = members
      .flatMap((from) =>
        [...(edges.get(from) ?? [])]
          .filter(([to]) => members.includes(to))
          .flatMap(([to, items]) => items.map((item) => ({ from, to, item }))),
      )
      .sort(
        (x, y) =>
          rank(x.from) - rank(x.to) - (rank(y.from) - rank(y.to)) ||
          x.item.file.localeCompare(y.item.file) ||
          x.item.line - y.item.line,
      );
    const shown = inside.find(({ from, to }) => rank(to) >= rank(from)) ?? inside[0];
    const loop = [shown.from, ...pathWithin(graph, members, shown.to, shown.from)];
    violations.push({
      rule: 'cycle',
      file: shown.item.file,
      line: shown.item.line,
      specifier: shown.item.specifier,
      modules: members,
      text: `${loop.join(' → ')} (${members.length} modules depend on each other: ${members.join(', ')}; this import is one of the cycle's edges)`,
    });
  }

  violations.push(...errors);
  violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.rule.localeCompare(b.rule));

  // The ratchet.
  const entries = Array.isArray(baseline) ? baseline : (baseline.violations ?? []);
  const listed = new Map(entries.map((entry) => [baselineKey(entry), entry]));
  const listedCycles = entries
    .filter((entry) => entry.rule === 'cycle')
    .map((entry) => new Set(entry.modules));
  const occurring = new Set(violations.filter((v) => v.rule !== 'layers-declaration').map(baselineKey));
  const isListed = (violation) =>
    violation.rule === 'layers-declaration'
      ? false
      : violation.rule === 'cycle'
        ? // A cycle that shrank is no new violation (its old entry is stale, though).
          listedCycles.some((cycle) => violation.modules.every((module) => cycle.has(module)))
        : listed.has(baselineKey(violation));
  const fresh = violations.filter((violation) => !isListed(violation));
  const stale = [...listed.entries()].filter(([key]) => !occurring.has(key)).map(([, entry]) => entry);

  return {
    violations,
    newViolations: fresh,
    stale,
    ok: fresh.length === 0 && stale.length === 0,
    summary: summarize({ root, folders, parsed, edges, cycles, violations }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The figures

/**
 * Drizzle's query builder in a file's text: a select's `.from(` (chained: after `)` or at a line's start, not
 * `Array.from(`), `.insert(`/`.update(`/`.delete(` of a table object, `db.execute(`/`tx.execute(`, the relational
 * `.query.<table>.find…(`, and raw `sql\`…\`` (fragments included).
 */
function buildsQueries(text, tableNames) {
  if (/(?:\)|^\s*)\.from\(|\b(?:tx|db)\.execute\(|\.query\.\w+\.find(?:Many|First)\(|\bsql`/m.test(text))
    return true;
  return [...text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)/g)].some((match) =>
    tableNames.has(match[1]),
  );
}

function summarize({ folders, parsed, edges, cycles, violations }) {
  // Each module's table objects: what its *.table.ts files define.
  const tablesOf = new Map();
  for (const [file, { tables }] of parsed) {
    const module = moduleOf(file);
    if (module && isTable(file)) {
      if (!tablesOf.has(module.name)) tablesOf.set(module.name, new Set());
      for (const table of tables) tablesOf.get(module.name).add(table);
    }
  }
  const allTables = new Set([...tablesOf.values()].flatMap((tables) => [...tables]));
  // Files outside module X that import one of X's *.table files, or a table object of X from its public.ts.
  const throughTables = new Set();
  const throughPublic = new Set();
  for (const [file, { imports }] of parsed) {
    if (file === SCHEMA_INDEX) continue;
    const from = moduleOf(file)?.name;
    for (const { target, names } of imports) {
      const to = target && moduleOf(target);
      if (!to || to.name === from) continue;
      if (isTable(target)) throughTables.add(file);
      else if (isPublic(to.inner) && names.some((name) => tablesOf.get(to.name)?.has(name)))
        throughPublic.add(file);
    }
  }
  const tableFiles = new Set([...throughTables, ...throughPublic]);
  const count = (rule) => violations.filter((violation) => violation.rule === rule).length;
  const webImports = violations.filter((violation) => violation.rule === 'web-cross-feature');
  const queries = [...parsed]
    .filter(
      ([file, { text }]) =>
        moduleOf(file) &&
        !file.endsWith('.repository.ts') &&
        !isTable(file) &&
        !isTest(file) &&
        buildsQueries(text, allTables),
    )
    .map(([file]) => file);
  const pairs = [...edges.values()].flatMap((targets) => [...targets.values()]);
  // An edge made only of table files' imports of tables (foreign keys) is still an edge of the graph.
  const beyondKeys = pairs.filter((items) =>
    items.some((item) => !(isTable(item.file) && isTable(item.target))),
  );
  return {
    modules: folders.length,
    moduleEdges: pairs.length,
    moduleEdgesBeyondKeys: beyondKeys.length,
    layerViolations: count('layer'),
    cycles: cycles.map((members) => ({ size: members.length, modules: members })),
    tableUses: {
      files: tableFiles.size,
      throughTableFiles: throughTables.size,
      throughPublic: [...throughPublic].filter((file) => !throughTables.has(file)).length,
    },
    webCrossFeature: {
      imports: webImports.length,
      files: new Set(webImports.map((violation) => violation.file)).size,
    },
    queriesOutsideRepositories: queries.length,
    queryFiles: queries,
    privateImports:
      count('private-import') + count('outside-private-import') + count('platform-imports-module'),
  };
}

export function formatSummary(summary) {
  const cycles =
    summary.cycles.length === 0
      ? 'none'
      : summary.cycles.map((cycle) => `${cycle.size} modules (${cycle.modules.join(', ')})`).join('; ');
  return [
    'Boundary figures:',
    `  server modules: ${summary.modules}; module edges: ${summary.moduleEdges} (${summary.moduleEdgesBeyondKeys} beyond table-to-table foreign keys); imports against the layers: ${summary.layerViolations}`,
    `  cycles: ${summary.cycles.length}: ${cycles}`,
    `  files using another module's tables: ${summary.tableUses.files} (${summary.tableUses.throughTableFiles} import a *.table file, ${summary.tableUses.throughPublic} others a table object through a public.ts; db/schema.ts not counted)`,
    `  imports of another module's private file: ${summary.privateImports}`,
    `  web cross-feature imports: ${summary.webCrossFeature.imports} (in ${summary.webCrossFeature.files} files)`,
    `  module files building queries outside *.repository.ts (tests and tables not counted): ${summary.queriesOutsideRepositories}`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// The command

export function baselineOf(violations) {
  const entries = new Map();
  for (const violation of violations)
    if (violation.rule !== 'layers-declaration')
      entries.set(baselineKey(violation), toBaselineEntry(violation));
  return {
    about:
      "Today's boundary violations (scripts/check-boundaries.mjs): the check fails on one not listed and on a listed one that no longer occurs. Remove entries as you fix them; never add one by hand.",
    violations: [...entries.values()].sort((a, b) => baselineKey(a).localeCompare(baselineKey(b))),
  };
}

function main(argv) {
  const option = (name) => argv.includes(name);
  const rootAt = argv.indexOf('--root');
  const root =
    rootAt >= 0 ? resolve(argv[rootAt + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const baselinePath = join(root, BASELINE_FILE);
  const baseline = existsSync(baselinePath) ? JSON.parse(readFileSync(baselinePath, 'utf8')) : [];
  const result = checkBoundaries({ root, baseline });

  if (option('--summary')) {
    console.log(formatSummary(result.summary));
    return 0;
  }
  if (option('--write-baseline')) {
    const written = baselineOf(result.violations);
    mkdirSync(dirname(baselinePath), { recursive: true });
    writeFileSync(baselinePath, `${JSON.stringify(written, null, 2)}\n`);
    const declaration = result.violations.filter((violation) => violation.rule === 'layers-declaration');
    for (const violation of declaration) console.error(formatViolation(violation));
    console.log(`${BASELINE_FILE}: ${written.violations.length} entries`);
    console.log(formatSummary(result.summary));
    return declaration.length > 0 ? 1 : 0;
  }

  for (const violation of result.newViolations) console.error(formatViolation(violation));
  for (const entry of result.stale) {
    const what =
      entry.rule === 'cycle'
        ? `cycle of ${entry.modules.join(', ')}`
        : `${entry.rule} ${entry.file} '${entry.specifier}'`;
    console.error(`${BASELINE_FILE}: stale baseline entry: remove it (${what} no longer occurs)`);
  }
  const suppressed = result.violations.length - result.newViolations.length;
  if (!result.ok)
    console.error(
      `Boundary check failed: ${result.newViolations.length} new violations, ${result.stale.length} stale baseline entries (docs/architecture.md, "Module layers and the boundary check"; \`node scripts/check-boundaries.mjs --write-baseline\` only to record a shrunk list).`,
    );
  else console.log(`Boundary check passed: no new violation (${suppressed} listed in ${BASELINE_FILE}).`);
  console.log(formatSummary(result.summary));
  return result.ok ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
