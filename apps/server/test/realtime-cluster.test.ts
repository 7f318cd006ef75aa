import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerMessage } from '@vahub/shared/realtime/messages';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import type { App } from '../src/lib/types';
import { contracts } from '../src/modules/contracts/contracts.table';
import { hashPassword } from '../src/modules/people/passwords';
import { users } from '../src/modules/people/users.table';
import { ensureBaseData } from '../src/seed/base';
import { CLIENT, PASSWORD, TestClock } from './harness';
import { listen, realtimeOf, TestSocket } from './realtime-helpers';

const REDIS_URL = process.env.REDIS_URL;
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const why = !REDIS_URL ? 'REDIS_URL is not set' : !DATABASE_URL ? 'TEST_DATABASE_URL is not set' : '';

/**
 * Two server instances on one PostgreSQL database and one Redis, as behind a load balancer: a message
 * published on A reaches sockets on B, and on A, exactly once. Needs both services, so the plain
 * `npm test` skips it; `.ci/run` runs it with both.
 */
describe.skipIf(Boolean(why))(`two instances over Redis${why ? ` (skipped: ${why})` : ''}`, () => {
  const channel = `vahub:realtime:test:${randomBytes(4).toString('hex')}`;
  const dbName = `vahub_cluster_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'vahub-cluster-'));
  const databases: Database[] = [];
  const apps: App[] = [];
  let urlA: string;
  let urlB: string;
  let ids: { admin: number; va: number; client: number; otherVa: number };

  async function admin(query: string) {
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    await c.query(query);
    await c.end();
  }

  async function instance(): Promise<App> {
    const url = new URL(DATABASE_URL as string);
    url.pathname = `/${dbName}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 3 });
    databases.push(database);
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        WEB_DIST: join(dataDir, 'no-web'),
        REDIS_URL: REDIS_URL as string,
      }),
      database,
      secret: new TextEncoder().encode('c'.repeat(48)),
      clock: new TestClock(),
      logger: false,
      realtime: { heartbeatMs: 3_600_000, redisChannel: channel },
    });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    const a = await instance();
    await databases[0].migrate();
    const db = databases[0].db;
    await ensureBaseData(db, 'Home');
    const passwordHash = await hashPassword(PASSWORD);
    const person = async (email: string, roles: string[]) => {
      const [row] = await db
        .insert(users)
        .values({ organizationId: 1, email, roles, passwordHash, firstName: email, lastName: 'T' })
        .returning();
      return row.id;
    };
    ids = {
      admin: await person('admin@home.test', ['admin']),
      va: await person('va@home.test', ['va']),
      client: await person('client@home.test', ['client']),
      otherVa: await person('va2@home.test', ['va']),
    };
    await db.insert(contracts).values({
      organizationId: 1,
      vaId: ids.va,
      clientId: ids.client,
      status: 'active',
      title: 'Support',
      startDate: '2026-03-01',
      timezone: 'UTC',
    });
    const b = await instance();
    // listen() runs onReady, which waits for each instance's Redis subscription.
    urlA = await listen(a);
    urlB = await listen(b);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    if (databases.length) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function token(email: string) {
    const res = await apps[0].inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', ...CLIENT, username: email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return res.json().access_token as string;
  }

  it('delivers a message published on A to sockets on B and on A, each exactly once', async () => {
    // Signed in through A, connected to B: sessions live in the shared database.
    const onB = await TestSocket.signedIn(urlB, await token('client@home.test'));
    const onA = await TestSocket.signedIn(urlA, await token('admin@home.test'));
    const bystander = await TestSocket.signedIn(urlB, await token('va2@home.test'));
    const [a, b] = apps.map(realtimeOf);
    expect(a.instanceId).not.toBe(b.instanceId);
    expect(b.fanOut).toBe('redis');

    await a.publish(
      { type: 'attendance.changed', data: { attendance_id: 9, va_id: ids.va, status: 'ongoing' } },
      { organizationId: 1, aboutVa: ids.va },
    );
    // Sentinels: Redis hands one channel's messages to each subscriber in publishing order, so what B
    // got before A's sentinel, and what A got before B's (published later), is everything it will get.
    const everyone = { userIds: [ids.admin, ids.client, ids.otherVa] };
    await a.publish({ type: 'notification', data: { id: 1, type: 'sentinel', title: 'a' } }, everyone);
    await b.publish({ type: 'notification', data: { id: 2, type: 'sentinel', title: 'b' } }, everyone);
    const changes = (messages: ServerMessage[]) => messages.filter((m) => m.type === 'attendance.changed');
    const onBefore = changes(await onB.socket.before(1));
    expect(onBefore).toHaveLength(1);
    expect(onBefore[0].data).toMatchObject({ attendance_id: 9, va_id: ids.va });
    // On A: the local delivery, and no second copy coming back from Redis.
    expect(changes(await onA.socket.before(2))).toHaveLength(1);
    // The other VA may not see this VA: nothing but the sentinels.
    expect(changes(await bystander.socket.before(1))).toEqual([]);
    for (const s of [onA, onB, bystander]) s.socket.close();
  });

  it('a message published on B reaches A', async () => {
    const onA = await TestSocket.signedIn(urlA, await token('va@home.test'), {
      kind: 'desktop',
      capture: true,
    });
    await realtimeOf(apps[1]).publish(
      { type: 'attendance.logout', data: { attendance_id: 9 } },
      { userIds: [ids.va] },
    );
    expect(await onA.socket.next('attendance.logout')).toEqual({
      type: 'attendance.logout',
      data: { attendance_id: 9 },
    });
    onA.socket.close();
  });

  it('tells every instance which trackers a user has open and whether they can capture', async () => {
    const [a] = apps.map(realtimeOf);
    const tracker = await TestSocket.signedIn(urlB, await token('va@home.test'), {
      kind: 'desktop',
      capture: true,
    });
    expect(await a.connectionsOf(ids.va)).toEqual([
      expect.objectContaining({ connectionId: tracker.ready.connection_id, kind: 'desktop', capture: true }),
    ]);
    tracker.socket.send({ type: 'client', capture: false });
    tracker.socket.send({ type: 'ping' });
    await tracker.socket.next('pong'); // messages are handled in order: the flag is recorded by now
    expect(await a.connectionsOf(ids.va)).toEqual([expect.objectContaining({ capture: false })]);
    tracker.socket.close();
    await expect.poll(() => a.connectionsOf(ids.va)).toEqual([]);
  });
});
