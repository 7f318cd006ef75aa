import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../platform/transaction';
import { organizations, plans } from './organizations.table';

/**
 * A registered agency: on the default plan with its seats, active at once while billing is off, inactive
 * until paid when it is on. The owner is created inside the same transaction by `createOwner`, which gets
 * the new organization's id and answers the owner.
 */
export async function createOrganization<Owner extends { id: number }>(
  uow: UnitOfWork,
  input: { name: string; timezone: string; billing: boolean },
  createOwner: (organizationId: number) => Promise<Owner>,
): Promise<{ id: number; owner: Owner }> {
  const { tx } = uow;
  const [plan] = await tx.select().from(plans).where(eq(plans.isDefault, true)).limit(1);
  const [org] = await tx
    .insert(organizations)
    .values({
      name: input.name,
      status: input.billing ? 0 : 1,
      planId: input.billing ? null : (plan?.id ?? null),
      maxUsers: plan?.maxUsers ?? null,
      timezone: input.timezone,
    })
    .returning({ id: organizations.id });
  const owner = await createOwner(org.id);
  await tx.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, org.id));
  return { id: org.id, owner };
}
