import { and, asc, count, eq, isNotNull, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../platform/transaction';
import { organizations, plans } from './organizations.table';

// What the billing module (a layer above) reads and writes of an organization's subscription and of the plans: the
// tables are this module's, the rules billing's. Plain functions, in the caller's transaction.

export type BillingAccount = {
  id: number;
  name: string;
  status: number;
  ownerId: number | null;
  planId: number | null;
  maxUsers: number | null;
  planValidUntil: Date | null;
  trialEndsAt: Date | null;
  graceUntil: Date | null;
  customerId: string | null;
  subscriptionId: string | null;
};

const columns = {
  id: organizations.id,
  name: organizations.name,
  status: organizations.status,
  ownerId: organizations.ownerId,
  planId: organizations.planId,
  maxUsers: organizations.maxUsers,
  planValidUntil: organizations.planValidUntil,
  trialEndsAt: organizations.trialEndsAt,
  graceUntil: organizations.graceUntil,
  customerId: organizations.billingCustomerId,
  subscriptionId: organizations.billingSubscriptionId,
};

export type BillingAccountPatch = Partial<Omit<BillingAccount, 'id' | 'name' | 'ownerId'>>;

export async function billingAccountOf(db: Db, id: number): Promise<BillingAccount | null> {
  const [row] = await db.select(columns).from(organizations).where(eq(organizations.id, id)).limit(1);
  return row ?? null;
}

/** The account, its row locked for the rest of the transaction (a webhook and a checkout never interleave). */
export async function lockBillingAccount(tx: Tx, id: number): Promise<BillingAccount | null> {
  const [row] = await tx.select(columns).from(organizations).where(eq(organizations.id, id)).for('update');
  return row ?? null;
}

/** The organization a provider's customer or subscription belongs to. */
export async function billingAccountByProviderIds(
  db: Db,
  ids: { customerId: string | null; subscriptionId: string | null },
): Promise<BillingAccount | null> {
  const match: SQL[] = [];
  if (ids.subscriptionId) match.push(eq(organizations.billingSubscriptionId, ids.subscriptionId));
  if (ids.customerId) match.push(eq(organizations.billingCustomerId, ids.customerId));
  if (!match.length) return null;
  const [row] = await db
    .select(columns)
    .from(organizations)
    .where(or(...match))
    .orderBy(asc(organizations.id))
    .limit(1);
  return row ?? null;
}

export async function updateBillingAccount(tx: Tx, id: number, patch: BillingAccountPatch, now: Date) {
  const { customerId, subscriptionId, ...rest } = patch;
  await tx
    .update(organizations)
    .set({
      ...rest,
      ...(customerId !== undefined ? { billingCustomerId: customerId } : {}),
      ...(subscriptionId !== undefined ? { billingSubscriptionId: subscriptionId } : {}),
      updatedAt: now,
    })
    .where(eq(organizations.id, id));
}

/**
 * Active organizations whose time ran out at `now`: a grace period that ended, or, without a subscription, a plan
 * valid until a time that passed (a trial's end, or what the super admin set by hand). The home organization never
 * lapses.
 */
export async function lapsedAccounts(db: Db, now: Date): Promise<BillingAccount[]> {
  return db
    .select(columns)
    .from(organizations)
    .where(
      and(
        ne(organizations.id, 1),
        eq(organizations.status, 1),
        or(
          and(isNotNull(organizations.graceUntil), lt(organizations.graceUntil, now)),
          and(
            isNotNull(organizations.planValidUntil),
            lt(organizations.planValidUntil, now),
            isNull(organizations.billingSubscriptionId),
          ),
        ),
      ),
    );
}

// Plans.

export type PlanRow = typeof plans.$inferSelect;
export type PlanValues = Omit<typeof plans.$inferInsert, 'id'>;

export async function planByPriceId(db: Db, priceId: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.providerPriceId, priceId)).limit(1);
  return row ?? null;
}

export async function planById(db: Db, id: number): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row ?? null;
}

export async function planByName(db: Db, name: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.name, name)).limit(1);
  return row ?? null;
}

/** Every plan with how many organizations are on it, in the plans page's order. */
export async function plansWithOrganizationCounts(db: Db) {
  return db
    .select({ plan: plans, organizations: count(organizations.id) })
    .from(plans)
    .leftJoin(organizations, eq(organizations.planId, plans.id))
    .groupBy(plans.id)
    .orderBy(asc(plans.sortOrder), asc(plans.priceCents), asc(plans.id));
}

export async function organizationsOnPlan(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(organizations).where(eq(organizations.planId, id));
  return row?.n ?? 0;
}

export async function insertPlan(tx: Tx, values: PlanValues): Promise<PlanRow> {
  const [row] = await tx.insert(plans).values(values).returning();
  return row;
}

export async function updatePlan(tx: Tx, id: number, patch: Partial<PlanValues>): Promise<PlanRow | null> {
  const [row] = await tx.update(plans).set(patch).where(eq(plans.id, id)).returning();
  return row ?? null;
}

export async function deletePlan(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.delete(plans).where(eq(plans.id, id)).returning({ id: plans.id });
  return rows.length > 0;
}
