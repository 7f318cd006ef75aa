// The scale bench's agency (BENCH_ONLY=scale): seeded on its own PostgreSQL database before the instances start.
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { attendances, clientManagers, users } from '../src/db/schema';
import { startSession } from '../src/modules/auth/public';
import { hashPassword } from '../src/modules/people/public';
import { ensureBaseData } from '../src/seed/base';
import { seedOngoingShifts } from './attendance';
import type { Tracker } from './scale-load';

/** The agency: an admin, managers over the clients, the clients, and `trackerCount` VAs each on shift now. */
export async function seed(
  url: string,
  secret: string,
  trackerCount: number,
  managerCount: number,
  clientCount: number,
) {
  const database = await openDatabase({ url, poolSize: 16 });
  try {
    await database.migrate();
    await ensureBaseData(database.db, 'Scale Agency');
    const passwordHash = await hashPassword('bench-password');
    const person = (i: number, role: string, email: string) => ({
      organizationId: 1,
      email,
      passwordHash,
      firstName: `${role[0].toUpperCase()}${role.slice(1)}${i}`,
      lastName: `Scale${i % 97}`,
      timezone: 'UTC',
      roles: [role],
      status: 'active' as const,
      emailVerifiedAt: new Date(),
    });
    const people = [
      person(0, 'admin', 'admin@scale.test'),
      ...Array.from({ length: managerCount }, (_, i) => person(i, 'manager', `manager${i}@scale.test`)),
      ...Array.from({ length: clientCount }, (_, i) => person(i, 'client', `client${i}@scale.test`)),
      ...Array.from({ length: trackerCount }, (_, i) => person(i, 'va', `va${i}@scale.test`)),
    ];
    const ids: Array<{ id: number; roles: string[] }> = [];
    for (let i = 0; i < people.length; i += 1000)
      ids.push(
        ...(await database.db
          .insert(users)
          .values(people.slice(i, i + 1000))
          .returning({ id: users.id, roles: users.roles })),
      );
    const managers = ids.filter((p) => p.roles.includes('manager'));
    const clients = ids.filter((p) => p.roles.includes('client'));
    await database.db
      .insert(clientManagers)
      .values(clients.map((c, i) => ({ clientId: c.id, managerId: managers[i % managers.length].id })));
    await seedOngoingShifts(database.db, new Date());
    const shifts = await database.db
      .select({ vaId: attendances.vaId, attendanceId: attendances.id })
      .from(attendances)
      .where(eq(attendances.status, 'ongoing'));
    // Sessions as the password grant makes them (a tracker's through the `tracker` client), without paying
    // argon2 5,000 times: the servers check them as any other.
    const config = loadConfig({ JWT_SECRET: secret, ACCESS_TOKEN_TTL_SECONDS: '7200', LOG_LEVEL: 'silent' });
    const deps = { config, clock: { now: () => new Date() }, secret: new TextEncoder().encode(secret) };
    const session = async (id: number, clientId: string) =>
      (
        await startSession(
          deps,
          database.db,
          { id, organizationId: 1 },
          { ip: '127.0.0.1', userAgent: 'vahub-bench', clientId },
        )
      ).access_token;
    const trackers: Tracker[] = [];
    for (let i = 0; i < shifts.length; i += 32) {
      const chunk = shifts.slice(i, i + 32);
      const tokens = await Promise.all(chunk.map((s) => session(s.vaId, 'tracker')));
      chunk.forEach((s, k) => {
        trackers.push({ ...s, token: tokens[k], pings: 0 });
      });
    }
    const supervisors: string[] = [];
    for (const p of ids.filter((x) => !x.roles.includes('va')))
      supervisors.push(await session(p.id, config.OAUTH_WEB_CLIENT_ID));
    await database.db.execute(sql`analyze`);
    return { trackers, supervisors };
  } finally {
    await database.close();
  }
}
