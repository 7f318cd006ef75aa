import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { organizations } from '../src/modules/organizations/organizations.table';
import { openOrganization, setOrganizationOwner } from '../src/modules/organizations/public';
import {
  createAccount,
  emailInUse,
  findAccount,
  findAccountByEmail,
  markEmailVerified,
  recordSignIn,
} from '../src/modules/people/public';
import { createHarness, type Harness } from './harness';

/** What the people and organizations modules offer the auth module (sign-in, registration, verification). */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(() => h.reset());

describe('accounts for the auth module', () => {
  it('opens an organization with its owner, finds the account by email in any case, records sign-in and verification', async () => {
    const at = new Date('2026-03-02T10:00:00Z');
    const { org, owner } = await h.deps.transaction(async ({ tx }) => {
      const org = await openOrganization(tx, {
        name: 'New Agency',
        timezone: 'Europe/Berlin',
        billing: null,
      });
      const owner = await createAccount(tx, {
        organizationId: org.id,
        email: 'owner@new.test',
        firstName: 'Olga',
        lastName: 'Owner',
        roles: ['admin'],
        timezone: 'Europe/Berlin',
      });
      await setOrganizationOwner(tx, org.id, owner.id);
      return { org, owner };
    });
    expect(await emailInUse(h.db, 'OWNER@new.test')).toBe(true);
    expect((await findAccountByEmail(h.db, ' Owner@NEW.test '))?.id).toBe(owner.id);
    await recordSignIn(h.db, owner.id, at);
    await markEmailVerified(h.db, owner.id, at);
    expect(await findAccount(h.db, owner.id)).toMatchObject({ lastLoginAt: at, emailVerifiedAt: at });
    const [row] = await h.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row).toMatchObject({ ownerId: owner.id, status: 1, timezone: 'Europe/Berlin' });
    expect(row.planId).not.toBeNull();
  });

  it('starts an organization inactive and without a plan when billing is on without a trial', async () => {
    const org = await h.deps.transaction(({ tx }) =>
      openOrganization(tx, { name: 'Paying', timezone: 'UTC', billing: { trialEndsAt: null } }),
    );
    const [row] = await h.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row).toMatchObject({ status: 0, planId: null, trialEndsAt: null });
  });

  it('starts an organization active in trial on the default plan when billing is on with a trial', async () => {
    const trialEndsAt = new Date('2026-03-16T09:00:00Z');
    const org = await h.deps.transaction(({ tx }) =>
      openOrganization(tx, { name: 'Trying', timezone: 'UTC', billing: { trialEndsAt } }),
    );
    const [row] = await h.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row).toMatchObject({ status: 1, trialEndsAt, planValidUntil: trialEndsAt });
    expect(row.planId).not.toBeNull();
  });
});
