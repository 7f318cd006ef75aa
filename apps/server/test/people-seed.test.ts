import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientManagers } from '../src/modules/people/client-managers.table';
import { teams } from '../src/modules/people/teams.table';
import { users } from '../src/modules/people/users.table';
import { seedDemo } from '../src/seed/demo';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts';
import { createHarness, type Harness } from './harness';

let h: Harness;
const log = { info: () => {} };
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  expect(await seedDemo(h.db, log)).toBe(true);
});
afterAll(() => h?.close());

const count = async (where: ReturnType<typeof sql>) => {
  const [row] = await h.db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return row.n;
};

describe('demo people seed', () => {
  it('seeds 40+ VAs across timezones, Manila first, some not active', async () => {
    expect(await count(sql`'va' = any(${users.roles})`)).toBeGreaterThanOrEqual(40);
    const zones = await h.db
      .select({ tz: users.timezone, n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`'va' = any(${users.roles})`)
      .groupBy(users.timezone)
      .orderBy(sql`count(*) desc`);
    expect(zones[0].tz).toBe('Asia/Manila');
    expect(zones.length).toBeGreaterThanOrEqual(8);
    expect(
      await count(sql`'va' = any(${users.roles}) and ${users.status} <> 'active'`),
    ).toBeGreaterThanOrEqual(3);
  });

  it('seeds clients in all three statuses and several managers with clients', async () => {
    for (const status of ['active', 'inactive', 'onhold']) {
      expect(
        await count(sql`'client' = any(${users.roles}) and ${users.status} = ${status}`),
        status,
      ).toBeGreaterThan(0);
    }
    expect(await count(sql`'manager' = any(${users.roles})`)).toBeGreaterThanOrEqual(4);
    const [manager] = await h.db.select().from(users).where(eq(users.email, 'manager@example.com'));
    const [client] = await h.db.select().from(users).where(eq(users.email, 'client@example.com'));
    const mine = await h.db.select().from(clientManagers).where(eq(clientManagers.managerId, manager.id));
    expect(mine.map((m) => m.clientId)).toContain(client.id);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const led = await h.db.select().from(teams).where(eq(teams.leaderId, manager.id));
    expect(led).toHaveLength(1);
    expect((await h.db.select().from(teams)).length).toBeGreaterThanOrEqual(3);
  });

  it('keeps the five sign-in accounts, and the demo manager sees their people through the API', async () => {
    for (const email of [
      'superadmin@example.com',
      'admin@example.com',
      'manager@example.com',
      'client@example.com',
      'va@example.com',
    ]) {
      await expect(h.login(email, DEMO_PASSWORD)).resolves.toBeTruthy();
    }
    const headers = {
      authorization: `Bearer ${(await h.login('manager@example.com', DEMO_PASSWORD)).access_token}`,
    };
    const clients = await h.app.inject({ url: '/api/v1/manager-access/clients', headers });
    expect(clients.statusCode).toBe(200);
    expect(clients.json().data.map((c: { email: string }) => c.email)).toContain('client@example.com');
    const people = await h.app.inject({ url: '/api/v1/manager-access/users/paginated?roles=va', headers });
    expect(people.json().meta.total).toBeGreaterThan(0);
  });

  it('is idempotent', async () => {
    const before = await count(sql`true`);
    expect(await seedDemo(h.db, log)).toBe(false);
    expect(await count(sql`true`)).toBe(before);
  });
});
