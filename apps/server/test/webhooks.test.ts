import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/modules/mail/mail.table';
import { retryPlan } from '../src/modules/webhooks/webhooks.deliver';
import { webhookEndpoints } from '../src/modules/webhooks/webhooks.table';
import { eventually } from './background';
import { createHarness, type Harness } from './harness';
import { type Receiver, startReceiver } from './webhook-receiver';

let h: Harness;
let rx: Receiver;
let org: number;
let other: number;
const ids: Record<string, number> = {};
const BASE = '/api/v1/admin-access/webhooks';

beforeAll(async () => {
  rx = await startReceiver();
  h = await createHarness({
    // The receiver is a local http server: the override lets the sender call it.
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    // Short enough for the timeout test, long enough that a slow machine does not time out a receiver that answered.
    WEBHOOKS_TIMEOUT_MS: '2000',
    WEBHOOKS_RETRY_DELAY_SECONDS: '1',
  });
});
afterAll(async () => {
  await h?.close();
  await rx?.close();
});
beforeEach(async () => {
  await h.reset();
  // Deliveries of an earlier test still retrying would find this test's rows (the ids start again at 1).
  await h.db.execute(sql`delete from pgboss.job where name = 'webhooks.deliver'`);
  rx.reset();
  org = (await h.createOrg('Acme')).id;
  other = (await h.createOrg('Other')).id;
  for (const [email, role, o] of [
    ['ada@acme.test', 'admin', org],
    ['mia@acme.test', 'manager', org],
    ['vera@acme.test', 'va', org],
    ['cleo@acme.test', 'client', org],
    ['boss@other.test', 'admin', other],
  ] as const)
    ids[email] = (await h.createUser({ email, roles: [role], organizationId: o })).id;
});

