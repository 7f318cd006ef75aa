import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, plans } from '../db/schema';

export const PLAN_LADDER = [
  {
    name: 'Starter',
    description: 'For a small agency getting started',
    priceCents: 2900,
    maxUsers: 5,
    sortOrder: 1,
    isDefault: false,
    features: ['Attendance and online status', 'Screenshots', 'Timesheets with export'],
  },
  {
    name: 'Team',
    description: 'For growing teams of VAs',
    priceCents: 9900,
    maxUsers: 25,
    sortOrder: 2,
    isDefault: true,
    features: ['Everything in Starter', 'Projects and task boards', 'Leave and overtime requests'],
  },
  {
    name: 'Agency',
    description: 'For agencies with many clients',
    priceCents: 29900,
    maxUsers: 100,
    sortOrder: 3,
    isDefault: false,
    features: ['Everything in Team', 'AI attendance reports', 'Teams and managers'],
  },
  {
    name: 'Enterprise',
    description: 'For large operations',
    priceCents: 99900,
    maxUsers: 1000,
    sortOrder: 4,
    isDefault: false,
    features: ['Everything in Agency', 'LDAP directory', 'Priority support'],
  },
] as const;

/** Reference data every installation needs: the plan ladder and the home organization (id 1). */
export async function ensureBaseData(db: Db, homeName: string) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(plans);
  if (n === 0) await db.insert(plans).values(PLAN_LADDER.map((p) => ({ ...p, features: [...p.features] })));
  const [home] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, 1));
  if (!home) {
    await db.insert(organizations).values({ id: 1, name: homeName, status: 1, timezone: 'UTC' });
    // Keep the sequence past the explicit id so registrations get 2, 3, …
    await db.execute(
      sql`select setval(pg_get_serial_sequence('organizations', 'id'), greatest((select max(id) from organizations), 1))`,
    );
  }
}
