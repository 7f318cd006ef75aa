import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { hashPassword } from '../src/modules/people/passwords';
import { users } from '../src/modules/people/users.table';
import { ensureBaseData } from '../src/seed/base';
import { CLIENT, openTestDatabase, PASSWORD } from './harness';

// The app with its real logger (level info: every request is logged), its lines captured.
const lines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vahub-logs-'));
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', WEB_DIST: join(dataDir, 'none') });
  const opened = await openTestDatabase();
  drop = opened.drop;
  await opened.database.migrate();
  app = await buildApp({
    config,
    database: opened.database,
    secret: new TextEncoder().encode('l'.repeat(48)),
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
  app.get('/api/v1/explode', async () => {
    throw new Error('boom');
  });
  await app.ready();
  await ensureBaseData(app.deps.db, 'Home');
  await app.deps.db.insert(users).values({
    organizationId: 1,
    email: 'amy@example.com',
    firstName: 'Amy',
    lastName: 'Tester',
    roles: ['admin'],
    passwordHash: await hashPassword(PASSWORD),
  });
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const SECRETS = [
  's3cret-token-value',
  'victim@example.com',
  PASSWORD,
  'Bearer abc.def.ghi',
  'sid=cookie-value',
];

describe('logs', () => {
  it('hold no query values, authorization, cookies or passwords, in request and error lines', async () => {
    lines.length = 0;
    await app.inject({
      url: '/api/v1/email/verify?token=s3cret-token-value&email=victim@example.com',
      headers: { authorization: 'Bearer abc.def.ghi', cookie: 'sid=cookie-value' },
    });
    await app.inject({
      url: '/api/v1/explode?token=s3cret-token-value',
      headers: { cookie: 'sid=cookie-value' },
    });
    await app.inject({
      method: 'POST',
      url: '/oauth/token?email=victim@example.com',
      payload: { grant_type: 'password', ...CLIENT, username: 'amy@example.com', password: PASSWORD },
    });
    await app.inject({ url: '/api/v1/me', headers: { authorization: 'Bearer abc.def.ghi' } });
    app.log.info({ body: { password: PASSWORD, nested: { password: PASSWORD } } }, 'a careless line');

    const text = lines.join('\n');
    const parsed = lines.map((l) => JSON.parse(l));
    // The lines are there: the test would pass on an empty log otherwise.
    const urls = parsed.filter((l) => l.req?.url).map((l) => l.req.url);
    expect(urls).toContain('/api/v1/email/verify?token=[redacted]&email=[redacted]');
    expect(urls).toContain('/api/v1/explode?token=[redacted]');
    const error = parsed.find((l) => l.msg === 'unexpected error');
    expect(error).toMatchObject({ url: '/api/v1/explode?token=[redacted]' });
    expect(parsed.find((l) => l.msg === 'a careless line')).toMatchObject({
      body: { password: '[redacted]', nested: { password: '[redacted]' } },
    });
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});
