import { areaOfPath } from '@vahub/shared/api/endpoint';
import { AREA_ROLES, AREAS, type Area, type Role } from '@vahub/shared/auth/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badTextField } from '../src/lib/route';
import { schedules } from '../src/modules/contracts/contracts.table';
import { createHarness, type Harness } from './harness';
import { peopleFixtures } from './people-fixtures';

/**
 * Walks every operation of the app's own OpenAPI document (so it grows with the API): anonymous callers,
 * roles outside the area, an admin of another organization holding this one's ids, and malformed input
 * from the right role. Each request is one line of a table that a failure prints.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query'; name: string; schema: Schema; required?: boolean };
type Operation = {
  method: string;
  /** Fastify's form of the path: `/api/v1/admin-access/user/:id`. */
  path: string;
  public: boolean;
  area: Area | null;
  params: Parameter[];
  body: Schema | null;
};
type Call = {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  /** The org-one ids the request carries, and where. */
  foreignIn?: 'path' | 'query' | 'body';
};
type Result = Call & { status: number; text: string };

const MARK = 'orgone';
const isArea = (a: string | null): a is Area => AREAS.includes(a as Area);

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)
        ?.content;
      const area = areaOfPath(path);
      ops.push({
        method: method.toUpperCase(),
        path: path.replace(/\{(\w+)\}/g, ':$1'),
        // The document requires a bearer token everywhere but where an operation says `security: []`.
        public: Array.isArray(op.security) && op.security.length === 0,
        area: isArea(area) ? area : null,
        params: (op.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema ?? null,
      });
    }
  }
  return ops;
}

/** The kind of row an id names, guessed from its name or the path segment before it. */
type Kind = 'user' | 'client' | 'va' | 'manager' | 'contract' | 'schedule' | 'team' | 'organization';
function kindOf(name: string, path = ''): Kind {
  // `id` takes its kind from the segment before it: `teams/:id`, `teams/users/:id`, `client/:id/managers`.
  const n = name === 'id' ? (/\/([a-z-]+)\/:id(?:\/|$)/.exec(path)?.[1] ?? '') : name;
  if (/contract|settings/.test(n)) return 'contract';
  if (/schedule/.test(n)) return 'schedule';
  if (/team/.test(n)) return 'team';
  if (/organization/.test(n)) return 'organization';
  if (/client/.test(n)) return 'client';
  if (/manager|leader/.test(n)) return 'manager';
  if (/^va/.test(n)) return 'va';
  return 'user';
}

const isIdName = (name: string) => /(^|_)ids?$/.test(name);

/** A plausible valid value of a schema; ids come from `idFor`. */
function sample(schema: Schema, name: string, idFor: (kind: Kind) => number, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], name, idFor, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = sample(s, k, idFor, depth + 1);
      return out;
    }
    case 'array':
      return schema.items ? [sample(schema.items, name.replace(/s$/, ''), idFor, depth + 1)] : [];
    case 'integer':
    case 'number':
      if (isIdName(name)) return idFor(kindOf(name));
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'string': {
      if (/date|_from|_to|until/.test(name)) return '2026-03-10';
      if (/timezone/.test(name)) return 'UTC';
      if (/currency/.test(name)) return 'USD';
      if (/email|username/.test(name)) return 'fuzz@example.test';
      if (/phone/.test(name)) return '+1 555 0100';
      if (/password/.test(name)) return 'Fuzz-password-1234';
      const text = 'Fuzz value 1234';
      return text.slice(0, Math.max(schema.minLength ?? 1, Math.min(text.length, schema.maxLength ?? 99)));
    }
    default:
      return 'x';
  }
}

/** A value of the wrong type for a schema. */
function wrongType(schema: Schema): unknown {
  const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat().filter(Boolean);
  if (types.includes('string')) return { not: 'a string' };
  if (types.includes('integer') || types.includes('number')) return 'abc';
  if (types.includes('boolean')) return 'yes';
  if (types.includes('array')) return 'not an array';
  if (types.includes('object')) return 7;
  return [[]];
}

const isStringSchema = (s: Schema) =>
  [s.type, ...(s.anyOf ?? []).map((x) => x.type)].flat().includes('string') && !s.enum;

/** Text a handler may meet once the schema let it through: dates at the edges, an unknown zone, SQL and LIKE characters. */
const EDGE_STRINGS = [
  '',
  '   ',
  '0001-01-01',
  '9999-12-31',
  '2026-02-30',
  'Mars/Olympus',
  '😀𝄞 \u202e',
  "'; drop table users; --",
  '%_\\',
];

