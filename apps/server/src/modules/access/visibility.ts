import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientIdsOfVaSql } from '../contracts/public';
import {
  activeUsersAmong,
  isOrgUserSql,
  leaderIdsOfMemberSql,
  managerIdsOfClientsSql,
  orgAdminIdsSql,
} from '../people/public';

/**
 * The active users of the organization allowed to see this VA (DOMAIN.md "Tenancy and roles"), in one
 * query: admins and super admins of the organization, the VA, clients holding a non-draft contract with
 * the VA, managers of those clients, and managers leading a team the VA is in. A VA of another
 * organization yields nobody, so a message about them can never cross organizations.
 *
 * Each branch is a small index lookup and the union is filtered once; one `OR` over every user of the
 * organization made the planner scan them all (3x slower with 5,000 people).
 */
export function usersWhoSeeVa(db: Db, organizationId: number, vaId: number): Promise<number[]> {
  const clients = clientIdsOfVaSql(vaId);
  const candidates = sql`(
    select ${vaId}::int, null::text
    union all select a.id, null from ${orgAdminIdsSql(organizationId)} as a(id)
    union all select c.id, 'client' from ${clients} as c(id)
    union all select m.id, 'manager' from ${managerIdsOfClientsSql(clients)} as m(id)
    union all select l.id, 'manager' from ${leaderIdsOfMemberSql(vaId, organizationId)} as l(id)
  )`;
  return activeUsersAmong(db, organizationId, candidates, isOrgUserSql(organizationId, vaId));
}
