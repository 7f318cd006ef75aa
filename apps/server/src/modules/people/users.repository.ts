import type { Role } from '@vahub/shared/auth/roles';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import type { Ref, UserSort } from '@vahub/shared/users/schemas';
import { and, arrayOverlaps, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { pageOffset } from '../../lib/pagination';
import { likePattern } from '../../lib/sql';
import type { Tx } from '../../platform/transaction';
import { findAccount } from './accounts';
import { clientManagers } from './client-managers.table';
import type { Related } from './people.mapper';
import { vaClientsPort } from './people.ports';
import { teamMembers, teams } from './teams.table';
import { type UserRow, userSearchText, users } from './users.table';

export type UserFilters = {
  /** null: every organization (super admin only). */
  organizationId: number | null;
  /** The viewer's scope (`viewer.scope.users(users.id)` and the like); none for admins. */
  scope?: SQL;
  search?: string;
  roles?: Role[];
  status?: UserStatus;
  teamId?: number;
};

export function userConditions(f: UserFilters): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  if (f.organizationId !== null) where.push(eq(users.organizationId, f.organizationId));
  if (f.scope) where.push(f.scope);
  if (f.status) where.push(eq(users.status, f.status));
  // `&&` on the GIN index of roles.
  if (f.roles?.length) where.push(arrayOverlaps(users.roles, f.roles));
  if (f.teamId) {
    where.push(
      inArray(
        users.id,
        sql`(select ${teamMembers.userId} from ${teamMembers} where ${teamMembers.teamId} = ${f.teamId})`,
      ),
    );
  }
  if (f.search) {
    const p = likePattern(f.search);
    // The expression of the trigram index (users.table.ts), so the search is an index lookup.
    where.push(sql`(${userSearchText(users)}) ilike ${p}`);
  }
  return and(...where);
}

export function userOrder(sort: UserSort): SQL[] {
  const descending = sort.startsWith('-');
  const dir = (c: SQL | typeof users.id) => (descending ? desc(c) : asc(c));
  switch (sort.replace(/^-/, '')) {
    case 'email':
      return [dir(sql`lower(${users.email})`), asc(users.id)];
    case 'created_at':
      return [dir(sql`${users.createdAt}`), dir(users.id)];
    case 'last_login_at':
      return [
        descending ? sql`${users.lastLoginAt} desc nulls last` : sql`${users.lastLoginAt} asc nulls first`,
        asc(users.id),
      ];
    case 'status':
      return [dir(sql`${users.status}`), asc(sql`lower(${users.firstName})`), asc(users.id)];
    default:
      return [dir(sql`lower(${users.firstName})`), dir(sql`lower(${users.lastName})`), asc(users.id)];
  }
}

export async function pageUsers(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  perPage: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

const nameSql = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

function group(rows: Array<{ key: number; id: number; name: string }>): Map<number, Ref[]> {
  const map = new Map<number, Ref[]>();
  for (const r of rows) {
    const list = map.get(r.key) ?? [];
    if (!list.some((x) => x.id === r.id)) list.push({ id: r.id, name: r.name });
    map.set(r.key, list);
  }
  return map;
}

/** Teams of these users. */
export async function teamsOf(db: Db, userIds: number[]): Promise<Map<number, Ref[]>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ key: teamMembers.userId, id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(inArray(teamMembers.userId, userIds))
    .orderBy(asc(teams.name));
  return group(rows);
}

/** Managers of these clients (client_managers). */
export async function managersOfClients(db: Db, clientIds: number[]): Promise<Map<number, Ref[]>> {
  if (!clientIds.length) return new Map();
  const rows = await db
    .select({ key: clientManagers.clientId, id: users.id, name: nameSql })
    .from(clientManagers)
    .innerJoin(users, eq(users.id, clientManagers.managerId))
    .where(inArray(clientManagers.clientId, clientIds))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return group(rows);
}

const va = alias(users, 'va');