function deepNesting(levels: number) {
  return `${'['.repeat(levels)}${']'.repeat(levels)}`;
}

let h: Harness;
let ops: Operation[];
let hugeString: string;
const org1: Record<Kind, number> = {
  user: 0,
  client: 0,
  va: 0,
  manager: 0,
  contract: 0,
  schedule: 0,
  team: 0,
  organization: 1,
};
/** The other organization's own rows, by kind. */
const theirs: Record<Kind, number> = { ...org1 };
const EMAIL: Record<Role, string> = {
  super_admin: 'super@orgone.test',
  admin: 'admin@orgone.test',
  manager: 'manager@orgone.test',
  client: 'client@orgone.test',
  va: 'va@orgone.test',
};
const OTHER_ADMIN = 'boss@elsewhere.test';
/** Users of this organization with nothing assigned: no client, no contract, no team. */
const OUTSIDER = {
  manager: 'lone.manager@home.test',
  client: 'lone.client@home.test',
  va: 'lone.va@home.test',
} as const;

beforeAll(async () => {
  h = await createHarness({ LOGIN_MAX_FAILURES: '100000', SIGNUP_MAX_ATTEMPTS: '100000' });
  await h.reset();
  const f = peopleFixtures(h);
  // The other organization first; then this one's rows get ids in ranges of their own, so that an id of one
  // kind never names a row of another kind there by chance.
  const other = await h.createOrg('Elsewhere');
  await f.user(OTHER_ADMIN, 'admin', { organizationId: other.id, firstName: 'Bo', lastName: 'Boss' });
  const theirVa = await f.user('va@elsewhere.test', 'va', { organizationId: other.id });
  const theirClient = await f.user('client@elsewhere.test', 'client', { organizationId: other.id });
  const theirManager = await f.user('manager@elsewhere.test', 'manager', { organizationId: other.id });
  const theirContract = await f.contract(theirVa.id, theirClient.id, 'active', other.id);
  const [theirBlock] = await h.db
    .insert(schedules)
    .values({
      organizationId: other.id,
      contractId: theirContract.id,
      weekday: 2,
      startMinute: 60,
      endMinute: 120,
    })
    .returning();
  Object.assign(theirs, {
    user: theirVa.id,
    client: theirClient.id,
    va: theirVa.id,
    manager: theirManager.id,
    contract: theirContract.id,
    schedule: theirBlock.id,
    team: (await f.team('Their team', theirManager.id, [theirVa.id], other.id)).id,
    organization: other.id,
  });
  for (const [table, start] of [
    ['users', 1000],
    ['contracts', 2000],
    ['schedules', 3000],
    ['teams', 4000],
    ['contract_settings', 5000],
  ] as const) {
    await h.db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), ${start})`));
  }
  const person = (role: Role, first: string) =>
    f.user(EMAIL[role], role, { firstName: `${first} Orgone`, lastName: 'Orgone' });
  await person('super_admin', 'Sam');
  org1.user = (await person('admin', 'Ada')).id;
  org1.manager = (await person('manager', 'Mia')).id;
  org1.client = (await person('client', 'Carla')).id;
  org1.va = (await person('va', 'Vic')).id;
  const contract = await f.contract(org1.va, org1.client, 'active');
  org1.contract = contract.id;
  const [block] = await h.db
    .insert(schedules)
    .values({ organizationId: 1, contractId: contract.id, weekday: 1, startMinute: 540, endMinute: 1020 })
    .returning();
  org1.schedule = block.id;
  org1.team = (await f.team('Orgone team', org1.manager, [org1.va])).id;
  await f.assign(org1.client, org1.manager);

  for (const role of ['manager', 'client', 'va'] as const) {
    await f.user(OUTSIDER[role], role, { firstName: 'Lone', lastName: role });
  }
  ops = operationsOf(h.app.swagger() as unknown as Parameters<typeof operationsOf>[0]);
  // Just under the body limit, so that it reaches validation rather than the parser's 413.
  hugeString = 'x'.repeat(h.config.BODY_LIMIT_BYTES - 4096);
});
afterAll(() => h?.close());

/** Fills a path's parameters. */
const urlOf = (path: string, values: Record<string, string>, query = '') =>
  path.replace(/:(\w+)/g, (_, n: string) => values[n] ?? '1') + (query ? `?${query}` : '');

const queryOf = (params: Parameter[], idFor: (k: Kind) => number, override: Record<string, string> = {}) => {
  const q = new URLSearchParams();
  for (const p of params.filter((x) => x.in === 'query')) {
    if (p.name in override) q.set(p.name, override[p.name]);
    else if (p.required) q.set(p.name, String(sample(p.schema, p.name, idFor)));
  }
  return q.toString().replace(/\+/g, '%20');
};

const validPath = (op: Operation, idFor: (k: Kind) => number) =>
  Object.fromEntries(
    op.params.filter((p) => p.in === 'path').map((p) => [p.name, String(idFor(kindOf(p.name, op.path)))]),
  );

const json = { 'content-type': 'application/json' };

/** Runs calls a batch at a time; a caller whose session a call ended signs in again and retries it. */
async function run(calls: Call[], as?: string): Promise<Result[]> {
  const out: Result[] = [];
  const once = async (c: Call) => {
    const auth = as ? await h.bearer(as) : {};
    const res = await h.app.inject({
      method: c.method as 'GET',
      url: c.url,
      headers: { ...auth, ...c.headers },
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
    return { ...c, status: res.statusCode, text: res.body };
  };
  for (let i = 0; i < calls.length; i += 12) {
    const batch = await Promise.all(calls.slice(i, i + 12).map(once));
    for (const r of batch) {
      if (as && r.status === 401) {
        h.forget(as);
        out.push(await once(r));
      } else out.push(r);
    }
  }
  return out;
}

const describeResult = (r: Result) => `${r.label}: ${r.method} ${r.url.slice(0, 160)} → ${r.status}`;

describe('the OpenAPI document', () => {
  it('lists every operation, with its area or as signed-in / public', () => {
    expect(ops.length).toBeGreaterThan(70);
    for (const op of ops) {
      if (op.path.includes('-access/')) expect(op.area, op.path).not.toBeNull();
    }
  });
});

/** Each call answers 422 with `code` on its field alone (a problem+json); the answers, in order. */
async function refusedTexts(
  headers: Record<string, string>,
  cases: Array<[string, string, string, unknown]>,
  code: string,
) {
  const answers = [];
  for (const [method, url, field, payload] of cases) {
    const res = await h.app.inject({ method: method as 'GET', url, headers, payload: payload as object });
    expect(res.statusCode, url).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().codes, url).toEqual({ [field]: [{ code }] });
    answers.push(res);
  }
  return answers;
}

describe('a NUL character (PostgreSQL stores none in text)', () => {
  it('answers 422 naming the field, in a body, a nested key, a query or a path', async () => {
    const admin = await h.bearer(EMAIL.admin);
    const cases: Array<[string, string, string, unknown]> = [
      ['PATCH', '/api/v1/me', 'first_name', { first_name: 'Ada\u0000' }],
      [
        'PATCH',
        '/api/v1/admin-access/settings',
        'contract_defaults.x',
        { contract_defaults: { 'x\u0000': 1 } },
      ],
      ['POST', '/api/v1/admin-access/teams', 'member_ids.0', { name: 'T', member_ids: ['\u0000'] }],
      ['GET', '/api/v1/admin-access/users/paginated?search=a%00', 'search', undefined],
      ['GET', '/api/v1/admin-access/user/%00', 'id', undefined],
    ];
    for (const res of await refusedTexts(admin, cases, 'common.invalid_character'))
      expect(res.json().message_code).toEqual({ code: 'common.invalid_character' });
    // Nothing is read before the token: without one it is 401.
    const anonymous = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      payload: { first_name: '\u0000' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is found at any depth without recursion', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(badTextField({ top: deep })?.field).toBe(`top${'.0'.repeat(20_000)}`);
    expect(badTextField({ fine: ['text', { n: 1 }], none: null })).toBeNull();
  });
});

describe('a lone surrogate (half of a UTF-16 pair: no encoding stores it)', () => {
  it('answers 422 naming the field on every endpoint, the timesheet note among them', async () => {
    const admin = await h.bearer(EMAIL.admin);
    const cases: Array<[string, string, string, unknown]> = [
      ['PATCH', '/api/v1/admin-access/timesheets/1', 'note', { note: 'Fixed \ud800' }],
      ['PATCH', '/api/v1/me', 'first_name', { first_name: 'Ada\udc00' }],
      ['POST', '/api/v1/admin-access/projects', 'name', { name: '\ud83d', client_id: 1 }],
      ['POST', '/api/v1/admin-access/teams', 'name', { name: 'T\ud800eam', member_ids: [] }],
      [
        'PATCH',
        '/api/v1/admin-access/settings',
        'contract_defaults.\ud800',
        { contract_defaults: { '\ud800': 1 } },
      ],
    ];
    const answers = await refusedTexts(admin, cases, 'common.broken_character');
    const text = 'This text holds a broken character (half of an emoji or symbol). Type it again.';
    for (const [i, res] of answers.entries()) expect(res.json().errors[cases[i][2]]).toEqual([text]);
    // A whole pair (an emoji) is text like any other.
    const emoji = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: admin,
      payload: { first_name: 'Ada \ud83d\ude00' },
    });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().first_name).toBe('Ada 😀');
  });
});

describe('without a valid token', () => {
  it('every non-public operation answers 401 before it reads or validates anything', async () => {
    const garbage = JSON.stringify({ garbage: [1, { deep: '\u0000' }], id: 'abc', email: 3 });
    const calls: Call[] = [];
    for (const op of ops.filter((o) => !o.public)) {
      const url = urlOf(op.path, {}, 'page=abc&per_page=-5&client_id=x');
      const base = { method: op.method, url };
      calls.push({ ...base, label: 'anonymous, garbage body', headers: json, payload: garbage });
      calls.push({ ...base, label: 'anonymous, bad JSON', headers: json, payload: '{"a":' });
      calls.push({
        ...base,
        label: 'anonymous, form body',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=&password=%00&role=boss',
      });
      calls.push({
        ...base,
        label: 'anonymous, text body',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      });
      calls.push({
        ...base,
        label: 'basic credentials',
        headers: { ...json, authorization: 'Basic YWRtaW46YWRtaW4=' },
        payload: garbage,
      });
      if (op.method === 'GET') calls.push({ ...base, method: 'HEAD', label: 'anonymous HEAD' });
      calls.push({
        ...base,
        label: 'invalid token, garbage body',
        headers: { ...json, authorization: 'Bearer not.a.token' },
        payload: garbage,
      });
    }
    const results = await run(calls);
    // The same over a real socket (what a client meets: Node's HTTP parser, not the injector).
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as { port: number };
    for (const c of calls.filter((x) => x.label === 'anonymous, garbage body')) {
      const res = await fetch(`http://127.0.0.1:${port}${c.url}`, {
        method: c.method,
        headers: c.method === 'GET' ? {} : c.headers,
        body: c.method === 'GET' ? undefined : c.payload,
      });
      results.push({ ...c, label: 'over HTTP', status: res.status, text: await res.text() });
    }
    const wrong = results.filter(
      (r) =>
        r.status !== 401 ||
        (r.method !== 'HEAD' && !r.text.includes('"status":401')) ||
        r.text.includes('"errors"'),
    );
    expect(wrong.map(describeResult)).toEqual([]);
  });
});

