import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/transaction';
import { clientIdsOfVaSql } from '../contracts/public';
import {
  activeUsersAmong,
  isOrgUserSql,
  leaderIdsOfMemberSql,
  managerIdsOfClientsSql,
  orgAdminIdsSql,
} from '../people/public';
import type { RecipientRole } from './notifications.links';

/** Who hears of an event about a VA (the decisions in the brief of issue 14). */
export type Audience = {
  /** The organization's admins and super admins. */
  admins?: boolean;
  /** Managers over the VA: of the VA's clients, and leaders of a team the VA is in. */
  managers?: boolean;
  /** This client (the contract's). */
  client?: number | null;
  /** The VA themself. */
  va?: boolean;
  /** One user, whatever their role (whoever asked for something): the dashboard is their highest role's. */
  user?: number | null;
  /** These users, whatever their roles (the people a comment mentions). */
  users?: number[];
};

/** The candidate subqueries of `(id, needs)` rows that `activeUsersAmong` filters, highest role first. */
function groupsOf(organizationId: number, vaId: number | null, who: Audience): Array<[RecipientRole, SQL]> {
  const groups: Array<[RecipientRole, SQL]> = [];
  const admins = sql`select a.id, null::text from ${orgAdminIdsSql(organizationId)} as a(id)`;
  if (who.admins) groups.push(['admin', sql`(${admins})`]);
  if (who.managers && vaId !== null)
    groups.push([
      'manager',
      sql`(select m.id, 'manager'::text from ${managerIdsOfClientsSql(clientIdsOfVaSql(vaId))} as m(id)
        union all select l.id, 'manager'::text from ${leaderIdsOfMemberSql(vaId, organizationId)} as l(id))`,
    ]);
  if (who.client) groups.push(['client', sql`(select ${who.client}::int, 'client'::text)`]);
  if (who.va && vaId !== null) groups.push(['va', sql`(select ${vaId}::int, 'va'::text)`]);
  for (const id of [...(who.user ? [who.user] : []), ...(who.users ?? [])]) {
    groups.push(
      ['admin', sql`(${admins} where a.id = ${id})`],
      ['manager', sql`(select ${id}::int, 'manager'::text)`],
      ['client', sql`(select ${id}::int, 'client'::text)`],
      ['va', sql`(select ${id}::int, 'va'::text)`],
    );
  }
  return groups;
}

/**
 * The active users of the organization who hear of an event about `vaId`, each with the role they hear it
 * as (their highest: an admin who also leads the VA's team gets the admin's link). Never `actorId`, who did
 * it; nobody when the VA is not of this organization, so an event cannot reach across organizations.
 * Each group is one small query (the `usersWhoSeeVa` pieces), run inside the consumer's transaction.
 */
export async function recipientsOf(
  tx: Tx,
  organizationId: number,
  vaId: number | null,
  who: Audience,
  actorId: number | null,
): Promise<Map<number, RecipientRole>> {
  const out = new Map<number, RecipientRole>();
  // Not about a VA (a mention): each candidate is still checked to be an active user of this organization.
  const vaHere = vaId === null ? undefined : isOrgUserSql(organizationId, vaId);
  for (const [role, candidates] of groupsOf(organizationId, vaId, who)) {
    for (const id of await activeUsersAmong(tx, organizationId, candidates, vaHere))
      if (id !== actorId && !out.has(id)) out.set(id, role);
  }
  return out;
}
