import type { Area, Role } from '@vahub/shared/auth/roles';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A user-id column, or an expression that yields one. */
export type IdColumn = AnyPgColumn | SQL;

/**
 * Which rows of the organization the viewer may see (DOMAIN.md "Tenancy and roles"), as SQL predicates on
 * an id column that repositories put in their WHERE clauses. No query runs to build them: each is a
 * subquery the database plans with the rest. Organization scoping is the repository's own condition.
 */
export interface Scope {
  /** People: admins everyone; a manager their clients, the VAs under them and the members of teams they lead; a client themself and their VAs; a VA themself. */
  users(column: IdColumn): SQL;
  /** Clients: admins all; a manager those assigned to them; a client themself; a VA the clients they work for. */
  clients(column: IdColumn): SQL;
  /** VAs: admins all; a manager those under their clients or in teams they lead; a client those working for them; a VA themself. */
  vas(column: IdColumn): SQL;
}

/** The role a request acts as: the area's, or outside areas the highest the user holds. */
export type ActingRole = 'super_admin' | 'admin' | 'manager' | 'client' | 'va';

/** Who is asking: computed once per request by the route guard, read by every module. */
export interface Viewer {
  readonly userId: number;
  readonly organizationId: number;
  readonly roles: readonly Role[];
  readonly sessionId: string;
  /** The viewer's own time zone (their profile's), for "today". */
  readonly timezone: string;
  readonly role: ActingRole;
  /** Admin or super admin acting in the admin (or super-admin) area. */
  readonly isAdmin: boolean;
  readonly isSuperAdmin: boolean;
  readonly scope: Scope;
}

/** Builds viewers; the access module provides it. */
export type ViewerFactory = (
  auth: {
    userId: number;
    organizationId: number;
    roles: readonly Role[];
    sessionId: string;
    timezone: string;
  },
  area: Area | null,
) => Viewer;
