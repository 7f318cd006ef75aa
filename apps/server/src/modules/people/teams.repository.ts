import { and, asc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { pageOffset } from '../../lib/pagination';
import { likePattern } from '../../lib/sql';
import type { Tx } from '../../platform/transaction';
import { teamMembers, teams } from './teams.table';
import { personOptionColumns } from './users.repository';
import { users } from './users.table';

const leader = alias(users, 'leader');

const memberCount = sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`;

const teamColumns = {
  team: teams,
  leaderFirst: leader.firstName,
  leaderLast: leader.lastName,
  memberCount,
};

export type TeamListRow = {
  team: typeof teams.$inferSelect;
  leaderFirst: string | null;
  leaderLast: string | null;
  memberCount: number;
};

/** `visible` is the viewer's team predicate (`teamsVisibleTo`), organization included. */
export async function pageTeams(
  db: Db,
  visible: SQL,
  search: string | undefined,
  page: number,
  perPage: number,
): Promise<{ rows: TeamListRow[]; total: number }> {
  const where = and(visible, search ? ilike(teams.name, likePattern(search)) : undefined);
  const [rows, [count]] = await Promise.all([
    db
      .select(teamColumns)
      .from(teams)
      .leftJoin(leader, eq(leader.id, teams.leaderId))
      .where(where)
      .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id))
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
    db.select({ n: sql<number>`count(*)::int` }).from(teams).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findTeam(db: Db, visible: SQL, id: number): Promise<TeamListRow | undefined> {
  const [row] = await db
    .select(teamColumns)
    .from(teams)
    .leftJoin(leader, eq(leader.id, teams.leaderId))
    .where(and(eq(teams.id, id), visible))
    .limit(1);
  return row;
}

export async function teamMembersOf(db: Db, teamId: number) {
  return db
    .select(personOptionColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
}

export async function memberIdsOf(db: Db, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.userId));
  return rows.map((r) => r.id);
}

export async function teamNameTaken(db: Db, organizationId: number, name: string, exceptId?: number) {
  const conditions: SQL[] = [
    eq(teams.organizationId, organizationId),
    sql`lower(${teams.name}) = ${name.toLowerCase()}`,
  ];
  if (exceptId) conditions.push(ne(teams.id, exceptId));
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export async function replaceMembers(db: Tx, teamId: number, userIds: number[]) {
  await db.delete(teamMembers).where(eq(teamMembers.teamId, teamId));
  if (userIds.length) await db.insert(teamMembers).values(userIds.map((userId) => ({ teamId, userId })));
}

export async function teamRefs(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(inArray(teams.id, ids))
    .orderBy(asc(sql`lower(${teams.name})`));
}
