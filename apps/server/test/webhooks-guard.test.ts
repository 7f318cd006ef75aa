import { WEBHOOK_MESSAGES as M } from '@vahub/shared/webhooks/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptSecret } from '../src/modules/webhooks/webhooks.secret';
import { webhookEndpoints } from '../src/modules/webhooks/webhooks.table';
import { isBlockedAddress, resolveTarget } from '../src/platform/webhooks/address-guard';
import { createHttpWebhookSender } from '../src/platform/webhooks/http-webhook-sender';
import { WebhookDeliveryError } from '../src/platform/webhooks/types';
import { eventually } from './background';
import { createHarness, type Harness } from './harness';
import { type Receiver, startReceiver } from './webhook-receiver';

// The server-side request forgery guard, without WEBHOOKS_ALLOW_PRIVATE (the default).

let h: Harness;
let rx: Receiver;
let org: number;
const BASE = '/api/v1/admin-access/webhooks';

beforeAll(async () => {
  rx = await startReceiver();
  h = await createHarness({ WEBHOOKS_TIMEOUT_MS: '500', WEBHOOKS_RETRY_DELAY_SECONDS: '1' });
});
afterAll(async () => {
  await h?.close();
  await rx?.close();
});
beforeEach(async () => {
  await h.reset();
  rx.reset();
  org = (await h.createOrg('Acme')).id;
  await h.createUser({ email: 'ada@acme.test', roles: ['admin'], organizationId: org });
});

const create = async (url: string) => {
  const res = await h.app.inject({
    method: 'POST',
    url: BASE,
    headers: await h.bearer('ada@acme.test'),
    payload: { url, events: ['user.deactivated'] },
  });
  return { status: res.statusCode, body: res.json() };
};

describe('the address guard', () => {
  it('blocks loopback, private, link-local, CGNAT, multicast and reserved addresses, v4 and v6 (IPv4-mapped too)', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::7f00:1',
    ])
      expect(isBlockedAddress(ip), ip).toBe(true);
    for (const ip of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ])
      expect(isBlockedAddress(ip), ip).toBe(false);
  });

  it('resolves a host name and refuses it when it resolves to loopback (localhost)', async () => {
    await expect(resolveTarget('https://localhost/hook', false)).rejects.toMatchObject({ reason: 'private' });
    await expect(resolveTarget('https://localhost/hook', true)).resolves.toMatchObject({ host: 'localhost' });
    await expect(resolveTarget('http://93.184.216.34/hook', false)).rejects.toMatchObject({
      reason: 'scheme',
    });
    await expect(resolveTarget('https://93.184.216.34/hook', false)).resolves.toMatchObject({
      address: '93.184.216.34',
    });
  });
});

describe('registering without WEBHOOKS_ALLOW_PRIVATE', () => {
  it('refuses private addresses and localhost with 422 on url', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://localhost:8443/hook',
    ]) {
      const res = await create(url);
      expect(res.status, url).toBe(422);
      expect(res.body.errors.url, url).toEqual([M.url_private]);
    }
  });

  it('refuses http:// (the receiver here is plain http on 127.0.0.1)', async () => {
    const res = await create(`${rx.url}/hook`);
    expect(res.status).toBe(422);
    expect(res.body.errors.url).toEqual([M.url_https]);
    const named = await create('http://example.com/hook');
    expect(named.body.errors.url).toEqual([M.url_https]);
  });

  it('checks again at delivery: an endpoint whose address is private by then is never called', async () => {
    // As if it had been registered while the name resolved elsewhere (or with the override, since removed).
    const [row] = await h.db
      .insert(webhookEndpoints)
      .values({
        organizationId: org,
        url: `${rx.url}/hook`,
        events: ['user.deactivated'],
        secretEncrypted: encryptSecret(h.deps.secret, 'whsec_x'),
      })
      .returning();
    const ping = await h.app.inject({
      method: 'POST',
      url: `${BASE}/${row.id}/test`,
      headers: await h.bearer('ada@acme.test'),
    });
    expect(ping.json()).toMatchObject({ status: 'failed', response_code: null });
    expect(ping.json().error).toMatch(/scheme/);
    // https to a private address: refused after DNS, at delivery, before connecting.
    const port = new URL(rx.url).port;
    const [named] = await h.db
      .insert(webhookEndpoints)
      .values({
        organizationId: org,
        url: `https://localhost:${port}/hook`,
        events: ['user.deactivated'],
        secretEncrypted: encryptSecret(h.deps.secret, 'whsec_x'),
      })
      .returning();
    const ping2 = await h.app.inject({
      method: 'POST',
      url: `${BASE}/${named.id}/test`,
      headers: await h.bearer('ada@acme.test'),
    });
    expect(ping2.json()).toMatchObject({ status: 'failed', response_code: null });
    expect(ping2.json().error).toMatch(/private address/);
    expect(rx.received).toHaveLength(0);
  });
});

