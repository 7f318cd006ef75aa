import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import Stripe from 'stripe';

// A small Stripe-compatible server for the tests: the real `stripe` SDK talks to it through STRIPE_API_BASE. It
// keeps customers, checkout sessions, subscriptions, portal sessions and invoices in memory, serves a hosted
// checkout page a browser can "pay" on, and signs webhooks with the SDK's own `generateTestHeaderString`.
// Run on its own (`npx tsx apps/server/test/fake-stripe.ts`) for the browser tests: FAKE_STRIPE_PORT,
// FAKE_STRIPE_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET say where it listens and where it sends its events.

type Json = Record<string, unknown>;

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      price: { id: string };
      current_period_end: number;
    }>;
  };
};

export type FakeSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  url: string | null;
  customer: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  price: string;
  subscription_metadata: Record<string, string>;
};

export type RecordedRequest = { method: string; path: string; body: Json; idempotencyKey: string | null };

const DAY = 86_400;
const id = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

/** `a[b][0][c]=x` form bodies (the SDK's encoding) into objects and arrays. */
export function parseForm(body: string): Json {
  const out: Json = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly sessions = new Map<string, FakeSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices: Json[] = [];
  readonly sentEvents: Array<{ type: string; status: number }> = [];
  /** The fake's "now" (the tests put their clock here). */
  now: () => Date = () => new Date();
  /** Where the hosted checkout's payment posts its `checkout.session.completed` (null: nowhere). */
  webhookUrl: string | null = null;
  webhookSecret = 'whsec_fake';
  /** The next requests answer 500 (the provider down). */
  failNext = 0;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(port = 0): Promise<FakeStripe> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const fake = new FakeStripe(server, address.port);
    server.on('request', (req, res) => {
      fake.handle(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
      });
    });
    return fake;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  reset() {
    this.requests.length = 0;
    this.customers.clear();
    this.sessions.clear();
    this.subscriptions.clear();
    this.invoices.length = 0;
    this.sentEvents.length = 0;
    this.failNext = 0;
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private seconds(plusDays = 0) {
    return Math.floor(this.now().getTime() / 1000) + plusDays * DAY;
  }

  /** What the hosted page's "Pay" does: the subscription starts, the session completes, an invoice is paid. */
  pay(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status === 'complete') return session;
    const sub: FakeSubscription = {
      id: id('sub'),
      object: 'subscription',
      status: 'active',
      customer: session.customer,
      metadata: session.subscription_metadata,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: { id: session.price },
            current_period_end: this.seconds(30),
          },
        ],
      },
    };
    this.subscriptions.set(sub.id, sub);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id, url: null });
    this.addInvoice(session.customer, sub.id, 'paid');
    return session;
  }

  /** Changes a subscription as the provider would (a renewal, a plan change, a failed payment, a cancellation). */
  updateSubscription(subId: string, change: { status?: string; price?: string; periodEndDays?: number }) {
    const sub = this.subscriptions.get(subId);
    if (!sub) throw new Error(`no subscription ${subId}`);
    if (change.status) sub.status = change.status;
    const item = sub.items.data[0];
    if (change.price) item.price = { id: change.price };
    if (change.periodEndDays !== undefined) item.current_period_end = this.seconds(change.periodEndDays);
    return sub;
  }

  addInvoice(customer: string, subscription: string, status: 'paid' | 'open') {
    const n = this.invoices.length + 1;
    const invoiceId = id('in');
    const invoice = {
      id: invoiceId,
      object: 'invoice',
      number: `FAKE-${String(n).padStart(4, '0')}`,
      customer,
      created: this.seconds(),
      amount_due: 2900,
      amount_paid: status === 'paid' ? 2900 : 0,
      currency: 'usd',
      status,
      hosted_invoice_url: `${this.url}/invoices/${invoiceId}`,
      invoice_pdf: `${this.url}/invoices/${invoiceId}.pdf`,
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription,
          metadata: this.subscriptions.get(subscription)?.metadata ?? {},
        },
      },
    };
    this.invoices.push(invoice);
    return invoice;
  }

  /** A signed webhook delivery of an event about `object`: the body and its `Stripe-Signature` header. */
  event(type: string, object: Json, eventId = id('evt')) {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      created: this.seconds(),
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.webhookSecret,
      timestamp: this.seconds(),
    });
    return { id: eventId, payload, signature };
  }

  private async send(type: string, object: Json) {
    if (!this.webhookUrl) return;
    const { payload, signature } = this.event(type, object);
    const res = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    this.sentEvents.push({ type, status: res.status });
  }

  private json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private missing(res: ServerResponse, what: string) {
    this.json(res, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    const path = url.pathname;

    if (path === '/health') return this.json(res, 200, { ok: true });
    // The hosted checkout page (a browser's, no API key).
    const page = path.match(/^\/pay\/([\w-]+)$/);
    if (page) return this.checkoutPage(res, method, page[1]);
    if (path.startsWith('/portal/')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!doctype html><title>Billing portal</title><h1>Billing portal</h1>');
    }

    const body = method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(raw);
    const key = req.headers['idempotency-key'];
    this.requests.push({ method, path, body, idempotencyKey: typeof key === 'string' ? key : null });
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_'))
      return this.json(res, 401, { error: { type: 'invalid_request_error', message: 'No API key' } });
    if (this.failNext > 0) {
      this.failNext--;
      return this.json(res, 500, { error: { type: 'api_error', message: 'Fake outage' } });
    }

    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', ...body };
      this.customers.set(customer.id, customer);
      return this.json(res, 200, customer);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = body.line_items as Array<{ price: string }> | undefined;
      const price = items?.[0]?.price;
      if (!price?.startsWith('price_'))
        return this.json(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such price: '${price}'`,
          },
        });
      const sessionId = id('cs');
      const session: FakeSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: String(body.mode),
        status: 'open',
        payment_status: 'unpaid',
        url: `${this.url}/pay/${sessionId}`,
        customer: String(body.customer),
        client_reference_id: (body.client_reference_id as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        subscription: null,
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url),
        price,
        subscription_metadata:
          ((body.subscription_data as Json | undefined)?.metadata as Record<string, string>) ?? {},
      };
      this.sessions.set(sessionId, session);
      return this.json(res, 200, session);
    }
    const session = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
    if (method === 'GET' && session) {
      const found = this.sessions.get(session[1]);
      return found ? this.json(res, 200, found) : this.missing(res, 'checkout.session');
    }
    const sub = path.match(/^\/v1\/subscriptions\/([\w-]+)$/);
    if (method === 'GET' && sub) {
      const found = this.subscriptions.get(sub[1]);
      return found ? this.json(res, 200, found) : this.missing(res, 'subscription');
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return this.json(res, 200, {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `${this.url}/portal/${String(body.customer)}`,
      });
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const data = this.invoices.filter((i) => i.customer === body.customer).reverse();
      return this.json(res, 200, { object: 'list', data, has_more: false, url: '/v1/invoices' });
    }
    return this.missing(res, path);
  }

  private async checkoutPage(res: ServerResponse, method: string, sessionId: string) {
    const session = this.sessions.get(sessionId);
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<!doctype html><title>Not found</title><h1>No such checkout</h1>');
    }
    if (method === 'POST') {
      this.pay(sessionId);
      await this.send('checkout.session.completed', session as unknown as Json);
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', sessionId) });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html lang="en"><head><title>Fake Stripe checkout</title></head><body>
<main><h1>Fake Stripe checkout</h1><p>Subscription to ${session.price}</p>
<form method="post" action="/pay/${sessionId}"><button type="submit">Pay</button></form>
<a href="${session.cancel_url}">Cancel</a></main></body></html>`);
  }
}

// On its own, for the browser tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await FakeStripe.start(Number(process.env.FAKE_STRIPE_PORT ?? 12111));
  // The app's clock may run ahead (CLOCK_OFFSET_MS): the webhooks' signed timestamps follow it.
  const offset = Number(process.env.FAKE_STRIPE_CLOCK_OFFSET_MS ?? 0);
  fake.now = () => new Date(Date.now() + offset);
  fake.webhookUrl = process.env.FAKE_STRIPE_WEBHOOK_URL ?? null;
  fake.webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? fake.webhookSecret;
  process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
  process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
}
