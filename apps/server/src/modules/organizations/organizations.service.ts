import type { Organization, Plan } from '@vahub/shared/organization/schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import { iso } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import { users } from '../people/users.table';
import { organizations, plans } from './organizations.table';

/** Active users of an organization: what counts against its user limit. */
export async function activeUserCount(deps: Deps, organizationId: number) {
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.status, 'active')));
  return row?.n ?? 0;
}

export async function getOrganization(deps: Deps, organizationId: number): Promise<Organization> {
  const [org] = await deps.db
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!org) throw notFound('Organization');
  const [owner] = org.ownerId
    ? await deps.db
        .select({ id: users.id, first_name: users.firstName, last_name: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, org.ownerId))
        .limit(1)
    : [];
  return {
    id: org.id,
    name: org.name,
    status: org.status === 1 ? 1 : 0,
    plan_id: org.planId,
    plan_valid_until: iso(org.planValidUntil),
    owner: owner ?? null,
    user_count: await activeUserCount(deps, org.id),
    max_users: org.id === 1 ? null : org.maxUsers,
    timezone: org.timezone,
  };
}

export async function listPlans(deps: Deps): Promise<Plan[]> {
  const rows = await deps.db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.priceCents));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price_cents: p.priceCents,
    currency: p.currency,
    interval: p.interval,
    max_users: p.maxUsers,
    provider_price_id: p.providerPriceId,
    features: p.features,
    is_default: p.isDefault,
  }));
}
