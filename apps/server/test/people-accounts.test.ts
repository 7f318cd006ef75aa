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
  peopleByIds,
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

describe("people behind ids (every list's cards, one prepared statement)", () => {
  it('answers each person once, whatever the number of ids, and nobody for ids of no one', async () => {
    const people = await h.deps.transaction(async ({ tx }) => {
      const org = await openOrganization(tx, { name: 'Cards', timezone: 'UTC', billing: null });
      const make = (n: number) =>
        createAccount(tx, {
          organizationId: org.id,
          email: `p${n}@cards.test`,
          firstName: `First${n}`,
          lastName: `Last${n}`,
          roles: ['va'],
          timezone: 'Asia/Manila',
        });
      return [await make(1), await make(2), await make(3)];
    });
    const [a, b, c] = people;
    const one = await peopleByIds(h.db, [a.id]);
    expect([...one.keys()]).toEqual([a.id]);
    expect(one.get(a.id)).toMatchObject({
      name: 'First1 Last1',
      email: 'p1@cards.test',
      timezone: 'Asia/Manila',
    });
    // The same statement with three ids, a repeated one and an id of no one.
    const three = await peopleByIds(h.db, [c.id, a.id, c.id, b.id, 999_999]);
    expect([...three.keys()].sort((x, y) => x - y)).toEqual([a.id, b.id, c.id]);
    expect(three.get(b.id)?.name).toBe('First2 Last2');
    // Inside a transaction as well (its own connection on PostgreSQL).
    const inTx = await h.deps.transaction(({ tx }) => peopleByIds(tx, [b.id]));
    expect(inTx.get(b.id)?.email).toBe('p2@cards.test');
    expect((await peopleByIds(h.db, [])).size).toBe(0);
  });
});
