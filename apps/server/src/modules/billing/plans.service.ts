import { BILLING_MESSAGES } from '@vahub/shared/billing/messages';
import type { AdminPlan, PlanPatch, planInputSchema } from '@vahub/shared/billing/schemas';
import type { Plan } from '@vahub/shared/organization/schemas';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import {
  deletePlan,
  insertPlan,
  organizationsOnPlan,
  type PlanRow,
  type PlanValues,
  planById,
  planByName,
  planByPriceId,
  plansWithOrganizationCounts,
  updatePlan,
} from '../organizations/public';

const planNotFound = () => new AppError('not_found', BILLING_MESSAGES.plan_unknown);

const toAdminPlan = (p: PlanRow, organizationCount: number): AdminPlan => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price_cents: p.priceCents,
  currency: p.currency,
  interval: p.interval,
  max_users: p.maxUsers,
  price_id: p.providerPriceId,
  features: p.features,
  is_default: p.isDefault,
  active: p.active,
  organization_count: organizationCount,
});

const snapshot = (p: PlanRow): Partial<Plan> & { active: boolean } => ({
  name: p.name,
  price_cents: p.priceCents,
  currency: p.currency,
  interval: p.interval,
  max_users: p.maxUsers,
  price_id: p.providerPriceId,
  active: p.active,
});

export async function listAdminPlans(deps: Deps): Promise<AdminPlan[]> {
  const rows = await plansWithOrganizationCounts(deps.db);
  return rows.map((r) => toAdminPlan(r.plan, r.organizations));
}

function valuesOf(input: Partial<z.output<typeof planInputSchema>>): Partial<PlanValues> {
  const out: Partial<PlanValues> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.description !== undefined) out.description = input.description;
  if (input.price_cents !== undefined) out.priceCents = input.price_cents;
  if (input.currency !== undefined) out.currency = input.currency;
  if (input.interval !== undefined) out.interval = input.interval;
  if (input.max_users !== undefined) out.maxUsers = input.max_users;
  if (input.price_id !== undefined) out.providerPriceId = input.price_id;
  if (input.features !== undefined) out.features = input.features;
  if (input.active !== undefined) out.active = input.active;
  return out;
}

/** Names and price ids are unique: a second plan with either would make checkout ambiguous. */
async function assertUnique(deps: Deps, id: number | null, values: Partial<PlanValues>) {
  if (values.name) {
    const other = await planByName(deps.db, values.name);
    if (other && other.id !== id) throw fieldError('name', BILLING_MESSAGES.plan_name_taken);
  }
  if (values.providerPriceId) {
    const other = await planByPriceId(deps.db, values.providerPriceId);
    if (other && other.id !== id) throw fieldError('price_id', BILLING_MESSAGES.price_id_taken);
  }
}

/**
 * A write of a plan whose name another request took between `assertUnique` and the write (two at once): the unique
 * index refuses it, answered as the check would (422 on `name`), not as a failure.
 */
const nameRaced =
  <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
  (...args: A): Promise<R> =>
    write(...args).catch((err: unknown) => {
      throw isUniqueViolation(err) ? fieldError('name', BILLING_MESSAGES.plan_name_taken) : err;
    });

export async function createPlan(
  deps: Deps,
  viewer: Viewer,
  input: z.output<typeof planInputSchema>,
): Promise<AdminPlan> {
  const values = valuesOf(input) as PlanValues;
  await assertUnique(deps, null, values);
  const plan = await deps.transaction(
    nameRaced(async ({ tx }) => {
      const row = await insertPlan(tx, values);
      await audit(tx, {
        organizationId: viewer.organizationId,
        actorId: viewer.userId,
        action: 'plan.created',
        entityType: 'plan',
        entityId: row.id,
        after: snapshot(row),
      });
      return row;
    }),
  );
  return toAdminPlan(plan, 0);
}

export async function changePlan(
  deps: Deps,
  viewer: Viewer,
  id: number,
  input: PlanPatch,
): Promise<AdminPlan> {
  const before = await planById(deps.db, id);
  if (!before) throw planNotFound();
  const values = valuesOf(input as Partial<z.output<typeof planInputSchema>>);
  await assertUnique(deps, id, values);
  const after = await deps.transaction(
    nameRaced(async ({ tx }) => {
      const row = await updatePlan(tx, id, values);
      if (!row) throw planNotFound();
      await audit(tx, {
        organizationId: viewer.organizationId,
        actorId: viewer.userId,
        action: 'plan.updated',
        entityType: 'plan',
        entityId: id,
        before: snapshot(before),
        after: snapshot(row),
      });
      return row;
    }),
  );
  return toAdminPlan(after, await organizationsOnPlan(deps.db, id));
}

/** Only a plan no organization is on (else 409: make it inactive instead), and never the default one. */
export async function removePlan(deps: Deps, viewer: Viewer, id: number): Promise<null> {
  const plan = await planById(deps.db, id);
  if (!plan) throw planNotFound();
  if (plan.isDefault || (await organizationsOnPlan(deps.db, id)) > 0)
    throw new AppError('conflict', BILLING_MESSAGES.plan_in_use);
  await deps.transaction(async ({ tx }) => {
    if (!(await deletePlan(tx, id))) throw planNotFound();
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'plan.deleted',
      entityType: 'plan',
      entityId: id,
      before: snapshot(plan),
    });
  });
  return null;
}