describe('a role outside the area', () => {
  it('never succeeds: every area operation answers 403 to every other role', async () => {
    const results: Result[] = [];
    for (const role of Object.keys(EMAIL) as Role[]) {
      const calls: Call[] = [];
      for (const op of ops.filter((o) => o.area && !AREA_ROLES[o.area].includes(role))) {
        const idFor = (k: Kind) => org1[k];
        calls.push({
          label: `as ${role}`,
          method: op.method,
          url: urlOf(op.path, validPath(op, idFor), queryOf(op.params, idFor)),
          headers: json,
          payload: op.body ? JSON.stringify(sample(op.body, 'body', idFor)) : undefined,
        });
      }
      results.push(...(await run(calls, EMAIL[role])));
    }
    expect(results.length).toBeGreaterThan(200);
    expect(results.filter((r) => r.status !== 403).map(describeResult)).toEqual([]);
  });
});

describe('an admin of another organization', () => {
  it("never reaches this organization's rows through any id it sends", async () => {
    const calls = ops
      .filter((o) => !o.public && (o.area === 'admin' || o.area === null))
      .flatMap((o) => idCalls(o, theirs));
    const results = await run(calls, OTHER_ADMIN);
    expect(results.filter(leaked).map(describeResult)).toEqual([]);
    // The table really reached handlers: some calls succeeded (their own lists) and some found nothing.
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(results.some((r) => r.status === 404)).toBe(true);
  });
});

