import type { Role } from '@vahub/shared/auth/roles';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import type { PersonSummary } from '@vahub/shared/contracts/schemas';
import { and, asc, eq, inArray, notInArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { builtOnce } from '../../db/prepared';
import { rowsOf } from '../../db/rows';
import { likePattern } from '../../lib/sql';
import type { Tx } from '../../platform/transaction';
import { fullName } from './people.mapper';
import { teamMembers, teams } from './teams.table';
import { avatarUrl } from './users.mapper';
import { type UserRow, userSearchText, users } from './users.table';

/** A person as other modules show them: the summary, plus status and position for lists of VAs. */
export type PersonCard = PersonSummary & { status: UserStatus; position: string | null };

/** What a card shows of a user: read only these (a list's people, not their hashes and settings). */
const cardColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  timezone: users.timezone,
  avatarKey: users.avatarKey,
  companyName: users.companyName,
  status: users.status,
  position: users.position,
};
type CardRow = Pick<
  UserRow,
  'id' | 'firstName' | 'lastName' | 'email' | 'timezone' | 'avatarKey' | 'companyName' | 'status' | 'position'
>;

const toCard = (u: CardRow): PersonCard => ({
  id: u.id,
  name: fullName(u),
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  timezone: u.timezone,
  avatar_url: avatarUrl(u.avatarKey),
  company_name: u.companyName,
  status: u.status,
  position: u.position,
});

/** Every list's people, built once (`builtOnce`): the ids as one array, whatever their number. */
const cardsQuery = builtOnce((db) =>
  db
    .select(cardColumns)
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('people_cards'),
);

/** The people behind these ids, in one query. */
export async function peopleByIds(db: Db, ids: Iterable<number>): Promise<Map<number, PersonCard>> {
  const unique = [...new Set(ids)].filter(Number.isInteger);
  if (!unique.length) return new Map();
  const rows = await cardsQuery(db).execute({ ids: `{${unique.join(',')}}` });
  return new Map(rows.map((u) => [u.id, toCard(u)]));
}

/** A user of the organization holding `role`, or null. */
export async function findPersonWithRole(
  db: Db,
  organizationId: number,
  id: number,
  role: Role,
): Promise<PersonCard | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.organizationId, organizationId),
        sql`${users.roles} @> array[${role}]::text[]`,
      ),
    );
  return row ? toCard(row) : null;
}

/** Which of `ids` are users of the organization holding `role`. */
export async function idsWithRole(db: Db, organizationId: number, ids: number[], role: Role) {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, ids),
        eq(users.organizationId, organizationId),
        sql`${users.roles} @> array[${role}]::text[]`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Is the user in the organization (any role)? */
export async function isOrgUser(db: Db, organizationId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, organizationId)));
  return Boolean(row);
}

/**
 * Locks a user's row for the rest of the transaction: the one lock that serialises changes which must not
 * race for the same person (e.g. two contracts of one VA becoming active at once).
 */
export async function lockPerson(tx: Tx, id: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/** Subquery: users whose name, email or company matches `term` (served by the trigram index). */
export const userIdsMatchingSql = (term: string): SQL =>
  sql`(select ${users.id} from ${users} where (${userSearchText(users)}) ilike ${likePattern(term)})`;

/** Subquery: the members of one team of the organization. */
export const teamMemberIdsSql = (organizationId: number, teamId: number): SQL =>
  sql`(select ${teamMembers.userId} from ${teamMembers} inner join ${teams} on ${teams.id} = ${teamMembers.teamId} where ${teams.id} = ${teamId} and ${teams.organizationId} = ${organizationId})`;

/** Active VAs of the organization outside `exclude` (a subquery of ids), by name, matching `search`. */
export async function activeVasOutside(
  db: Db,
  organizationId: number,
  exclude: SQL,
  search: string | undefined,
  limit: number,
): Promise<PersonCard[]> {
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.status, 'active'),
        sql`${users.roles} @> array['va']::text[]`,
        notInArray(users.id, exclude),
        search ? sql`(${userSearchText(users)}) ilike ${likePattern(search)}` : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
  return rows.map(toCard);
}

/**
 * A page of the people in `ids` (a subquery), in the lists' name order (served by the name index),
 * optionally matching `search`. Without a page, all of them.
 */
export async function pageOfPeople(
  db: Db,
  ids: SQL,
  opts: { search?: string; page?: { limit: number; offset: number } },
): Promise<{ rows: PersonCard[]; total: number }> {
  const where = and(
    inArray(users.id, ids),
    opts.search ? sql`(${userSearchText(users)}) ilike ${likePattern(opts.search)}` : undefined,
  );
  const query = db
    .select()
    .from(users)
    .where(where)
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id))
    .$dynamic();
  const [rows, [count]] = await Promise.all([
    opts.page ? query.limit(opts.page.limit).offset(opts.page.offset) : query,
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows: rows.map(toCard), total: count?.n ?? 0 };
}

/** Subquery: how many active users an organization has (what counts against its user limit). */
export const activeUserCountSql = (organizationId: SQLWrapper | number): SQL<number> =>
  sql<number>`(select count(*)::int from ${users} where ${users.organizationId} = ${organizationId} and ${users.status} = 'active')`;

/** Active users of an organization. */
export async function activeUserCount(db: Db, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.status, 'active')));
  return row?.n ?? 0;
}

/**
 * The active users of the organization among `candidates`, a subquery of `(id, needs)` rows: `needs` a role
 * the user must hold, or null for any. Nobody when `onlyIf` (a condition) is false. One query, so a scope
 * rule built of several small lookups is filtered once.
 */
export async function activeUsersAmong(
  db: Db,
  organizationId: number,
  candidates: SQL,
  onlyIf?: SQL,
): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select distinct u.id
    from ${candidates} as seen(id, needs) join ${users} u on u.id = seen.id
    where u.organization_id = ${organizationId}
      and u.status = 'active'
      and (seen.needs is null or seen.needs = any(u.roles))
      ${onlyIf ? sql`and ${onlyIf}` : sql``}`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/** Condition: the user is in the organization. */
export const isOrgUserSql = (organizationId: number, id: number): SQL =>
  sql`exists (select 1 from ${users} where ${users.id} = ${id} and ${users.organizationId} = ${organizationId})`;

/** A user's full name as SQL (a scalar subquery on `userId`), for reads that order or print by name. */
export const personNameSql = (userId: SQLWrapper): SQL<string> =>
  sql<string>`(select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users} where ${users.id} = ${userId})`;
