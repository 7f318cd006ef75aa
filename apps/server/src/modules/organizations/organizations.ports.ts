import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { definePort } from '../../lib/ports';

// What the organizations module reads of its people: the seats taken (active users) and the owner's name. People
// sits a layer above (its users belong to an organization), so organizations declares what it needs as a port
// (lib/ports.ts) and the people module registers it when people.module.ts loads. A port, not an event: these are
// reads that answer at once, in the organization's own queries.

/** The owner as the organization's pages show them. */
export type OwnerCard = { id: number; first_name: string; last_name: string; email: string };

export type OrganizationPeople = {
  /** Subquery: how many active users an organization has (what counts against its user limit). */
  activeUserCountSql(organizationId: SQLWrapper | number): SQL<number>;
  /** Active users of an organization. */
  activeUserCount(db: Db, organizationId: number): Promise<number>;
  /** The people behind these ids (the organizations' owners), in one query. */
  peopleByIds(db: Db, ids: Iterable<number>): Promise<Map<number, OwnerCard>>;
};

export const organizationPeoplePort = definePort<OrganizationPeople>(
  'organizations: seats and owners',
  'modules/people/people.module.ts',
);