const call = async (
  email: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const res = await h.app.inject({
    method,
    url,
    headers: await h.bearer(email),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};

async function register(fields: Record<string, unknown> = {}, email = 'ada@acme.test') {
  const res = await call(email, 'POST', BASE, {
    url: `${rx.url}/hooks`,
    description: 'Payroll script',
    events: ['user.deactivated', 'attendance.started'],
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  rx.secret = res.body.secret;
  return res.body as { id: number; secret: string };
}

const deliveries = async (webhookId: number, email = 'ada@acme.test') =>
  (await call(email, 'GET', `${BASE}/${webhookId}/deliveries`)).body.data as Array<Record<string, unknown>>;

/** Raises a domain event as its module would (in a transaction), and lets the dispatcher fan it out. */
async function raise(
  type: Parameters<Harness['deps']['events']['raise']>[2],
  payload: Record<string, unknown>,
  o = org,
) {
  await h.deps.transaction((uow) => h.deps.events.raise(uow, o, type, payload));
  await h.deps.events.drain();
}

const deactivateVera = async () => {
  const res = await call('ada@acme.test', 'PATCH', `/api/v1/admin-access/user/${ids['vera@acme.test']}`, {
    status: 'inactive',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await h.deps.events.drain();
};

describe('registering an endpoint', () => {
  it('answers the signing secret once; the list never shows it and the database keeps it encrypted', async () => {
    const created = await register();
    expect(created.secret).toMatch(/^whsec_[\w-]{40,}$/);
    const list = await call('ada@acme.test', 'GET', BASE);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ url: `${rx.url}/hooks`, enabled: true, format: 'standard' });
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    const [row] = await h.db.select().from(webhookEndpoints);
    expect(row.secretEncrypted).not.toContain(created.secret.slice(6));
    const patched = await call('ada@acme.test', 'PATCH', `${BASE}/${created.id}`, { description: 'Renamed' });
    expect(patched.body.description).toBe('Renamed');
    expect(JSON.stringify(patched.body)).not.toContain(created.secret);
  });

  it('refuses no events and an unknown event with 422', async () => {
    const none = await call('ada@acme.test', 'POST', BASE, { url: `${rx.url}/x`, events: [] });
    expect(none.status).toBe(422);
    expect(none.body.errors.events).toEqual(['Choose at least one event.']);
    const unknown = await call('ada@acme.test', 'POST', BASE, {
      url: `${rx.url}/x`,
      events: ['user.password_changed'],
    });
    expect(unknown.status).toBe(422);
  });

  it('is an admin’s: a manager, a VA and a client get 403; another organization’s admin gets 404 everywhere', async () => {
    const { id } = await register();
    await deactivateVera();
    const delivery = await eventually('the delivery', async () =>
      (await deliveries(id)).find((d) => d.status === 'succeeded'),
    );
    // Vera is deactivated by now; the manager and the client are still signed in.
    for (const email of ['mia@acme.test', 'cleo@acme.test'])
      for (const [method, url] of [
        ['GET', BASE],
        ['POST', `${BASE}/${id}/test`],
        ['GET', `${BASE}/${id}/deliveries`],
      ] as const)
        expect((await call(email, method, url)).status, `${email} ${method} ${url}`).toBe(403);
    expect((await call('boss@other.test', 'GET', BASE)).body.data).toEqual([]);
    expect((await call('boss@other.test', 'PATCH', `${BASE}/${id}`, { description: 'x' })).status).toBe(404);
    expect((await call('boss@other.test', 'DELETE', `${BASE}/${id}`)).status).toBe(404);
    expect((await call('boss@other.test', 'POST', `${BASE}/${id}/test`)).status).toBe(404);
    expect((await call('boss@other.test', 'GET', `${BASE}/${id}/deliveries`)).status).toBe(404);
    expect(
      (await call('boss@other.test', 'POST', `${BASE}/deliveries/${delivery.id}/redeliver`)).status,
    ).toBe(404);
    expect(rx.received).toHaveLength(1);
  });

  it('deleting it (audited) drops its log; nothing reaches it after', async () => {
    const { id } = await register();
    expect((await call('ada@acme.test', 'DELETE', `${BASE}/${id}`)).status).toBe(204);
    await deactivateVera();
    expect(await h.db.select().from(webhookEndpoints)).toEqual([]);
    const audit = await call('ada@acme.test', 'GET', '/api/v1/admin-access/audit-log?entity_type=webhook');
    expect(audit.status).toBe(200);
    expect(audit.body.data.map((e: { action: string }) => e.action).sort()).toEqual(['created', 'deleted']);
    expect(JSON.stringify(audit.body)).not.toContain('whsec_');
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.received).toHaveLength(0);
  });
});

describe('deliveries', () => {
  it('a ping: signed with the secret, the event id in a header, answered with the logged result', async () => {
    const { id } = await register();
    const res = await call('ada@acme.test', 'POST', `${BASE}/${id}/test`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ event: 'ping', status: 'succeeded', response_code: 200, attempt: 1 });
    expect(rx.received).toHaveLength(1);
    const [got] = rx.received;
    expect(got.signed).toBe(true);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toMatch(/Webhooks/);
    expect(got.json).toMatchObject({ type: 'ping', organization_id: org });
    expect(got.eventId).toBe(got.json.id);
    // A wrong secret does not verify: the check can fail.
    rx.secret = 'whsec_wrong';
    await call('ada@acme.test', 'POST', `${BASE}/${id}/test`);
    expect(rx.received[1].signed).toBe(false);
  });

  it('one domain event is one delivery per subscribed endpoint: the envelope, only what the admin may see', async () => {
    const a = await register();
    // Subscribed to something else, and another organization's: neither receives it.
    await register({ url: `${rx.url}/other-event`, events: ['attendance.late'] });
    await register({ url: `${rx.url}/other-org`, events: ['user.deactivated'] }, 'boss@other.test');
    rx.secret = a.secret;
    await deactivateVera();
    await eventually('the delivery', async () => rx.received.length >= 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(rx.received.map((r) => r.path)).toEqual(['/hooks']);
    const [got] = rx.received;
    expect(got.signed).toBe(true);
    expect(got.json).toEqual({
      id: got.eventId,
      type: 'user.deactivated',
      created_at: expect.any(String),
      organization_id: org,
      data: { user_id: ids['vera@acme.test'] },
    });
    const log = await deliveries(a.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      event: 'user.deactivated',
      status: 'succeeded',
      response_code: 200,
      attempt: 1,
      next_retry_at: null,
    });
    expect(log[0].duration_ms).toEqual(expect.any(Number));
  });

  it('drops what a domain event carries beyond its known fields (a hash, a token, a window title)', async () => {
    await register({ events: ['attendance.started'] });
    await raise('attendance.started', {
      attendance_id: 7,
      va_id: ids['vera@acme.test'],
      late_minutes: 3,
      password_hash: '$argon2id$secret',
      access_token: 'vah_secret',
      window_title: 'Bank login - secret',
    });
    const got = await eventually('the delivery', async () => rx.received[0]);
    expect(got.json.data).toEqual({ attendance_id: 7, va_id: ids['vera@acme.test'], late_minutes: 3 });
    expect(got.body).not.toMatch(/secret/);
  });

  it('retries after 500s with the same event id until the receiver takes it; the log shows the attempts', async () => {
    const { id } = await register();
    rx.answer((n) => ({ status: n < 2 ? 500 : 204 }));
    await deactivateVera();
    const retrying = await eventually('the first failure', async () =>
      (await deliveries(id)).find((d) => d.status === 'retrying'),
    );
    expect(retrying).toMatchObject({ response_code: 500, attempt: 1, error: 'the receiver answered 500' });
    expect(Date.parse(String(retrying.next_retry_at))).toBeGreaterThan(h.clock.now().getTime());
    const done = await eventually('the success', async () =>
      (await deliveries(id)).find((d) => d.status === 'succeeded'),
    );
    expect(done).toMatchObject({ attempt: 3, response_code: 204, error: null, next_retry_at: null });
    expect(rx.received).toHaveLength(3);
    expect(new Set(rx.received.map((r) => r.eventId)).size).toBe(1);
    expect(rx.received.every((r) => r.signed)).toBe(true);
  });

  it('retries after a timeout', async () => {
    const { id } = await register();
    rx.answer((n) => (n === 0 ? { stallMs: 5000, status: 200 } : { status: 200 }));
    await deactivateVera();
    const done = await eventually('the success', async () =>
      (await deliveries(id)).find((d) => d.status === 'succeeded'),
    );
    expect(done.attempt).toBe(2);
    expect(rx.received).toHaveLength(2);
    expect(rx.received[0].eventId).toBe(rx.received[1].eventId);
  });

  it('redelivers a logged event: same id and body, a new attempt sequence in the log', async () => {
    const { id } = await register();
    await deactivateVera();
    const first = await eventually('the delivery', async () =>
      (await deliveries(id)).find((d) => d.status === 'succeeded'),
    );
    const again = await call('ada@acme.test', 'POST', `${BASE}/deliveries/${first.id}/redeliver`);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ event_id: first.event_id, status: 'pending', attempt: 0 });
    await eventually('the redelivery', async () => rx.received.length === 2);
    expect(rx.received[1].body).toBe(rx.received[0].body);
    expect(rx.received[1].eventId).toBe(first.event_id);
    const log = await deliveries(id);
    expect(log.map((d) => d.id)).toEqual([again.body.id, first.id]);
    const audit = await call('ada@acme.test', 'GET', '/api/v1/admin-access/audit-log?entity_type=webhook');
    expect(audit.body.data.map((e: { action: string }) => e.action)).toContain('redelivered');
  });

  it('posts {text} with a readable line to a Slack-format endpoint', async () => {
    await register({ format: 'slack' });
    await deactivateVera();
    const got = await eventually('the delivery', async () => rx.received[0]);
    expect(got.json).toEqual({ text: `[VA Hub] User #${ids['vera@acme.test']} was deactivated.` });
  });

  it('an endpoint failing for three days is switched off, its creator mailed; it receives nothing more until switched on', async () => {
    const { id } = await register();
    rx.answer(() => ({ status: 503 }));
    await deactivateVera();
    await eventually('the first failure', async () =>
      (await deliveries(id)).find((d) => d.status === 'retrying'),
    );
    // Still failing three days later: the next attempt switches it off and ends the retries.
    h.clock.advance(3 * 24 * 3600 * 1000 + 60_000);
    const failed = await eventually('the switch-off', async () =>
      (await deliveries(id)).find((d) => d.status === 'failed'),
    );
    expect(failed.next_retry_at).toBeNull();
    const [hook] = (await call('ada@acme.test', 'GET', BASE)).body.data;
    expect(hook).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const [mail] = await h.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'ada@acme.test'))
      .orderBy(desc(mailOutbox.id));
    expect(mail.subject).toBe('VA Hub: a webhook endpoint was switched off');
    expect(mail.text).toContain(`${rx.url}/hooks`);
    const attempts = rx.received.length;
    await raise('user.deactivated', { user_id: ids['mia@acme.test'] });
    await new Promise((r) => setTimeout(r, 500));
    expect(rx.received).toHaveLength(attempts);
    // A redelivery is refused while it is off; switched on, it delivers again.
    expect((await call('ada@acme.test', 'POST', `${BASE}/deliveries/${failed.id}/redeliver`)).status).toBe(
      409,
    );
    rx.answer(() => ({ status: 200 }));
    const on = await call('ada@acme.test', 'PATCH', `${BASE}/${id}`, { enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    await raise('user.deactivated', { user_id: ids['cleo@acme.test'] });
    await eventually('a delivery after switching on', async () =>
      rx.received.some((r) => (r.json.data as { user_id?: number })?.user_id === ids['cleo@acme.test']),
    );
  });
});

