import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageOffset } from '../../lib/pagination';
import { likePattern } from '../../lib/sql';
import type { Tx } from '../../platform/transaction';
import { organizationPeoplePort } from './organizations.ports';
import { organizations, plans } from './organizations.table';

export type OrganizationRow = typeof organizations.$inferSelect;
export type DirectoryRow = { org: OrganizationRow; planName: string | null; userCount: number };

const directory = (db: Db) =>
  db
    .select({
      org: organizations,
      planName: plans.name,
      userCount: organizationPeoplePort.get().activeUserCountSql(organizations.id),
    })
    .from(organizations)
    .leftJoin(plans, eq(plans.id, organizations.planId))
    .$dynamic();

/** Organizations with their plan's name and active users, by id. */
export async function pageDirectory(
  db: Db,
  filters: { search?: string; status?: number },
  page: number,
  perPage: number,
): Promise<{ rows: DirectoryRow[]; total: number }> {
  const where: SQL | undefined = and(
    filters.search ? ilike(organizations.name, likePattern(filters.search)) : undefined,
    filters.status !== undefined ? eq(organizations.status, filters.status) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    directory(db)
      .where(where)
      .orderBy(asc(organizations.id))
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
    db.select({ n: sql<number>`count(*)::int` }).from(organizations).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findDirectoryRow(db: Db, id: number): Promise<DirectoryRow | undefined> {
  const [row] = await directory(db).where(eq(organizations.id, id));
  return row;
}

export async function findOrganization(db: Db, id: number): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

/** The row, locked for the rest of the transaction (changes to one organization never interleave). */
export async function lockOrganizationRow(tx: Tx, id: number): Promise<OrganizationRow | undefined> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
  return row;
}

export async function updateOrganizationRow(
  tx: Tx,
  id: number,
  patch: Partial<typeof organizations.$inferInsert>,
): Promise<OrganizationRow> {
  const [row] = await tx.update(organizations).set(patch).where(eq(organizations.id, id)).returning();
  return row;
}

export async function findPlan(db: Db, id: number) {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row;
}

export async function planName(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return (await findPlan(db, id))?.name ?? null;
}

export const allPlans = (db: Db) =>
  db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.priceCents));

export async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, ids));
  return new Map(rows.map((o) => [o.id, o.name]));
}
