import type { Organization, Plan } from '@vahub/shared/organization/schemas';
import {
  ORGANIZATION_MESSAGES,
  type OrganizationRow as OrganizationRowDto,
  type OrganizationUpdate,
} from '@vahub/shared/organization/settings';
import { iso } from '../../lib/clock';
import { AppError, fieldError } from '../../lib/errors';
import { paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import type { Tx } from '../../platform/transaction';
import { logoUrl } from './logo.service';
import { organizationPeoplePort } from './organizations.ports';
import {
  allPlans,
  type DirectoryRow,
  findDirectoryRow,
  findOrganization,
  findPlan,
  lockOrganizationRow,
  namesOf,
  pageDirectory,
  updateOrganizationRow,
} from './organizations.repository';
import type { organizations } from './organizations.table';

export const organizationNotFound = () => new AppError('not_found', ORGANIZATION_MESSAGES.not_found);

/** The organization's owner as lists show them (the people module knows who they are). */
async function ownersOf(deps: Deps, ownerIds: Array<number | null>) {
  const people = await organizationPeoplePort.get().peopleByIds(
    deps.db,
    ownerIds.filter((id): id is number => id !== null),
  );
  return (id: number | null) => {
    const p = id === null ? undefined : people.get(id);
    return p ? { id: p.id, first_name: p.first_name, last_name: p.last_name, email: p.email } : null;
  };
}

/** The home organization has no user limit (DOMAIN.md), whatever its row says. */
const seatLimit = (org: { id: number; maxUsers: number | null }) => (org.id === 1 ? null : org.maxUsers);

/** `GET organization`: the viewer's own. */
export async function getOrganization(deps: Deps, viewer: Viewer): Promise<Organization> {
  const org = await findOrganization(deps.db, viewer.organizationId);
  if (!org) throw organizationNotFound();
  const [owner, userCount] = await Promise.all([
    ownersOf(deps, [org.ownerId]),
    organizationPeoplePort.get().activeUserCount(deps.db, org.id),
  ]);
  return {
    id: org.id,
    name: org.name,
    status: org.status === 1 ? 1 : 0,
    plan_id: org.planId,
    plan_valid_until: iso(org.planValidUntil),
    owner: owner(org.ownerId),
    user_count: userCount,
    max_users: seatLimit(org),
    timezone: org.timezone,
    trial_ends_at: iso(org.trialEndsAt),
    grace_until: iso(org.graceUntil),
    logo_url: logoUrl(org.logoKey),
  };
}

/** The plans on offer (an inactive plan keeps its organizations but is offered no more). */
export async function listPlans(deps: Deps): Promise<Plan[]> {
  const rows = (await allPlans(deps.db)).filter((p) => p.active);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price_cents: p.priceCents,
    currency: p.currency,
    interval: p.interval,
    max_users: p.maxUsers,
    price_id: p.providerPriceId,
    provider_price_id: p.providerPriceId,
    features: p.features,
    is_default: p.isDefault,
  }));
}

const toRow = (
  { org, planName, userCount }: DirectoryRow,
  owner: Awaited<ReturnType<typeof ownersOf>>,
): OrganizationRowDto => ({
  id: org.id,
  name: org.name,
  status: org.status === 1 ? 1 : 0,
  plan_id: org.planId,
  plan_name: planName,
  plan_valid_until: iso(org.planValidUntil),
  user_count: userCount,
  max_users: seatLimit(org),
  owner: owner(org.ownerId),
  timezone: org.timezone,
  created_at: iso(org.createdAt) ?? '',
  trial_ends_at: iso(org.trialEndsAt),
  grace_until: iso(org.graceUntil),
  subscribed: org.billingSubscriptionId !== null,
});

/** Super admin: every organization with its plan, seats and owner. */
export async function listOrganizations(
  deps: Deps,
  q: { page: number; per_page: number; search?: string; status?: number },
) {
  const { rows, total } = await pageDirectory(deps.db, q, q.page, q.per_page);
  const owner = await ownersOf(
    deps,
    rows.map((r) => r.org.ownerId),
  );
  return { data: rows.map((r) => toRow(r, owner)), meta: paginationMeta(q.page, q.per_page, total) };
}

/** Super admin: status, plan (its seats unless seats are given), expiry, seats. Organization 1 stays active. */
export async function updateOrganization(deps: Deps, viewer: Viewer, id: number, body: OrganizationUpdate) {
  await deps.transaction(async ({ tx }) => {
    const before = await lockOrganizationRow(tx, id);
    if (!before) throw organizationNotFound();
    if (id === 1 && body.status === 0) throw fieldError('status', ORGANIZATION_MESSAGES.home_always_active);
    const patch: Partial<typeof organizations.$inferInsert> = { updatedAt: deps.clock.now() };
    if (body.status !== undefined) patch.status = body.status;
    if (body.plan_valid_until !== undefined)
      patch.planValidUntil = body.plan_valid_until ? new Date(body.plan_valid_until) : null;
    // Taken in hand (an operator billing outside Stripe, or suspending): the trial and a failed payment's grace
    // period no longer apply; the plan's end (`plan_valid_until`) is what lapses it now (docs/decisions.md).
    if (body.status !== undefined || body.plan_valid_until !== undefined) {
      patch.trialEndsAt = null;
      patch.graceUntil = null;
    }
    if (body.plan_id !== undefined) {
      patch.planId = body.plan_id;
      if (body.plan_id !== null) {
        const plan = await findPlan(tx, body.plan_id);
        if (!plan) throw fieldError('plan_id', ORGANIZATION_MESSAGES.plan_unknown);
        // Moving to a plan takes its seats unless they are set explicitly.
        if (body.max_users === undefined) patch.maxUsers = plan.maxUsers;
      }
    }
    if (body.max_users !== undefined) patch.maxUsers = body.max_users;
    const after = await updateOrganizationRow(tx, id, patch);
    await audit(tx, {
      organizationId: id,
      actorId: viewer.userId,
      action: 'organization.updated',
      entityType: 'organization',
      entityId: id,
      before,
      after,
    });
  });
  const row = await findDirectoryRow(deps.db, id);
  if (!row) throw organizationNotFound();
  return toRow(row, await ownersOf(deps, [row.org.ownerId]));
}

/**
 * Locks an organization's row for the rest of the transaction and answers what the people module needs
 * to admit a user: the seat limit (null: none) and the default time zone. Two admins taking the last
 * seat at once wait for each other here.
 */
export async function lockOrganizationSeats(
  tx: Tx,
  id: number,
): Promise<{ id: number; maxUsers: number | null; timezone: string } | null> {
  const org = await lockOrganizationRow(tx, id);
  return org ? { id: org.id, maxUsers: org.maxUsers, timezone: org.timezone } : null;
}

/** Names of organizations by id (the super admin's user list shows them). */
export const organizationNames = namesOf;