describe('people events', () => {
  it('an admin adding a person is user.created: the id, roles and status, not the email or password', async () => {
    await register({ events: ['user.created'] });
    const add = await call('ada@acme.test', 'POST', '/api/v1/admin-access/user', {
      email: 'new.va@acme.test',
      first_name: 'Nia',
      last_name: 'New',
      password: 'long-enough-pass-1',
      role: 'va',
      timezone: 'UTC',
    });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    await h.deps.events.drain();
    const got = await eventually('the delivery', async () => rx.received[0]);
    expect(got.json).toMatchObject({
      type: 'user.created',
      data: { user_id: add.body.id, roles: ['va'], status: 'active', actor_id: ids['ada@acme.test'] },
    });
    expect(got.body).not.toContain('new.va@acme.test');
    expect(got.body).not.toContain('long-enough-pass-1');
  });
});

describe('the retry plan', () => {
  it('reaches about 24 hours: 10 retries from 60 s (17 to 34 h), 16 from 1 s', () => {
    expect(retryPlan(60)).toEqual({ retryLimit: 10, retryDelaySeconds: 60, retryBackoff: true });
    const lastAfter = (d: number, n: number) => d * (2 ** n - 1);
    expect(lastAfter(60, 10) / 3600).toBeGreaterThan(17);
    expect((lastAfter(60, 9) * 2) / 3600).toBeLessThan(24);
    expect(retryPlan(1).retryLimit).toBe(16);
  });
});
