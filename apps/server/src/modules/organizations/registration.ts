import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../platform/transaction';
import { organizations, plans } from './organizations.table';

/**
 * A new organization of a registration: active on the default plan while billing is off (`billing` null); with
 * billing on, active on the default plan in trial until `trialEndsAt`, or inactive without a plan until its owner
 * pays when there is no trial (docs/decisions.md "Registration", "Issue 27, subscriptions").
 */
export async function openOrganization(
  tx: Tx,
  input: { name: string; timezone: string; billing: { trialEndsAt: Date | null } | null },
) {
  const [plan] = await tx.select().from(plans).where(eq(plans.isDefault, true)).limit(1);
  const trial = input.billing?.trialEndsAt ?? null;
  const active = !input.billing || trial !== null;
  const [org] = await tx
    .insert(organizations)
    .values({
      name: input.name,
      status: active ? 1 : 0,
      planId: active ? (plan?.id ?? null) : null,
      maxUsers: plan?.maxUsers ?? null,
      timezone: input.timezone,
      trialEndsAt: trial,
      planValidUntil: trial,
    })
    .returning();
  return { id: org.id };
}

export async function setOrganizationOwner(tx: Tx, organizationId: number, userId: number) {
  await tx.update(organizations).set({ ownerId: userId }).where(eq(organizations.id, organizationId));
}

/**
 * Whether the organization's subscription is active (DOMAIN.md: `status = 1 || id = 1`), as SQL a query of
 * another module selects (the session check reads it with the session, in one query); false for none.
 */
export const subscriptionActiveSql = (organizationId: number | Placeholder): SQL<boolean> =>
  sql<boolean>`coalesce((select ${organizations.status} = 1 or ${organizations.id} = 1 from ${organizations} where ${organizations.id} = ${organizationId}), false)`;

/** The same, read on its own (the sign-in checks it once). */
export async function subscriptionActive(db: Db, organizationId: number): Promise<boolean> {
  if (organizationId === 1) return true;
  const [row] = await db
    .select({ status: organizations.status })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row?.status === 1;
}

/** The first run names the home organization (id 1) and makes its first super admin the owner. */
export async function nameHomeOrganization(tx: Tx, name: string, ownerId: number) {
  await tx.update(organizations).set({ name, ownerId }).where(eq(organizations.id, 1));
}
