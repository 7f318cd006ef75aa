import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the fake answered: method, path with query, and whether it carried the session's cookie and CSRF header. */
export type FakeGrommunioCall = {
  method: string;
  path: string;
  cookie: boolean;
  csrf: boolean;
  status: number;
};

type Domain = { ID: number; domainname: string };
type Mailbox = { ID: number; username: string; domainID: number };

/**
 * A small grommunio admin API (DESIGN.md): `POST /api/v1/login` (form `user`, `pass`) answers a JWT and a CSRF
 * token; every other call needs the cookie `grommunioAuthJwt` (401 without it) and, when not GET, the header
 * `X-Csrf-Token` (403 without it or with another). `GET /api/v1/domains`, `GET /api/v1/domains/{id}/users?username=`,
 * `DELETE /api/v1/domains/{id}/users/{userID}?deleteFiles=true`.
 */
export class FakeGrommunio {
  readonly user = 'admin';
  readonly password = 'grommunio-secret';
  calls: FakeGrommunioCall[] = [];
  domains: Domain[] = [];
  mailboxes: Mailbox[] = [];
  /** Mailboxes removed, with whether their files were deleted. */
  removed: Array<{ username: string; deleteFiles: boolean }> = [];
  private sessions = new Map<string, string>();
  private nextId = 100;

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeGrommunio> {
    let fake!: FakeGrommunio;
    const server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeGrommunio(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return fake;
  }

  reset() {
    this.calls = [];
    this.domains = [];
    this.mailboxes = [];
    this.removed = [];
    this.sessions.clear();
  }

  addDomain(domainname: string): Domain {
    const domain = { ID: this.nextId++, domainname };
    this.domains.push(domain);
    return domain;
  }

  addMailbox(username: string): Mailbox {
    const domainName = username.split('@')[1];
    const domain = this.domains.find((d) => d.domainname === domainName) ?? this.addDomain(domainName);
    const mailbox = { ID: this.nextId++, username, domainID: domain.ID };
    this.mailboxes.push(mailbox);
    return mailbox;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const jwt = /grommunioAuthJwt=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const csrfHeader = req.headers['x-csrf-token'];
    const call: FakeGrommunioCall = {
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      cookie: Boolean(jwt),
      csrf: typeof csrfHeader === 'string',
      status: 200,
    };
    this.calls.push(call);
    const send = (status: number, payload: unknown) => {
      call.status = status;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    };

    if (req.method === 'POST' && url.pathname === '/api/v1/login') {
      const form = new URLSearchParams(body);
      if (
        req.headers['content-type'] !== 'application/x-www-form-urlencoded' ||
        form.get('user') !== this.user ||
        form.get('pass') !== this.password
      ) {
        return send(401, { message: 'Invalid username or password' });
      }
      const token = randomBytes(12).toString('hex');
      const csrf = randomBytes(12).toString('hex');
      this.sessions.set(token, csrf);
      res.setHeader('set-cookie', `grommunioAuthJwt=${token}; HttpOnly; Path=/`);
      return send(200, { grommunioAuthJwt: token, csrf });
    }
    const csrf = jwt ? this.sessions.get(jwt) : undefined;
    if (!csrf) return send(401, { message: 'Authentication required' });
    if (req.method !== 'GET' && csrfHeader !== csrf) return send(403, { message: 'CSRF token mismatch' });

    if (req.method === 'GET' && url.pathname === '/api/v1/domains') {
      return send(200, { data: this.domains });
    }
    const users = /^\/api\/v1\/domains\/(\d+)\/users$/.exec(url.pathname);
    if (req.method === 'GET' && users) {
      const domainId = Number(users[1]);
      if (!this.domains.some((d) => d.ID === domainId)) return send(404, { message: 'Domain not found' });
      const name = url.searchParams.get('username');
      return send(200, {
        data: this.mailboxes.filter((m) => m.domainID === domainId && (!name || m.username === name)),
      });
    }
    const one = /^\/api\/v1\/domains\/(\d+)\/users\/(\d+)$/.exec(url.pathname);
    if (req.method === 'DELETE' && one) {
      const i = this.mailboxes.findIndex((m) => m.domainID === Number(one[1]) && m.ID === Number(one[2]));
      if (i < 0) return send(404, { message: 'User not found' });
      const [mailbox] = this.mailboxes.splice(i, 1);
      this.removed.push({
        username: mailbox.username,
        deleteFiles: url.searchParams.get('deleteFiles') === 'true',
      });
      return send(200, { message: 'User deleted' });
    }
    return send(404, { message: 'Not found' });
  }
}
