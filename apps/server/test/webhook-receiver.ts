import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../src/platform/webhooks/signature';

/** One POST the receiver got, with what a real receiver would check. */
export type Received = {
  path: string;
  body: string;
  json: Record<string, unknown>;
  headers: IncomingMessage['headers'];
  eventId: string | undefined;
  /** Whether `VAHub-Signature` verifies with the secret the test gave (`receiver.secret`). */
  signed: boolean;
};

/** How the receiver answers the n-th POST (from 0): a status, or never (a stall past the sender's timeout). */
export type ReceiverAnswer = { status: number } | { stallMs: number; status: number };

/** A local webhook receiver (http on 127.0.0.1): records every POST and checks its signature. */
export async function startReceiver() {
  const received: Received[] = [];
  let answer: (n: number, r: Received) => ReceiverAnswer = () => ({ status: 200 });
  const receiver = {
    url: '',
    secret: '',
    received,
    answer(fn: typeof answer) {
      answer = fn;
    },
    reset() {
      received.length = 0;
      receiver.secret = '';
      answer = () => ({ status: 200 });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const header = req.headers['vahub-signature'];
    const r: Received = {
      path: req.url ?? '',
      body,
      json: JSON.parse(body),
      headers: req.headers,
      eventId: req.headers['vahub-event-id'] as string | undefined,
      // The test clock is far from real time: the signature is checked, not its age.
      signed:
        typeof header === 'string' &&
        verifySignature(receiver.secret, body, header, Number.POSITIVE_INFINITY),
    };
    const n = received.push(r) - 1;
    const a = answer(n, r);
    if ('stallMs' in a) await new Promise((resolve) => setTimeout(resolve, a.stallMs));
    if (!res.destroyed) res.writeHead(a.status, { 'content-type': 'text/plain' }).end('ok');
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
