import { asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/sql';
import type { Tx } from '../../platform/transaction';
import { lockPerson, type PersonCard, peopleByIds, userIdsMatchingSql } from '../people/public';
import type { ContractWithPeople, ScheduleWithContract } from './contracts.mapper';
import { contractSettings, contracts, schedules } from './contracts.table';

export type ContractRow = typeof contracts.$inferSelect;
export type SettingsRow = typeof contractSettings.$inferSelect;
export type ScheduleRow = typeof schedules.$inferSelect;

/** A contract or schedule row with the two people it links (from the people module). */
export type WithPeople<T> = T & { va: PersonCard; client: PersonCard };

/** Adds the VA and the client to each row, in one query for the whole page. */
export async function withPeople<T extends { contract: { vaId: number; clientId: number } }>(
  db: Db,
  rows: T[],
): Promise<WithPeople<T>[]> {
  const people = await peopleByIds(
    db,
    rows.flatMap((r) => [r.contract.vaId, r.contract.clientId]),
  );
  const person = (id: number) => {
    const found = people.get(id);
    if (!found) throw new Error(`contract person ${id} is missing`);
    return found;
  };
  return rows.map((r) => ({ ...r, va: person(r.contract.vaId), client: person(r.contract.clientId) }));
}

export type Page = { limit: number; offset: number };

/** Matches a contract's title, or either side's name, email or company. */
export function contractSearch(term: string): SQL {
  const people = userIdsMatchingSql(term);
  return or(
    ilike(contracts.title, likePattern(term)),
    inArray(contracts.vaId, people),
    inArray(contracts.clientId, people),
  ) as SQL;
}

/** Contracts with their VA, client, settings and schedule count, newest first. */
export async function findContracts(
  db: Db,
  where: SQL | undefined,
  page?: Page,
): Promise<ContractWithPeople[]> {
  const query = db
    .select({
      contract: contracts,
      settings: contractSettings,
      schedulesCount:
        sql<number>`(select count(*) from ${schedules} where ${schedules.contractId} = ${contracts.id})`.mapWith(
          Number,
        ),
    })
    .from(contracts)
    .leftJoin(contractSettings, eq(contractSettings.contractId, contracts.id))
    .where(where)
    .orderBy(desc(contracts.id))
    .$dynamic();
  return withPeople(db, await (page ? query.limit(page.limit).offset(page.offset) : query));
}

export async function countContracts(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contracts).where(where);
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

/** Schedules with their contract and people, in week order per contract. `where` may use schedules and contracts. */
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
        vaId: contracts.vaId,
        clientId: contracts.clientId,
      },
    })
    .from(schedules)
    .innerJoin(contracts, eq(contracts.id, schedules.contractId))
    .where(where)
    .orderBy(asc(contracts.id), asc(schedules.weekday), asc(schedules.startMinute), asc(schedules.id))
    .$dynamic();
  return withPeople(db, await (page ? query.limit(page.limit).offset(page.offset) : query));
}

export async function countSchedules(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schedules)
    .innerJoin(contracts, eq(contracts.id, schedules.contractId))
    .where(where);
  return row?.n ?? 0;
}

/** Locks a contract row for the rest of the transaction (schedule edits of one contract run one at a time). */
export async function lockContract(db: Db, id: number): Promise<ContractRow | null> {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id)).for('update');
  return row ?? null;
}

/** Serialises every change that could make a VA's active contracts overlap. */
export const lockVa = (tx: Tx, vaId: number) => lockPerson(tx, vaId);