/** Every id of this organization in every place an operation takes one (path, id query, body ids). */
/** `own`: the caller's own rows, named by the path when the body's ids are tried (else a path naming nothing). */
function idCalls(op: Operation, own?: Record<Kind, number>): Call[] {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const idQuery = op.params.filter((p) => p.in === 'query' && isIdName(p.name));
  const bodyHasIds = op.body && /_ids?"/.test(JSON.stringify(op.body));
  // Organization 1 shares its id with rows of the other organization: organization ids are only tried
  // where an operation names an organization.
  const kinds = (Object.keys(org1) as Kind[]).filter((k) => k !== 'organization');
  const calls: Call[] = [];
  for (const kind of kinds) {
    const idFor = () => org1[kind];
    if (pathParams.length) {
      calls.push({
        label: `path ${kind}`,
        method: op.method,
        url: urlOf(op.path, validPath(op, idFor), queryOf(op.params, idFor)),
        headers: json,
        payload: op.body ? JSON.stringify(sample(op.body, 'body', idFor)) : undefined,
        foreignIn: 'path',
      });
    }
    for (const p of idQuery) {
      calls.push({
        label: `query ${p.name}=${kind}`,
        method: op.method,
        url: urlOf(op.path, {}, queryOf(op.params, idFor, { [p.name]: String(org1[kind]) })),
        foreignIn: 'query',
      });
    }
    if (bodyHasIds) {
      calls.push({
        label: `body ids=${kind}`,
        method: op.method,
        url: urlOf(
          op.path,
          own ? validPath(op, (k) => own[k]) : Object.fromEntries(pathParams.map((p) => [p.name, '999999'])),
        ),
        headers: json,
        payload: JSON.stringify(sample(op.body as Schema, 'body', idFor)),
        foreignIn: 'body',
      });
    }
  }
  if (!pathParams.length && !idQuery.length && !bodyHasIds && op.method === 'GET') {
    calls.push({ label: 'list', method: op.method, url: op.path });
  }
  return calls;
}

