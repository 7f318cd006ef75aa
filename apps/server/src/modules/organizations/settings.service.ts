import { reconcilePrivacy } from '@vahub/shared/contracts/settings';
import { isSubscriptionActive } from '@vahub/shared/organization/schemas';
import {
  type ContractDefaults,
  type ContractDefaultsPatch,
  mergeContractDefaults,
  mergeScreenshotPolicy,
  mergeTimesheetPolicy,
  type OrganizationSettings,
  type ScreenshotPolicy,
  type TimesheetPolicy,
} from '@vahub/shared/organization/settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso } from '../../lib/clock';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { organizationNotFound } from './organizations.service';
import { organizations, plans } from './organizations.table';

type OrgRow = typeof organizations.$inferSelect;

const snapshot = (o: OrgRow) => ({
  name: o.name,
  timezone: o.timezone,
  contract_defaults: o.contractDefaults,
  screenshot_policy: o.screenshotPolicy,
  timesheet_policy: o.timesheetPolicy,
});

const PRIVACY_KEYS = ['screenshot_privacy', 'screenshots_enabled', 'blur_screenshots'] as const;

/**
 * The stored defaults over the built-in ones, with the privacy tier and the spec's two booleans in step: a
 * stored tier wins, else stored booleans (an organization that chose them before tiers existed) set the tier.
 */
function effectiveDefaults(stored: Record<string, unknown> | null | undefined): ContractDefaults {
  const merged = mergeContractDefaults(stored);
  const chosen = Object.fromEntries(
    PRIVACY_KEYS.filter((k) => stored && k in stored).map((k) => [k, merged[k]]),
  ) as Partial<ContractDefaults>;
  return reconcilePrivacy(merged, chosen);
}

/** The effective contract defaults of an organization (what the contracts module starts a contract with). */
export async function contractDefaultsOf(deps: { db: Db }, organizationId: number) {
  const [org] = await deps.db
    .select({ d: organizations.contractDefaults })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return effectiveDefaults(org?.d);
}

/** The effective screenshot policy of an organization (retention, the VA's delete grace). */
export async function screenshotPolicyOf(db: Db, organizationId: number): Promise<ScreenshotPolicy> {
  const [org] = await db
    .select({ p: organizations.screenshotPolicy })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return mergeScreenshotPolicy(org?.p);
}

/** Every organization's effective screenshot policy, by id (the retention job walks them). */
export async function screenshotPolicies(db: Db): Promise<Map<number, ScreenshotPolicy>> {
  const rows = await db
    .select({ id: organizations.id, p: organizations.screenshotPolicy })
    .from(organizations);
  return new Map(rows.map((r) => [r.id, mergeScreenshotPolicy(r.p)]));
}

/** The organization's zone (its "today" decides whether a week has started and when a reminder is due). */
export async function organizationTimezone(db: Db, organizationId: number): Promise<string> {
  const [org] = await db
    .select({ timezone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return org?.timezone ?? 'UTC';
}

/** The effective timesheet policy of an organization (client sign-off, reminders). */
export async function timesheetPolicyOf(db: Db, organizationId: number): Promise<TimesheetPolicy> {
  const [org] = await db
    .select({ p: organizations.timesheetPolicy })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return mergeTimesheetPolicy(org?.p);
}

/** Every organization's effective timesheet policy, by id (the reminder job walks them). */
export async function timesheetPolicies(db: Db): Promise<Map<number, TimesheetPolicy>> {
  const rows = await db
    .select({ id: organizations.id, p: organizations.timesheetPolicy })
    .from(organizations);
  return new Map(rows.map((r) => [r.id, mergeTimesheetPolicy(r.p)]));
}

/** Only the keys the organization chose are stored, so a later change of a built-in default applies. */
function storedOver<T extends Record<string, unknown>>(stored: T, patch: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) out[key] = value;
  return out as T;
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
    contract_defaults: effectiveDefaults(org.contractDefaults),
    screenshot_policy: mergeScreenshotPolicy(org.screenshotPolicy),
    timesheet_policy: mergeTimesheetPolicy(org.timesheetPolicy),
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
  input: {
    name?: string;
    timezone?: string;
    contract_defaults?: ContractDefaultsPatch;
    screenshot_policy?: Partial<ScreenshotPolicy>;
    timesheet_policy?: Partial<TimesheetPolicy>;
  },
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
      const chosen = input.contract_defaults;
      let stored = storedOver(before.contractDefaults, chosen);
      // A change of the tier or of the spec's booleans stores all three, in step.
      if (PRIVACY_KEYS.some((k) => chosen[k] !== undefined)) {
        const settled = reconcilePrivacy(effectiveDefaults(before.contractDefaults), chosen);
        stored = storedOver(stored, Object.fromEntries(PRIVACY_KEYS.map((k) => [k, settled[k]])));
      }
      patch.contractDefaults = stored;
    }
    if (input.screenshot_policy) {
      patch.screenshotPolicy = storedOver(before.screenshotPolicy, input.screenshot_policy);
    }
    if (input.timesheet_policy) {
      patch.timesheetPolicy = storedOver(before.timesheetPolicy, input.timesheet_policy);
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
