import type { ClientPage, ClientsQuery } from '@vahub/shared/users/clients';
import type { ClientCreate, UserCreate } from '@vahub/shared/users/payloads';
import type { Ref } from '@vahub/shared/users/schemas';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { AuthContext } from '../../plugins/authenticate';
import { managedClientIds } from '../access/scope';
import { toClientRow } from './people.mapper';
import { createUser } from './user-admin.service';
import { managersOfClients, pageUsers, userConditions } from './users.repository';
import { users } from './users.table';

function clientOrder(sort: ClientsQuery['sort']): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  switch (sort.replace(/^-/, '')) {
    case 'company':
      return [dir(sql`lower(coalesce(${users.companyName}, ''))`), asc(users.id)];
    case 'created_at':
      return [dir(users.createdAt), dir(users.id)];
    default:
      return [dir(sql`lower(${users.firstName})`), dir(sql`lower(${users.lastName})`), asc(users.id)];
  }
}

/** Clients with their managers, one status at a time, and how many each status holds. */
export async function listClients(
  deps: Deps,
  auth: AuthContext,
  q: ClientsQuery,
  onlyIds?: number[],
): Promise<ClientPage> {
  const base = { organizationId: auth.organizationId, onlyIds, roles: ['client' as const], search: q.search };
  const [{ rows, total }, counted] = await Promise.all([
    pageUsers(
      deps.db,
      userConditions({ ...base, status: q.status }),
      clientOrder(q.sort),
      q.page,
      q.per_page,
    ),
    deps.db
      .select({ status: users.status, n: sql<number>`count(*)::int` })
      .from(users)
      .where(userConditions(base))
      .groupBy(users.status),
  ]);
  const managers: Map<number, Ref[]> = await managersOfClients(
    deps.db,
    rows.map((r) => r.id),
  );
  const counts = { active: 0, inactive: 0, onhold: 0 };
  for (const c of counted) counts[c.status] = c.n;
  return {
    data: rows.map((r) => toClientRow(r, managers)),
    meta: paginationMeta(q.page, q.per_page, total),
    counts,
  };
}

export async function listManagedClients(deps: Deps, auth: AuthContext, q: ClientsQuery) {
  return listClients(deps, auth, q, await managedClientIds(deps.db, auth));
}

/** A manager adds a client; the client is theirs from the start. */
export async function createClientAsManager(deps: Deps, auth: AuthContext, input: ClientCreate) {
  const payload: UserCreate = {
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
    password: input.password,
    role: 'client',
    status: input.status ?? 'active',
    timezone: input.timezone,
    phone: input.phone,
    position: null,
    company_name: input.company_name,
    contact_person: input.contact_person ?? `${input.first_name} ${input.last_name}`,
    manager_ids: [auth.userId],
  };
  return createUser(deps, auth, payload);
}
