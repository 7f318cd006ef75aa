import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { plans } from '../src/modules/organizations/organizations.table';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

let orgId: number;
beforeEach(async () => {
  await h.reset();
  await h.createUser({ email: 'root@home.test', roles: ['super_admin'] });
  await h.createUser({ email: 'admin@home.test', roles: ['admin'] });
  const org = await h.createOrg('Second Agency', { maxUsers: 5 });
  orgId = org.id;
  await h.createUser({ email: 'boss@second.test', roles: ['admin'], organizationId: orgId });
});

const patch = async (email: string, id: number, payload: Record<string, unknown>) =>
  h.app.inject({
    method: 'PATCH',
    url: `/api/v1/super-admin-access/organizations/${id}`,
    headers: await h.bearer(email),
    payload,
  });

describe('PATCH super-admin-access/organizations/{id}', () => {
  it('suspends an organization: its people then see an inactive subscription', async () => {
    const res = await patch('root@home.test', orgId, { status: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: orgId, status: 0, name: 'Second Agency' });
    const seen = await h.app.inject({
      url: '/api/v1/organization',
      headers: await h.bearer('boss@second.test'),
    });
    expect(seen.json().status).toBe(0);
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'organization.updated'))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ organizationId: orgId, entityId: orgId });
    expect((entry.before as { status: number }).status).toBe(1);
    expect((entry.after as { status: number }).status).toBe(0);
  });

  it('moves an organization to a plan, taking its seats unless they are given', async () => {
    const [agency] = await h.db.select().from(plans).where(eq(plans.name, 'Agency'));
    const moved = await patch('root@home.test', orgId, {
      plan_id: agency.id,
      plan_valid_until: '2027-01-31T00:00:00Z',
    });
    expect(moved.json()).toMatchObject({
      plan_id: agency.id,
      plan_name: 'Agency',
      max_users: 100,
      plan_valid_until: '2027-01-31T00:00:00.000Z',
    });
    const seats = await patch('root@home.test', orgId, { max_users: 7 });
    expect(seats.json().max_users).toBe(7);
  });

  it('refuses bad input with field errors', async () => {
    const bad = await patch('root@home.test', orgId, { status: 3, max_users: 0, plan_valid_until: 'soon' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['max_users', 'plan_valid_until', 'status']);
    const noPlan = await patch('root@home.test', orgId, { plan_id: 999 });
    expect(noPlan.json().errors.plan_id).toEqual(['There is no such plan.']);
    const unknown = await patch('root@home.test', orgId, { name: 'Renamed' });
    expect(unknown.statusCode).toBe(422);
  });

  it('keeps the home organization active', async () => {
    const res = await patch('root@home.test', 1, { status: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.status).toEqual(['The home organization is always active.']);
  });

  it('answers 404 for an unknown organization and 403 to anyone but a super admin', async () => {
    expect((await patch('root@home.test', 9999, { status: 1 })).statusCode).toBe(404);
    expect((await patch('admin@home.test', orgId, { status: 0 })).statusCode).toBe(403);
    expect((await patch('boss@second.test', orgId, { status: 1 })).statusCode).toBe(403);
  });
});
