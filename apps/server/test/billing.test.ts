import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { lapseSweep } from '../src/modules/billing/billing.sync';
import { billingEvents } from '../src/modules/billing/billing.table';
import { mailOutbox } from '../src/modules/mail/mail.table';
import { organizations, plans } from '../src/modules/organizations/organizations.table';
import { users } from '../src/modules/people/users.table';
import { FakeStripe } from './fake-stripe';
import { createHarness, type Harness, PASSWORD } from './harness';

// Billing on, against the fake Stripe server: the real `stripe` SDK of platform/payments talks to it through
// STRIPE_API_BASE, and its webhooks are signed with the SDK's generateTestHeaderString.
let h: Harness;
let stripe: FakeStripe;
const DAY = 86_400_000;

beforeAll(async () => {
  stripe = await FakeStripe.start();
  h = await createHarness({
    APP_URL: 'https://app.example.test',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
  stripe.now = () => h.clock.now();
});
afterAll(async () => {
  await h?.close();
  await stripe?.close();
});

let org: number;
let other: number;
beforeEach(async () => {
  await h.reset();
  stripe.reset();
  // The ladder's prices at the provider: Starter monthly, Team monthly, Agency monthly.
  for (const [name, price] of [
    ['Starter', 'price_starter'],
    ['Team', 'price_team'],
    ['Agency', 'price_agency'],
  ])
    await h.db.update(plans).set({ providerPriceId: price }).where(eq(plans.name, name));
  org = (await register(h, 'Acme', 'owner@acme.test')).id;
  await h.createUser({ email: 'vera@acme.test', roles: ['va'], organizationId: org });
  await h.createUser({ email: 'mia@acme.test', roles: ['manager'], organizationId: org });
  other = (await h.createOrg('Other')).id;
  await h.createUser({ email: 'boss@other.test', roles: ['admin'], organizationId: other });
});

/** A sign-up of an agency (no mail server: its owner is verified at once); answers the new organization. */
async function register(harness: Harness, company: string, email: string) {
  const res = await harness.app.inject({
    method: 'POST',
    url: '/api/v1/register',
    payload: {
      company_name: company,
      first_name: 'Olive',
      last_name: 'Owner',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      timezone: 'UTC',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [owner] = await harness.db.select().from(users).where(eq(users.email, email));
  return { id: owner.organizationId };
}

const call = async (email: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: await h.bearer(email), ...(payload ? { payload } : {}) });

const orgRow = async (id = org) =>
  (await h.db.select().from(organizations).where(eq(organizations.id, id)))[0];
const auditCount = async (id = org) =>
  (await h.db.select().from(auditLog).where(eq(auditLog.organizationId, id))).length;

/** The webhook delivery of a signed event (the body exactly as signed). */
const deliver = (d: { payload: string; signature: string | null }) =>
  h.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      ...(d.signature ? { 'stripe-signature': d.signature } : {}),
    },
    payload: d.payload,
  });

/** Checkout as Acme's owner, paid on the fake's hosted page, confirmed with checkout-success. */
async function subscribe(price = 'price_team') {
  const res = await call('owner@acme.test', 'POST', '/api/v1/checkout', { price_id: price });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = new URL(res.json().url).pathname.split('/').at(-1) ?? '';
  const session = stripe.pay(sessionId);
  const confirmed = await call('owner@acme.test', 'POST', '/api/v1/checkout-success', {
    session_id: sessionId,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { sessionId, subscriptionId: session.subscription ?? '', customerId: session.customer };
}

const subscriptionObject = (id: string) => stripe.subscriptions.get(id) as unknown as Record<string, unknown>;

describe('a new organization with billing on', () => {
  it('starts active in trial on the default plan, and lapses when the trial ends without a subscription', async () => {
    const row = await orgRow();
    expect(row).toMatchObject({ status: 1, trialEndsAt: new Date(h.clock.now().getTime() + 14 * DAY) });
    const summary = (await call('owner@acme.test', 'GET', '/api/v1/billing/summary')).json();
    expect(summary).toMatchObject({
      billing_enabled: true,
      state: 'trialing',
      active: true,
      plan: { name: 'Team' },
    });
    expect((await h.app.inject({ url: '/api/v1/realm' })).json().billing_enabled).toBe(true);

    // The sweep's queue exists (its cron runs it every five minutes, once across instances).
    const queues = await h.db.execute<{ name: string }>(
      sql`select name from pgboss.queue where name = 'billing.lapse-sweep'`,
    );
    expect((queues as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    h.clock.advance(13 * DAY);
    expect(await lapseSweep(h.deps)).toBe(0);
    h.clock.advance(2 * DAY);
    expect(await lapseSweep(h.deps)).toBe(1);
    expect((await orgRow()).status).toBe(0);
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, org), eq(auditLog.action, 'billing.lapsed')));
    expect(entry).toBeTruthy();
  });
});

describe('the whole flow: checkout, checkout-success, portal, invoices', () => {
  it('opens a checkout for the organization, activates it once paid, and a second confirmation changes nothing', async () => {
    const first = await call('owner@acme.test', 'POST', '/api/v1/checkout', { price_id: 'price_team' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().url).toMatch(new RegExp(`^${stripe.url}/pay/cs_`));
    const second = await call('owner@acme.test', 'POST', '/api/v1/checkout', { price_id: 'price_agency' });
    expect(second.statusCode).toBe(200);

    // One customer for the organization, reused; each attempt its own idempotency key.
    const customers = stripe.requests.filter((r) => r.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0].body).toMatchObject({
      name: 'Acme',
      email: 'owner@acme.test',
      metadata: { organization_id: String(org) },
    });
    const sessions = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST');
    expect(sessions).toHaveLength(2);
    expect(sessions[0].body).toMatchObject({
      mode: 'subscription',
      customer: customers.length ? (await orgRow()).billingCustomerId : '',
      client_reference_id: String(org),
      metadata: { organization_id: String(org) },
      success_url: 'https://app.example.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.example.test/checkout/cancel',
      line_items: [{ price: 'price_team', quantity: '1' }],
    });
    expect(sessions[0].idempotencyKey).toBeTruthy();
    expect(sessions[1].idempotencyKey).not.toBe(sessions[0].idempotencyKey);

    // Not paid yet: refused, nothing changes.
    const sessionId = new URL(first.json().url).pathname.split('/').at(-1) ?? '';
    const unpaid = await call('owner@acme.test', 'POST', '/api/v1/checkout-success', {
      session_id: sessionId,
    });
    expect(unpaid.statusCode).toBe(422);
    expect((await orgRow()).billingSubscriptionId).toBeNull();

    stripe.pay(sessionId);
    const ok = await call('owner@acme.test', 'POST', '/api/v1/checkout-success', { session_id: sessionId });
    expect(ok.statusCode, ok.body).toBe(200);
    const periodEnd = new Date(h.clock.now().getTime() + 30 * DAY);
    periodEnd.setUTCMilliseconds(0);
    expect(ok.json()).toMatchObject({
      state: 'active',
      active: true,
      plan: { name: 'Team', max_users: 25 },
      max_users: 25,
      plan_valid_until: periodEnd.toISOString(),
      trial_ends_at: null,
    });
    const row = await orgRow();
    expect(row).toMatchObject({ status: 1, maxUsers: 25, planValidUntil: periodEnd, trialEndsAt: null });
    expect(row.billingSubscriptionId).toMatch(/^sub_/);
    const audits = await auditCount();

    const again = await call('owner@acme.test', 'POST', '/api/v1/checkout-success', {
      session_id: sessionId,
    });
    expect(again.statusCode).toBe(200);
    expect(await auditCount()).toBe(audits);
    expect(await orgRow()).toEqual(row);
  });

  it('answers the portal link and the invoices of the organization', async () => {
    const { customerId } = await subscribe();
    const portal = await call('owner@acme.test', 'POST', '/api/v1/cashier/portal-link');
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toBe(`${stripe.url}/portal/${customerId}`);
    const request = stripe.requests.find((r) => r.path === '/v1/billing_portal/sessions');
    expect(request?.body).toEqual({
      customer: customerId,
      return_url: 'https://app.example.test/admin-dashboard/billing',
    });

    const invoices = await call('owner@acme.test', 'GET', '/api/v1/billing/invoices');
    expect(invoices.statusCode).toBe(200);
    expect(invoices.json()).toEqual([
      expect.objectContaining({
        number: 'FAKE-0001',
        amount_cents: 2900,
        currency: 'usd',
        status: 'paid',
        hosted_url: expect.stringContaining('/invoices/in_'),
        pdf_url: expect.stringMatching(/\.pdf$/),
      }),
    ]);
    // Another organization sees none of them (it has no customer yet).
    expect((await call('boss@other.test', 'GET', '/api/v1/billing/invoices')).json()).toEqual([]);
    const otherPortal = await call('boss@other.test', 'POST', '/api/v1/cashier/portal-link');
    expect(otherPortal.statusCode).toBe(409);
  });

  it('refuses a plan that is unknown, not offered, or has no price id (422 that says so)', async () => {
    const unknown = await call('owner@acme.test', 'POST', '/api/v1/checkout', { price_id: 'price_nope' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.price_id).toEqual(['No plan on offer has this price.']);
    const [enterprise] = await h.db.select().from(plans).where(eq(plans.name, 'Enterprise'));
    const noPrice = await call('owner@acme.test', 'POST', '/api/v1/checkout', { plan_id: enterprise.id });
    expect(noPrice.statusCode).toBe(422);
    expect(noPrice.json().message).toBe(
      'This plan has no price at the payment provider yet, so it cannot be bought.',
    );
    await h.db.update(plans).set({ active: false }).where(eq(plans.name, 'Starter'));
    const retired = await call('owner@acme.test', 'POST', '/api/v1/checkout', { price_id: 'price_starter' });
    expect(retired.statusCode).toBe(422);
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(0);
    // A price id the provider does not know: its refusal becomes ours (422), without the vendor's words.
    await h.db.update(plans).set({ providerPriceId: 'bogus_agency' }).where(eq(plans.name, 'Agency'));
    const refused = await call('owner@acme.test', 'POST', '/api/v1/checkout', { price_id: 'bogus_agency' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      "The payment provider refused the request: check the plan's price id.",
    );
  });

  it('answers 503 when the provider fails, with no vendor detail', async () => {
    stripe.failNext = 10;
    const res = await call('owner@acme.test', 'POST', '/api/v1/checkout', { price_id: 'price_team' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('The payment provider could not be reached. Try again in a minute.');
  });
});

describe('who may pay', () => {
  it("refuses a non-admin's checkout, checkout-success and portal link (403)", async () => {
    for (const email of ['vera@acme.test', 'mia@acme.test']) {
      for (const [url, body] of [
        ['/api/v1/checkout', { price_id: 'price_team' }],
        ['/api/v1/checkout-success', { session_id: 'cs_test_x' }],
        ['/api/v1/cashier/portal-link', undefined],
      ] as const) {
        expect((await call(email, 'POST', url, body)).statusCode, `${email} ${url}`).toBe(403);
      }
      expect((await call(email, 'GET', '/api/v1/billing/invoices')).statusCode).toBe(403);
    }
    expect(stripe.requests).toHaveLength(0);
  });

  it("refuses another organization's session id, and changes nothing", async () => {
    const res = await call('owner@acme.test', 'POST', '/api/v1/checkout', { price_id: 'price_team' });
    const sessionId = new URL(res.json().url).pathname.split('/').at(-1) ?? '';
    stripe.pay(sessionId);
    const before = await orgRow(other);
    const stolen = await call('boss@other.test', 'POST', '/api/v1/checkout-success', {
      session_id: sessionId,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('This checkout session was not found.');
    expect(await orgRow(other)).toEqual(before);
    expect((await orgRow()).billingSubscriptionId).toBeNull();
    const missing = await call('owner@acme.test', 'POST', '/api/v1/checkout-success', {
      session_id: 'cs_test_none',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('webhooks', () => {
  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { subscriptionId } = await subscribe();
    stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    const event = stripe.event('customer.subscription.deleted', subscriptionObject(subscriptionId));
    const forged = await deliver({
      payload: event.payload,
      // The signature's first digit changed (to another one: a signature starting with 0 stays forged).
      signature: event.signature.replace(/v1=(\w)/, (_, d: string) => `v1=${d === '0' ? '1' : '0'}`),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('bad_signature');
    const tampered = await deliver({
      payload: event.payload.replace('"canceled"', '"active"'),
      signature: event.signature,
    });
    expect(tampered.statusCode).toBe(400);
    expect((await deliver({ payload: event.payload, signature: null })).statusCode).toBe(400);
    expect((await orgRow()).status).toBe(1);
    expect(await h.db.select().from(billingEvents)).toHaveLength(0);
    // The genuine delivery then goes through.
    const genuine = await deliver(event);
    expect(genuine.statusCode).toBe(200);
    expect((await orgRow()).status).toBe(0);
  });

  it('handles a replayed event once, and an out-of-order one by the subscription as it is now', async () => {
    const { subscriptionId } = await subscribe();
    // A renewal: the period moves on; the event is delivered twice.
    stripe.updateSubscription(subscriptionId, { periodEndDays: 60 });
    const renewed = stripe.event(
      'invoice.paid',
      stripe.addInvoice(stripe.subscriptions.get(subscriptionId)?.customer ?? '', subscriptionId, 'paid'),
    );
    const first = await deliver(renewed);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const until = (await orgRow()).planValidUntil;
    expect(until?.getTime()).toBe(Math.floor(h.clock.now().getTime() / 1000) * 1000 + 60 * DAY);
    const audits = await auditCount();
    const replay = await deliver(renewed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await auditCount()).toBe(audits);

    // A plan change in the portal: the update arrives, then the stale "created" of the first period.
    const stale = stripe.event('customer.subscription.created', {
      ...subscriptionObject(subscriptionId),
      status: 'incomplete',
    });
    stripe.updateSubscription(subscriptionId, { price: 'price_agency' });
    expect(
      (await deliver(stripe.event('customer.subscription.updated', subscriptionObject(subscriptionId))))
        .statusCode,
    ).toBe(200);
    expect((await deliver(stale)).statusCode).toBe(200);
    const [agency] = await h.db.select().from(plans).where(eq(plans.name, 'Agency'));
    expect(await orgRow()).toMatchObject({
      status: 1,
      planId: agency.id,
      maxUsers: 100,
      planValidUntil: until,
    });
  });

  it('a failed payment starts the grace period (banner data, one mail to the owner), its end makes the organization inactive, a payment brings it back', async () => {
    const { subscriptionId, customerId } = await subscribe();
    stripe.updateSubscription(subscriptionId, { status: 'past_due' });
    const failed = stripe.event(
      'invoice.payment_failed',
      stripe.addInvoice(customerId, subscriptionId, 'open'),
    );
    expect((await deliver(failed)).statusCode).toBe(200);
    const graceUntil = new Date(h.clock.now().getTime() + 7 * DAY);
    expect(await orgRow()).toMatchObject({ status: 1, graceUntil });
    const summary = (await call('owner@acme.test', 'GET', '/api/v1/billing/summary')).json();
    expect(summary).toMatchObject({ state: 'past_due', active: true, grace_until: graceUntil.toISOString() });
    expect((await call('vera@acme.test', 'GET', '/api/v1/organization')).json().grace_until).toBe(
      graceUntil.toISOString(),
    );
    // The subscription's own update about the same failure starts nothing twice.
    h.clock.advance(DAY);
    expect(
      (await deliver(stripe.event('customer.subscription.updated', subscriptionObject(subscriptionId))))
        .statusCode,
    ).toBe(200);
    expect((await orgRow()).graceUntil).toEqual(graceUntil);
    const mails = await h.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, '%the payment for Acme failed'))
      .orderBy(desc(mailOutbox.id));
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('owner@acme.test');
    expect(mails[0].text).toContain('https://app.example.test/admin-dashboard/billing');

    h.clock.advance(5 * DAY);
    expect(await lapseSweep(h.deps)).toBe(0);
    h.clock.advance(2 * DAY);
    expect(await lapseSweep(h.deps)).toBe(1);
    expect((await orgRow()).status).toBe(0);
    const refused = await call('owner@acme.test', 'PATCH', '/api/v1/admin-access/settings', {
      name: 'Renamed',
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('subscription_inactive');
    // Billing stays open to pay again.
    expect((await call('owner@acme.test', 'POST', '/api/v1/cashier/portal-link')).statusCode).toBe(200);

    stripe.updateSubscription(subscriptionId, { status: 'active', periodEndDays: 30 });
    expect(
      (await deliver(stripe.event('invoice.paid', stripe.addInvoice(customerId, subscriptionId, 'paid'))))
        .statusCode,
    ).toBe(200);
    expect(await orgRow()).toMatchObject({ status: 1, graceUntil: null });
    expect(
      (await call('owner@acme.test', 'PATCH', '/api/v1/admin-access/settings', { name: 'Renamed' }))
        .statusCode,
    ).toBe(200);
  });

  it('a deleted subscription makes the organization inactive; an old subscription cannot undo a new one', async () => {
    const first = await subscribe();
    stripe.updateSubscription(first.subscriptionId, { status: 'canceled' });
    await deliver(stripe.event('customer.subscription.deleted', subscriptionObject(first.subscriptionId)));
    expect((await orgRow()).status).toBe(0);
    // The owner subscribes again; the old subscription's late update changes nothing.
    const second = await subscribe('price_starter');
    expect(await orgRow()).toMatchObject({
      status: 1,
      billingSubscriptionId: second.subscriptionId,
      maxUsers: 5,
    });
    await deliver(stripe.event('customer.subscription.updated', subscriptionObject(first.subscriptionId)));
    expect(await orgRow()).toMatchObject({ status: 1, billingSubscriptionId: second.subscriptionId });
  });
});

describe('seats follow the plan', () => {
  it('a downgrade below the count keeps everyone but blocks adding until below', async () => {
    const { subscriptionId } = await subscribe();
    for (const n of [1, 2, 3])
      await h.createUser({ email: `extra${n}@acme.test`, roles: ['va'], organizationId: org });
    stripe.updateSubscription(subscriptionId, { price: 'price_starter' });
    await deliver(stripe.event('customer.subscription.updated', subscriptionObject(subscriptionId)));
    expect((await orgRow()).maxUsers).toBe(5);
    // Six active users stay active.
    const summary = (await call('owner@acme.test', 'GET', '/api/v1/billing/summary')).json();
    expect(summary).toMatchObject({ user_count: 6, max_users: 5, plan: { name: 'Starter' } });
    const add = await call('owner@acme.test', 'POST', '/api/v1/admin-access/user', {
      email: 'seven@acme.test',
      first_name: 'Seven',
      last_name: 'Too',
      password: 'long-enough-1',
      role: 'va',
      timezone: 'UTC',
    });
    expect(add.statusCode).toBe(422);
    expect(add.json().message).toContain('Your plan allows 5 active users');
  });
});

describe('the super admin', () => {
  beforeEach(async () => {
    await h.createUser({ email: 'root@home.test', roles: ['super_admin'] });
  });

  it('manages the plans (audited); nobody else may', async () => {
    expect((await call('owner@acme.test', 'GET', '/api/v1/super-admin-access/plans')).statusCode).toBe(403);
    const created = await call('root@home.test', 'POST', '/api/v1/super-admin-access/plans', {
      name: 'Team yearly',
      price_cents: 99000,
      interval: 'year',
      max_users: 25,
      price_id: 'price_team_year',
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({ active: true, currency: 'usd', organization_count: 0 });
    const dup = await call('root@home.test', 'POST', '/api/v1/super-admin-access/plans', {
      name: 'Other',
      price_cents: 1,
      max_users: 1,
      price_id: 'price_team_year',
    });
    expect(dup.statusCode).toBe(422);
    const patched = await h.app.inject({
      method: 'PATCH',
      url: `/api/v1/super-admin-access/plans/${plan.id}`,
      headers: await h.bearer('root@home.test'),
      payload: { active: false, price_cents: 89000 },
    });
    expect(patched.json()).toMatchObject({ active: false, price_cents: 89000 });
    // Not offered any more: the public list leaves it out; it answers price_id and the old provider_price_id.
    const offered = (await h.app.inject({ url: '/api/v1/plans' })).json() as Array<Record<string, unknown>>;
    expect(offered.map((p) => p.name)).toEqual(['Starter', 'Team', 'Agency', 'Enterprise']);
    expect(offered[1]).toMatchObject({ price_id: 'price_team', provider_price_id: 'price_team' });
    const list = (await call('root@home.test', 'GET', '/api/v1/super-admin-access/plans')).json() as Array<{
      name: string;
      organization_count: number;
    }>;
    expect(list.find((p) => p.name === 'Team')?.organization_count).toBe(1);
    // A plan organizations are on cannot go; an unused one can.
    const [team] = await h.db.select().from(plans).where(eq(plans.name, 'Team'));
    const del = (id: number) =>
      h.app.inject({
        method: 'DELETE',
        url: `/api/v1/super-admin-access/plans/${id}`,
        headers: { authorization: '' },
      });
    expect((await del(plan.id)).statusCode).toBe(401);
    const removeTeam = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/super-admin-access/plans/${team.id}`,
      headers: await h.bearer('root@home.test'),
    });
    expect(removeTeam.statusCode).toBe(409);
    const remove = await h.app.inject({
      method: 'DELETE',
      url: `/api/v1/super-admin-access/plans/${plan.id}`,
      headers: await h.bearer('root@home.test'),
    });
    expect(remove.statusCode).toBe(204);
    const actions = (await h.db.select().from(auditLog).where(eq(auditLog.entityType, 'plan'))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(['plan.created', 'plan.updated', 'plan.deleted']);
  });

  it('sees the billing columns and extends a plan by hand, audited; the sweep leaves it active', async () => {
    const list = await call('root@home.test', 'GET', `/api/v1/super-admin-access/organizations?search=Acme`);
    expect(list.json().data[0]).toMatchObject({
      name: 'Acme',
      status: 1,
      plan_name: 'Team',
      trial_ends_at: new Date(h.clock.now().getTime() + 14 * DAY).toISOString(),
      grace_until: null,
      subscribed: false,
    });
    const until = new Date(h.clock.now().getTime() + 90 * DAY).toISOString();
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/v1/super-admin-access/organizations/${org}`,
      headers: await h.bearer('root@home.test'),
      payload: { plan_valid_until: until },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ plan_valid_until: until, trial_ends_at: null });
    h.clock.advance(30 * DAY);
    expect(await lapseSweep(h.deps)).toBe(0);
    expect((await orgRow()).status).toBe(1);
    // Past the date set by hand, it lapses like any plan without a subscription.
    h.clock.advance(61 * DAY);
    expect(await lapseSweep(h.deps)).toBe(1);
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, org), eq(auditLog.action, 'organization.updated')));
    expect(entry).toBeTruthy();
  });
});

describe('with billing off (no STRIPE_SECRET_KEY)', () => {
  it('answers 409 billing_not_configured on checkout, checkout-success, portal link and webhook; new organizations are active on the default plan', async () => {
    const off = await createHarness();
    try {
      await off.reset();
      const registered = await register(off, 'Selfhost', 'owner@self.test');
      const [row] = await off.db.select().from(organizations).where(eq(organizations.id, registered.id));
      expect(row).toMatchObject({ status: 1, trialEndsAt: null });
      expect(row.planId).not.toBeNull();
      expect((await off.app.inject({ url: '/api/v1/realm' })).json().billing_enabled).toBe(false);
      const headers = await off.bearer('owner@self.test');
      for (const [url, payload] of [
        ['/api/v1/checkout', { price_id: 'price_team' }],
        ['/api/v1/checkout-success', { session_id: 'cs_test_x' }],
        ['/api/v1/cashier/portal-link', undefined],
      ] as const) {
        const res = await off.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode, url).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'billing_not_configured',
          message_code: { code: 'billing.not_configured' },
        });
      }
      const hook = await off.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(409);
      expect(hook.json().code).toBe('billing_not_configured');
      expect((await off.app.inject({ url: '/api/v1/billing/summary', headers })).json()).toMatchObject({
        billing_enabled: false,
        state: 'free',
        active: true,
      });
    } finally {
      await off.close();
    }
  });
});