describe('the sender', () => {
  it('with the override calls http:// and a name resolving to loopback, connecting to the address it checked', async () => {
    const sender = createHttpWebhookSender({ allowPrivate: true, timeoutMs: 2000, userAgent: 'test' });
    rx.secret = 'whsec_test';
    const port = new URL(rx.url).port;
    const answer = await sender.post({
      url: `http://localhost:${port}/named`,
      body: '{"a":1}',
      secret: 'whsec_test',
      eventId: 'evt_1',
      at: new Date(),
    });
    expect(answer.status).toBe(200);
    const got = await eventually('the post', async () => rx.received[0]);
    expect(got).toMatchObject({ path: '/named', signed: true, eventId: 'evt_1' });
    expect(got.headers.host).toBe(`localhost:${port}`);
  });

  it('connects to the address it checked: no second lookup a rebinding DNS could answer differently', async () => {
    // This resolver alone knows the name, and only once; the system's DNS does not know it at all. A connection
    // that looked the name up again would fail (ENOTFOUND, or the second, public answer).
    let asked = 0;
    const sender = createHttpWebhookSender({
      allowPrivate: true,
      timeoutMs: 2000,
      userAgent: 'test',
      resolve: async () => [{ address: asked++ === 0 ? '127.0.0.1' : '93.184.216.34', family: 4 }],
    });
    const port = new URL(rx.url).port;
    const answer = await sender.post({
      url: `http://rebind.invalid:${port}/pinned`,
      body: '{}',
      secret: 's',
      eventId: 'e',
      at: new Date(),
    });
    expect(answer.status).toBe(200);
    expect(asked).toBe(1);
    expect(rx.received.map((r) => r.path)).toEqual(['/pinned']);
  });

  it('refuses a name when any of its addresses is private (one public, one loopback)', async () => {
    const sender = createHttpWebhookSender({
      allowPrivate: false,
      timeoutMs: 2000,
      userAgent: 'test',
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '::1', family: 6 },
      ],
    });
    const err = await sender.check('https://mixed.invalid/x').catch((e) => e);
    expect(err).toMatchObject({ reason: 'private' });
  });

  it('without it refuses a private address at post time, before connecting', async () => {
    const sender = createHttpWebhookSender({ allowPrivate: false, timeoutMs: 2000, userAgent: 'test' });
    const port = new URL(rx.url).port;
    const err = await sender
      .post({ url: `https://127.0.0.1:${port}/x`, body: '{}', secret: 's', eventId: 'e', at: new Date() })
      .catch((e) => e);
    expect(err).toBeInstanceOf(WebhookDeliveryError);
    expect(err.kind).toBe('address');
    expect(rx.received).toHaveLength(0);
  });

  it('does not follow redirects: a 302 is the answer', async () => {
    const sender = createHttpWebhookSender({ allowPrivate: true, timeoutMs: 2000, userAgent: 'test' });
    rx.answer(() => ({ status: 302 }));
    const answer = await sender.post({
      url: `${rx.url}/moved`,
      body: '{}',
      secret: 's',
      eventId: 'e',
      at: new Date(),
    });
    expect(answer.status).toBe(302);
    expect(rx.received).toHaveLength(1);
  });
});
