import type { PaginationQuery } from '@vahub/shared/api/problem';
import type { VaOfClient } from '@vahub/shared/contracts/schemas';
import { and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { Viewer } from '../../lib/viewer';
import { activeVasOutside, findPersonWithRole, isOrgUser, pageOfPeople } from '../people/public';
import { toPerson } from './contracts.mapper';
import { contracts } from './contracts.table';

/** The VAs behind the contracts matching `where`, by name, each with those contracts. */
export async function vasOfContracts(
  db: Db,
  where: SQL | undefined,
  opts: { search?: string; page?: PaginationQuery } = {},
) {
  const ids = sql`(select ${contracts.vaId} from ${contracts} where ${where ?? sql`true`})`;
  const { rows, total } = await pageOfPeople(db, ids, {
    search: opts.search,
    page: opts.page && { limit: opts.page.per_page, offset: pageOffset(opts.page.page, opts.page.per_page) },
  });
  const links = rows.length
    ? await db
        .select({ vaId: contracts.vaId, id: contracts.id, title: contracts.title, status: contracts.status })
        .from(contracts)
        .where(
          and(
            where,
            inArray(
              contracts.vaId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .orderBy(asc(contracts.id))
    : [];
  const data: VaOfClient[] = rows.map((va) => {
    const mine = links
      .filter((l) => l.vaId === va.id)
      .map(({ id, title, status }) => ({ id, title, status }));
    return {
      ...toPerson(va),
      status: va.status,
      position: va.position,
      contract_ids: mine.map((c) => c.id),
      contracts: mine,
    };
  });
  return { data, total };
}

/** A page of VAs behind the contracts matching `where`. */
export async function pageOfVas(db: Db, where: SQL | undefined, q: PaginationQuery & { search?: string }) {
  const { data, total } = await vasOfContracts(db, where, { search: q.search, page: q });
  return { data, meta: paginationMeta(q.page, q.per_page, total) };
}

/** Slices an in-memory list (for lists computed in code, such as the shifts of a day). */
export function paginateList<T>(items: T[], q: PaginationQuery) {
  const start = (q.page - 1) * q.per_page;
  return {
    data: items.slice(start, start + q.per_page),
    meta: paginationMeta(q.page, q.per_page, items.length),
  };
}

/** A client of the viewer's organization, or 404. */
export async function orgClient(db: Db, viewer: Viewer, id: number) {
  const client = await findPersonWithRole(db, viewer.organizationId, id, 'client');
  if (!client) throw notFound('Client');
  return client;
}

/** A user of the viewer's organization, or 404. */
export async function orgUser(db: Db, viewer: Viewer, id: number) {
  if (!(await isOrgUser(db, viewer.organizationId, id))) throw notFound('User');
}

export const SEARCH_NOT_IN_LIST_LIMIT = 20;

/** Active VAs of the organization without any contract with the client, by name or email. */
export async function vasNotInClientList(db: Db, viewer: Viewer, clientId: number, search?: string) {
  await orgClient(db, viewer, clientId);
  const withClient = sql`(select ${contracts.vaId} from ${contracts} where ${contracts.clientId} = ${clientId})`;
  const vas = await activeVasOutside(db, viewer.organizationId, withClient, search, SEARCH_NOT_IN_LIST_LIMIT);
  return vas.map(toPerson);
}
