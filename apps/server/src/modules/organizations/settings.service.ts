import { isSubscriptionActive } from '@vahub/shared/organization/schemas';
import {
  type ContractDefaultsPatch,
  mergeContractDefaults,
  type OrganizationSettings,
} from '@vahub/shared/organization/settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso } from '../../lib/clock';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../audit/public';
import { organizationNotFound } from './organizations.service';
import { organizations, plans } from './organizations.table';

type OrgRow = typeof organizations.$inferSelect;

const snapshot = (o: OrgRow) => ({
  name: o.name,
  timezone: o.timezone,
  contract_defaults: o.contractDefaults,
});

/** The effective contract defaults of an organization (what the contracts module starts a contract with). */
export async function contractDefaultsOf(deps: { db: Db }, organizationId: number) {
  const [org] = await deps.db
    .select({ d: organizations.contractDefaults })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return mergeContractDefaults(org?.d);
}

export async function getSettings(deps: Deps, organizationId: number): Promise<OrganizationSettings> {
  const [row] = await deps.db
    .select({ org: organizations, planName: plans.name })
    .from(organizations)
    .leftJoin(plans, eq(plans.id, organizations.planId))
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) throw organizationNotFound();
  const { org } = row;
  const status = org.status === 1 ? 1 : 0;
  return {
    id: org.id,
    name: org.name,
    timezone: org.timezone,
    contract_defaults: mergeContractDefaults(org.contractDefaults),
    subscription: {
      plan_name: row.planName,
      plan_valid_until: iso(org.planValidUntil),
      status,
      active: isSubscriptionActive({ id: org.id, status }),
    },
  };
}

export async function updateSettings(
  deps: Deps,
  viewer: Viewer,
  input: { name?: string; timezone?: string; contract_defaults?: ContractDefaultsPatch },
) {
  await deps.transaction(async ({ tx }) => {
    const [before] = await tx
      .select()
      .from(organizations)
      .where(eq(organizations.id, viewer.organizationId))
      .for('update');
    if (!before) throw organizationNotFound();
    const patch: Partial<typeof organizations.$inferInsert> = { updatedAt: deps.clock.now() };
    if (input.name !== undefined) patch.name = input.name;
    if (input.timezone !== undefined) patch.timezone = input.timezone;
    if (input.contract_defaults) {
      // Only the keys the organization chose are stored, so a later change of a built-in default applies.
      const merged: Record<string, number | boolean> = { ...before.contractDefaults };
      for (const [key, value] of Object.entries(input.contract_defaults)) {
        if (value !== undefined) merged[key] = value;
      }
      patch.contractDefaults = merged;
    }
    const [after] = await tx
      .update(organizations)
      .set(patch)
      .where(eq(organizations.id, viewer.organizationId))
      .returning();
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'settings.updated',
      entityType: 'organization',
      entityId: viewer.organizationId,
      before: snapshot(before),
      after: snapshot(after),
    });
  });
  return getSettings(deps, viewer.organizationId);
}
