import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE, TAGS } from '../src/lib/openapi';
import { createHarness, type Harness, PASSWORD } from './harness';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** Where the document, the generated types and the client's copy go (git-ignored; redocly's exceptions name it). */
const outDir = fileURLToPath(new URL('../.openapi/', import.meta.url));
const documentFile = `${outDir}openapi.json`;
const APP_URL = 'https://hub.agency.test';

type Operation = {
  operationId: string;
  tags?: string[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Document = {
  servers: Array<{ url: string }>;
  info: { license?: unknown };
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
};

let h: Harness;
let doc: Document;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, ...op })),
  );

beforeAll(async () => {
  h = await createHarness({ APP_URL });
  const res = await h.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  mkdirSync(outDir, { recursive: true });
  writeFileSync(documentFile, res.body);
});
afterAll(() => h?.close());

describe('the API document', () => {
  it('passes `redocly lint` with the recommended rules: no error, no warning (exceptions explained in .redocly.lint-ignore.yaml)', async () => {
    const cli = `${root}node_modules/@redocly/cli/bin/cli.js`;
    const run = promisify(execFile);
    const result = await run(
      process.execPath,
      [cli, 'lint', 'apps/server/.openapi/openapi.json', '--config', 'redocly.yaml', '--format', 'json'],
      {
        cwd: root,
        // No network: no telemetry, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((err: { stdout?: string; stderr?: string }) => ({
      stdout: err.stdout ?? '',
      stderr: err.stderr ?? '',
    }));
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number; ignored: number };
      problems: Array<{ ruleId: string; message: string; ignored?: boolean }>;
    };
    const shown = report.problems.filter((p) => !p.ignored).map((p) => `${p.ruleId}: ${p.message}`);
    expect(shown).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('names every operation in camelCase, once, as its contract says (`issueToken`, `adminListUsers`, `vaClockIn`)', () => {
    const ids = operations().map((op) => op.operationId);
    expect(ids.length).toBeGreaterThan(250);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    const byName = Object.fromEntries(operations().map((op) => [op.name, op.operationId]));
    expect(byName).toMatchObject({
      'POST /oauth/token': 'issueToken',
      'GET /api/v1/admin-access/users/paginated': 'adminListUsers',
      'POST /api/v1/va-access/attendance/clock-in': 'vaClockIn',
      'GET /api/v1/admin-access/contracts/{id}': 'adminGetContracts',
      'GET /api/v1/admin-access/reports/daily/export': 'adminExportDailyReports',
      'GET /api/health': 'getHealth',
    });
  });

  it('answers files with their media types, and the installation as its server, tags and licence', () => {
    const download = doc.paths['/api/v1/admin-access/timesheets/export'].get.responses['200'];
    expect(Object.keys(download.content ?? {})).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
      'application/pdf',
    ]);
    const report = doc.paths['/api/v1/client-access/reports/daily/export'].get.responses['200'];
    expect(Object.keys(report.content ?? {})).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
    ]);
    expect(Object.keys(doc.paths['/api/v1/files/avatars/{name}'].get.responses['200'].content ?? {})).toEqual(
      ['image/webp'],
    );
    expect(doc.servers).toEqual([expect.objectContaining({ url: APP_URL })]);
    const used = new Set(operations().flatMap((op) => op.tags ?? []));
    expect([...used].filter((tag) => !(tag in TAGS))).toEqual([]);
    expect(doc.tags.map((t) => t.name).sort()).toEqual(Object.keys(TAGS).sort());
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { license: string };
    expect(doc.info.license).toEqual(LICENSE);
    expect(LICENSE.identifier).toBe(pkg.license);
  });

  it('gives a generated TypeScript client (openapi-typescript + openapi-fetch) that compiles and calls three endpoints', async () => {
    const types = astToString(await openapiTS(JSON.stringify(doc)));
    writeFileSync(`${outDir}schema.d.ts`, types);
    const client = `${outDir}calls.ts`;
    copyFileSync(fileURLToPath(new URL('./openapi-client/calls.ts', import.meta.url)), client);
    const program = ts.createProgram([client], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);

    const org = await h.createOrg('Typed Agency');
    await h.createUser({ email: 'admin@typed.test', roles: ['admin'], organizationId: org.id });
    await h.createUser({ email: 'va@typed.test', roles: ['va'], organizationId: org.id });
    const viaApp = async (request: Request) => {
      const url = new URL(request.url);
      const body = request.body ? await request.text() : undefined;
      const res = await h.app.inject({
        method: request.method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(request.headers),
        ...(body ? { payload: body } : {}),
      });
      return new Response(res.statusCode === 204 ? null : res.rawPayload, {
        status: res.statusCode,
        headers: res.headers as Record<string, string>,
      });
    };
    // The copy beside the generated types, imported by a path tsc does not follow: the project's typecheck has no
    // generated schema (it is written by this test), and the copy was just checked against it above.
    const { threeCalls } = (await import(/* @vite-ignore */ client)) as {
      threeCalls: (
        fetch: typeof viaApp,
        email: string,
        password: string,
      ) => Promise<{
        accessToken: string;
        myEmail: string;
        emails: string[];
        refusal?: string;
        status: number;
      }>;
    };
    const result = await threeCalls(viaApp, 'admin@typed.test', PASSWORD);
    expect(result.myEmail).toBe('admin@typed.test');
    expect(result.emails.sort()).toEqual(['admin@typed.test', 'va@typed.test']);
    expect(result.accessToken.length).toBeGreaterThan(20);
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.refusal).toBeTruthy();
  }, 60_000);
});
