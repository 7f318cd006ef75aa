import { BILLING_MESSAGES } from '@vahub/shared/billing/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plans } from '../src/modules/organizations/organizations.table';
import { createHarness, type Harness } from './harness';

// Plans' names are unique: the service checks first, the unique index decides when requests race past the check
// (on PostgreSQL they run at once; the embedded database takes them in turn, where the check alone answers).
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(async () => {
  await h.reset();
  await h.createUser({ email: 'root@home.test', roles: ['super_admin'] });
  root = await h.bearer('root@home.test');
});

let root: Record<string, string>;
const create = (name: string, priceId: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/v1/super-admin-access/plans',
    headers: root,
    payload: { name, price_cents: 1000, max_users: 5, price_id: priceId },
  });

describe('plans created at once', () => {
  it('with one name: one is created, the others answer 422 on the name, none fails', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create('Racing', `price_race_${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
    for (const refused of answers.filter((a) => a.statusCode === 422))
      expect(refused.json().errors).toEqual({ name: [BILLING_MESSAGES.plan_name_taken] });
    expect(await h.db.select().from(plans).where(eq(plans.name, 'Racing'))).toHaveLength(1);
  });

  it('a plan renamed to a name another request takes at once answers 422 as well', async () => {
    const first = (await create('First', 'price_first')).json() as { id: number };
    const rename = () =>
      h.app.inject({
        method: 'PATCH',
        url: `/api/v1/super-admin-access/plans/${first.id}`,
        headers: root,
        payload: { name: 'Taken' },
      });
    const [created, renamed] = await Promise.all([create('Taken', 'price_taken'), rename()]);
    // One of them has the name, whichever came first; the other is told so.
    const won = [created, renamed].filter((a) => a.statusCode === 201 || a.statusCode === 200);
    const lost = [created, renamed].filter((a) => a.statusCode === 422);
    expect([won.length, lost.length]).toEqual([1, 1]);
    expect(lost[0].json().errors).toEqual({ name: [BILLING_MESSAGES.plan_name_taken] });
    expect(await h.db.select().from(plans).where(eq(plans.name, 'Taken'))).toHaveLength(1);
  });
});
