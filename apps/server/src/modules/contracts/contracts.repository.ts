import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../users/users.table';
import type { ContractWithPeople, ScheduleWithContract } from './contracts.mapper';
import { contractSettings, contracts, schedules } from './contracts.table';

export type ContractRow = typeof contracts.$inferSelect;
export type SettingsRow = typeof contractSettings.$inferSelect;
export type ScheduleRow = typeof schedules.$inferSelect;

/** The two sides of a contract, joined under their own names. */
export const vaUser = alias(users, 'va_user');
export const clientUser = alias(users, 'client_user');

const personColumns = (u: typeof vaUser | typeof clientUser) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  timezone: u.timezone,
  avatarKey: u.avatarKey,
  companyName: u.companyName,
});
export type PersonRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  timezone: string;
  avatarKey: string | null;
  companyName: string | null;
};

export type Page = { limit: number; offset: number };

/** Matches a contract's title or either side's name or email. */
export function contractSearch(term: string): SQL {
  const like = `%${term.replace(/[%_\\]/g, '\\$&')}%`;
  return sql`(${contracts.title} ilike ${like} or ${vaUser.firstName} || ' ' || ${vaUser.lastName} ilike ${like}
    or ${clientUser.firstName} || ' ' || ${clientUser.lastName} ilike ${like} or ${clientUser.companyName} ilike ${like})`;
}

/** Contracts with their VA, client, settings and schedule count. `where` may use contracts, vaUser, clientUser. */
export async function findContracts(
  db: Db,
  where: SQL | undefined,
  page?: Page,
): Promise<ContractWithPeople[]> {
  const query = db
    .select({
      contract: contracts,
      va: personColumns(vaUser),
      client: personColumns(clientUser),
      settings: contractSettings,
      schedulesCount:
        sql<number>`(select count(*) from ${schedules} where ${schedules.contractId} = ${contracts.id})`.mapWith(
          Number,
        ),
    })
    .from(contracts)
    .innerJoin(vaUser, eq(vaUser.id, contracts.vaId))
    .innerJoin(clientUser, eq(clientUser.id, contracts.clientId))
    .leftJoin(contractSettings, eq(contractSettings.contractId, contracts.id))
    .where(where)
    .orderBy(desc(contracts.id))
    .$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countContracts(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contracts)
    .innerJoin(vaUser, eq(vaUser.id, contracts.vaId))
    .innerJoin(clientUser, eq(clientUser.id, contracts.clientId))
    .where(where);
  return row?.n ?? 0;
}

export async function findContract(db: Db, where: SQL | undefined): Promise<ContractWithPeople | null> {
  const [row] = await findContracts(db, where, { limit: 1, offset: 0 });
  return row ?? null;
}

/** Schedules of the given contracts, grouped by contract id, in week order. */
export async function schedulesByContract(
  db: Db,
  contractIds: number[],
): Promise<Map<number, ScheduleRow[]>> {
  const map = new Map<number, ScheduleRow[]>();
  if (!contractIds.length) return map;
  const rows = await db
    .select()
    .from(schedules)
    .where(inArray(schedules.contractId, contractIds))
    .orderBy(asc(schedules.weekday), asc(schedules.startMinute), asc(schedules.id));
  for (const r of rows) map.set(r.contractId, [...(map.get(r.contractId) ?? []), r]);
  return map;
}

/** Schedules with their contract and people. `where` may use schedules, contracts, vaUser, clientUser. */
export async function findSchedules(
  db: Db,
  where: SQL | undefined,
  page?: Page,
): Promise<ScheduleWithContract[]> {
  const query = db
    .select({
      schedule: schedules,
      contract: {
        id: contracts.id,
        title: contracts.title,
        status: contracts.status,
        timezone: contracts.timezone,
        startDate: contracts.startDate,
        endDate: contracts.endDate,
      },
      va: personColumns(vaUser),
      client: personColumns(clientUser),
    })
    .from(schedules)
    .innerJoin(contracts, eq(contracts.id, schedules.contractId))
    .innerJoin(vaUser, eq(vaUser.id, contracts.vaId))
    .innerJoin(clientUser, eq(clientUser.id, contracts.clientId))
    .where(where)
    .orderBy(asc(contracts.id), asc(schedules.weekday), asc(schedules.startMinute), asc(schedules.id))
    .$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countSchedules(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schedules)
    .innerJoin(contracts, eq(contracts.id, schedules.contractId))
    .innerJoin(vaUser, eq(vaUser.id, contracts.vaId))
    .innerJoin(clientUser, eq(clientUser.id, contracts.clientId))
    .where(where);
  return row?.n ?? 0;
}

/** A user of the organization holding a role, or null. */
export async function findOrgUserWithRole(db: Db, organizationId: number, userId: number, role: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.organizationId, organizationId),
        sql`${users.roles} @> array[${role}]::text[]`,
      ),
    );
  return row ?? null;
}

/** Locks a contract row for the rest of the transaction (schedule edits of one contract run one at a time). */
export async function lockContract(db: Db, id: number): Promise<ContractRow | null> {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id)).for('update');
  return row ?? null;
}

/** Serialises every change that could make a VA's active contracts overlap. */
export async function lockVa(db: Db, vaId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, vaId)).for('update');
}
