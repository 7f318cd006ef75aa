import type { PaginationQuery } from '@vahub/shared/api/problem';
import type { VaOfClient } from '@vahub/shared/contracts/schemas';
import { and, asc, eq, notExists, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { paginationMeta } from '../../lib/pagination';
import { likePattern } from '../../lib/sql';
import { userSearchText, users } from '../users/users.table';
import { toPerson } from './contracts.mapper';
import { findOrgUserWithRole, vaUser } from './contracts.repository';
import type { Viewer } from './contracts.scope';
import { contracts } from './contracts.table';

/** The VAs behind the contracts matching `where`, each with those contracts, sorted by name. */
export async function vasOfContracts(db: Db, where: SQL | undefined, search?: string): Promise<VaOfClient[]> {
  const rows = await db
    .select({
      va: vaUser,
      contract: { id: contracts.id, title: contracts.title, status: contracts.status },
    })
    .from(contracts)
    .innerJoin(vaUser, eq(vaUser.id, contracts.vaId))
    .where(and(where, search ? sql`(${userSearchText(vaUser)}) ilike ${likePattern(search)}` : undefined))
    .orderBy(asc(vaUser.firstName), asc(vaUser.lastName), asc(vaUser.id), asc(contracts.id));
  const byVa = new Map<number, VaOfClient>();
  for (const r of rows) {
    let item = byVa.get(r.va.id);
    if (!item) {
      item = {
        ...toPerson(r.va),
        status: r.va.status,
        position: r.va.position,
        contract_ids: [],
        contracts: [],
      };
      byVa.set(r.va.id, item);
    }
    item.contract_ids.push(r.contract.id);
    item.contracts.push(r.contract);
  }
  return [...byVa.values()];
}

export function paginateList<T>(items: T[], q: PaginationQuery) {
  const start = (q.page - 1) * q.per_page;
  return {
    data: items.slice(start, start + q.per_page),
    meta: paginationMeta(q.page, q.per_page, items.length),
  };
}

/** A client of the viewer's organization, or 404. */
export async function orgClient(db: Db, viewer: Viewer, id: number) {
  const client = await findOrgUserWithRole(db, viewer.auth.organizationId, id, 'client');
  if (!client) throw notFound('Client');
  return client;
}

/** A user of the viewer's organization, or 404. */
export async function orgUser(db: Db, viewer: Viewer, id: number) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, viewer.auth.organizationId)));
  if (!user) throw notFound('User');
  return user;
}

export const SEARCH_NOT_IN_LIST_LIMIT = 20;

/** Active VAs of the organization without any contract with the client, by name or email. */
export async function vasNotInClientList(db: Db, viewer: Viewer, clientId: number, search?: string) {
  await orgClient(db, viewer, clientId);
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.organizationId, viewer.auth.organizationId),
        eq(users.status, 'active'),
        sql`${users.roles} @> array['va']::text[]`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(contracts)
            .where(and(eq(contracts.vaId, users.id), eq(contracts.clientId, clientId))),
        ),
        search ? sql`(${userSearchText(users)}) ilike ${likePattern(search)}` : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(SEARCH_NOT_IN_LIST_LIMIT);
  return rows.map(toPerson);
}