/** Managers of the clients these VAs hold a (non-draft) contract with. */
async function managersOfVas(db: Db, vaIds: number[]): Promise<Map<number, Ref[]>> {
  if (!vaIds.length) return new Map();
  const rows = await db
    .selectDistinct({ key: va.id, id: users.id, name: nameSql })
    .from(va)
    .innerJoin(clientManagers, inArray(clientManagers.clientId, vaClientsPort.get().clientIdsOfVaSql(va.id)))
    .innerJoin(users, eq(users.id, clientManagers.managerId))
    .where(inArray(va.id, vaIds));
  rows.sort((a, b) => a.name.localeCompare(b.name));
  return group(rows);
}

/** The teams and managers shown beside each user of a page, in three queries whatever the page size. */
export async function relatedOf(db: Db, rows: UserRow[]): Promise<Related> {
  const ids = rows.map((r) => r.id);
  const clientIds = rows.filter((r) => r.roles.includes('client')).map((r) => r.id);
  const vaIds = rows.filter((r) => r.roles.includes('va')).map((r) => r.id);
  const [teamMap, clientManagerMap, vaManagerMap] = await Promise.all([
    teamsOf(db, ids),
    managersOfClients(db, clientIds),
    managersOfVas(db, vaIds),
  ]);
  const managers = new Map(vaManagerMap);
  for (const [id, list] of clientManagerMap) {
    const merged = [...(managers.get(id) ?? [])];
    for (const m of list) if (!merged.some((x) => x.id === m.id)) merged.push(m);
    managers.set(id, merged);
  }
  return { teams: teamMap, managers };
}

/** A user of the organization inside a scope (none: anyone of the organization). */
export async function findScopedUser(
  db: Db,
  organizationId: number,
  id: number,
  scope?: SQL,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, organizationId), scope))
    .limit(1);
  return row;
}

/** A user's whole row: the account read every authenticated call makes (built once, `accounts.ts`). */
export const findUser = (db: Db, id: number): Promise<UserRow | undefined> => findAccount(db, id);

export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined),
    )
    .limit(1);
  return Boolean(row);
}

/** Which of `ids` are users of the organization holding `role` (all of them when no role is given). */
export async function orgUserIds(db: Db, organizationId: number, ids: number[], role?: Role) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        inArray(users.id, ids),
        role ? arrayOverlaps(users.roles, [role]) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

export async function teamIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.teamId));
  return rows.map((r) => r.id);
}

export async function managerIdsOf(db: Db, clientId: number): Promise<number[]> {
  const rows = await db
    .select({ id: clientManagers.managerId })
    .from(clientManagers)
    .where(eq(clientManagers.clientId, clientId))
    .orderBy(asc(clientManagers.managerId));
  return rows.map((r) => r.id);
}

/** Who someone is in a picker or a member list: name, email, roles, status, zone. */
export const personOptionColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  roles: users.roles,
  status: users.status,
  timezone: users.timezone,
  companyName: users.companyName,
};

/** The picker list: everyone matching, by name. */
export function userOptionRows(db: Db, where: SQL | undefined) {
  return db
    .select(personOptionColumns)
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
}

/** How many of the users matching `where` hold each status. */
export function countByStatus(db: Db, where: SQL | undefined) {
  return db
    .select({ status: users.status, n: sql<number>`count(*)::int` })
    .from(users)
    .where(where)
    .groupBy(users.status);
}

export async function insertUser(tx: Tx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row;
}

export async function updateUserRow(
  tx: Tx,
  id: number,
  patch: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();
  return row;
}

/** Deletes the row; memberships, client managers and sessions go with it (ON DELETE CASCADE). */
export async function deleteUserRow(tx: Tx, id: number) {
  await tx.delete(users).where(eq(users.id, id));
}

/** A user who stops being a client loses their managers; one who stops being a manager, their clients. */
export async function dropClientLinks(tx: Tx, userId: number, side: 'client' | 'manager') {
  const column = side === 'client' ? clientManagers.clientId : clientManagers.managerId;
  await tx.delete(clientManagers).where(eq(column, userId));
}