/** A response that shows a row of this organization, or a write that went through with one of its ids. */
const leaked = (r: Result) =>
  r.text.toLowerCase().includes(MARK) ||
  (r.status < 300 && (r.foreignIn === 'path' || (r.foreignIn === 'body' && r.method !== 'GET')));

describe('someone of this organization with nothing assigned', () => {
  for (const role of ['manager', 'client', 'va'] as const) {
    it(`as a ${role} sees and changes nobody's rows through any id`, async () => {
      const area = role === 'va' ? 'va' : role;
      const calls = ops
        .filter((o) => !o.public && (o.area === area || o.area === null))
        .flatMap((o) => idCalls(o));
      const results = await run(calls, OUTSIDER[role]);
      expect(results.filter(leaked).map(describeResult)).toEqual([]);
      expect(results.some((r) => r.status === 200)).toBe(true);
    });
  }
});

/** The user who may call an operation: its area's role, an admin outside areas, nobody on public ones. */
const callerOf = (op: Operation): string | undefined =>
  op.public ? undefined : EMAIL[op.area ? AREA_ROLES[op.area][op.area === 'admin' ? 1 : 0] : 'admin'];

function malformed(op: Operation): Array<Call & { expect?: number }> {
  const idFor = (k: Kind) => org1[k];
  const path = validPath(op, idFor);
  const calls: Array<Call & { expect?: number }> = [];
  const add = (label: string, c: Omit<Call, 'label' | 'method'> & { expect?: number }) =>
    calls.push({ label, method: op.method, ...c });
  const body = op.body ? (sample(op.body, 'body', idFor) as Record<string, unknown>) : null;
  const query = queryOf(op.params, idFor);

  for (const p of op.params.filter((x) => x.in === 'path')) {
    for (const bad of [
      '-1',
      '0',
      '2147483648',
      '9007199254740991',
      '99999999999999999999',
      'abc',
      '%00',
      '1.5',
      '%20',
    ]) {
      add(`path ${p.name}=${bad}`, {
        url: urlOf(op.path, { ...path, [p.name]: bad }, query),
        headers: json,
        payload: body ? JSON.stringify(body) : undefined,
      });
    }
  }
  for (const p of op.params.filter((x) => x.in === 'query')) {
    const q = (v: string) => queryOf(op.params, idFor, { [p.name]: v });
    add(`query ${p.name} wrong type`, { url: urlOf(op.path, path, `${q('abc')}&${p.name}=1`) });
    add(`query ${p.name} NUL`, { url: urlOf(op.path, path, q('a\u0000b')), expect: 422 });
    add(`query ${p.name} huge`, { url: urlOf(op.path, path, q('9'.repeat(100_000))) });
    add(`query ${p.name} -1`, { url: urlOf(op.path, path, q('-1')) });
    for (const big of ['2147483648', '9007199254740991', '99999999999999999999']) {
      add(`query ${p.name} ${big}`, { url: urlOf(op.path, path, q(big)) });
    }
  }
  if (op.body && body) {
    const props = Object.entries(op.body.properties ?? {});
    for (const [name, schema] of props) {
      const withValue = (v: unknown) => JSON.stringify({ ...body, [name]: v });
      const url = urlOf(op.path, path, query);
      add(`body ${name} wrong type`, { url, headers: json, payload: withValue(wrongType(schema)) });
      add(`body ${name} nested 5000`, {
        url,
        headers: json,
        payload: withValue('§').replace('"§"', deepNesting(5000)),
      });
      const types = [schema.type, schema.items?.type, ...(schema.anyOf ?? []).map((x) => x.type)].flat();
      if (types.includes('integer') || types.includes('number')) {
        // Past PostgreSQL's integer, within JavaScript's safe integers.
        for (const big of [2147483648, 9007199254740991, -2147483649]) {
          const v = schema.type === 'array' ? [big] : big;
          add(`body ${name} ${big}`, { url, headers: json, payload: withValue(v) });
        }
      }
      // Edge values a schema may let through to the handler (passwords left alone: one would lock a caller out).
      if (isStringSchema(schema) && !/password/.test(name)) {
        for (const edge of EDGE_STRINGS)
          add(`body ${name}=${JSON.stringify(edge)}`, { url, headers: json, payload: withValue(edge) });
      }
      if (types.includes('number')) {
        for (const edge of [0, 0.5, -0.5, 1e308])
          add(`body ${name}=${edge}`, { url, headers: json, payload: withValue(edge) });
      }
      if (isStringSchema(schema)) {
        add(`body ${name} lone surrogate`, { url, headers: json, payload: withValue('a\ud800b') });
        add(`body ${name} NUL`, { url, headers: json, payload: withValue('a\u0000b'), expect: 422 });
        add(`body ${name} huge`, { url, headers: json, payload: withValue(hugeString) });
      }
      // One level down (settings objects, arrays of strings): NUL where a string is expected.
      const inner = schema.type === 'array' ? schema.items : null;
      if (inner && isStringSchema(inner)) {
        add(`body ${name}[] NUL`, { url, headers: json, payload: withValue(['a\u0000b']), expect: 422 });
      }
      for (const [sub, subSchema] of Object.entries(schema.properties ?? {})) {
        const nested = { ...(body[name] as Record<string, unknown>), [sub]: wrongType(subSchema) };
        add(`body ${name}.${sub} wrong type`, { url, headers: json, payload: withValue(nested) });
      }
    }
  }
  // Whole-body shapes. Operations without a body get a path that names nothing, so no handler acts.
  const url = urlOf(
    op.path,
    op.body ? path : Object.fromEntries(Object.keys(path).map((k) => [k, '999999'])),
    query,
  );
  if (op.method !== 'GET') {
    add('bad JSON', { url, headers: json, payload: '{"a": tru' });
    add('JSON nested 5000', { url, headers: json, payload: deepNesting(5000) });
    add('JSON nested objects 5000', {
      url,
      headers: json,
      payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    });
    if (op.body) {
      for (const shape of ['null', '[]', '"text"', '12', '{"\\u0000":"\\u0000"}']) {
        add(`body ${shape}`, { url, headers: json, payload: shape });
      }
    }
  }
  return calls;
}

describe('malformed input from the right role', () => {
  it('never answers 5xx, and a NUL character answers 422', async () => {
    const results: Array<Result & { expect?: number }> = [];
    for (const op of ops) {
      const calls = malformed(op);
      results.push(...((await run(calls, callerOf(op))) as typeof results));
      // Public sign-in and sign-up count attempts; the fuzz is not about their limits.
      await h.deps.rateLimits.clear();
    }
    expect(results.length).toBeGreaterThan(1000);
    const failures = results.filter(
      (r) => r.status >= 500 || (r.expect !== undefined && r.status !== r.expect && r.status !== 429),
    );
    expect(failures.map(describeResult)).toEqual([]);
    // Thousands of calls: on a busy 2-core machine this takes longer than one ordinary test may.
  }, 180_000);
});
