import type { ClientPage, ClientsQuery } from '@vahub/shared/users/clients';
import type { ClientCreate, UserCreate } from '@vahub/shared/users/payloads';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { toClientRow } from './people.mapper';
import { createUser } from './user-admin.service';
import { countByStatus, managersOfClients, pageUsers, userConditions } from './users.repository';
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

/**
 * Clients with their managers, one status at a time, and how many each status holds (admins: the
 * organization's; a manager: those assigned to them).
 */
export async function listClients(deps: Deps, viewer: Viewer, q: ClientsQuery): Promise<ClientPage> {
  const base = {
    organizationId: viewer.organizationId,
    scope: viewer.isAdmin ? undefined : viewer.scope.clients(users.id),
    roles: ['client' as const],
    search: q.search,
  };
  const [{ rows, total }, counted] = await Promise.all([
    pageUsers(
      deps.db,
      userConditions({ ...base, status: q.status }),
      clientOrder(q.sort),
      q.page,
      q.per_page,
    ),
    countByStatus(deps.db, userConditions(base)),
  ]);
  const managers = await managersOfClients(
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

/** A manager adds a client; the client is theirs from the start. */
export async function createClientAsManager(deps: Deps, viewer: Viewer, input: ClientCreate) {
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
    manager_ids: [viewer.userId],
  };
  return createUser(deps, viewer, payload);
}

/** The managers of one client, as `POST client/{id}/managers` answers them. */
export async function clientManagersOf(deps: Deps, clientId: number) {
  return {
    client_id: clientId,
    managers: (await managersOfClients(deps.db, [clientId])).get(clientId) ?? [],
  };
}
