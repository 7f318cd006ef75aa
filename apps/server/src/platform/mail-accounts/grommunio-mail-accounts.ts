import type { FastifyBaseLogger } from 'fastify';
import { MailAccountError, type MailAccounts, type RemovedMailbox } from './types';

export type GrommunioOptions = {
  /** e.g. https://mail.example.org:8443 (the admin API is under /api/v1). */
  baseUrl: string;
  user: string;
  password: string;
  domain: string | null;
  /** Each HTTP call's deadline. */
  timeoutMs: number;
};

type Session = { jwt: string; csrf: string };
type Json = Record<string, unknown>;

const unavailable = (why: string) =>
  new MailAccountError('unavailable', `The mail server cannot be reached (${why}).`);

/** `data` of a list answer, whatever wrapping the version uses (`{data: [...]}` or a bare array). */
function listOf(body: unknown): Json[] {
  if (Array.isArray(body)) return body as Json[];
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as Json[]) : [];
}

/**
 * grommunio's admin API with `fetch` (DESIGN.md): log in with a form (`user`, `pass`) for a JWT and a CSRF token;
 * calls carry the cookie `grommunioAuthJwt`, and the header `X-Csrf-Token` when not GET. A session is made for
 * each removal (removals are rare; a kept session would only add an expiry to handle).
 */
export function createGrommunioMailAccounts(options: GrommunioOptions, log: FastifyBaseLogger): MailAccounts {
  const base = options.baseUrl.replace(/\/$/, '');

  async function call(path: string, init: RequestInit & { session?: Session } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    if (init.session) {
      headers.set('cookie', `grommunioAuthJwt=${init.session.jwt}`);
      if ((init.method ?? 'GET') !== 'GET') headers.set('x-csrf-token', init.session.csrf);
    }
    let res: Response;
    try {
      res = await fetch(`${base}/api/v1${path}`, {
        ...init,
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      log.warn({ err, path }, 'grommunio: request failed');
      throw unavailable(name === 'TimeoutError' ? 'no answer in time' : 'connection failed');
    }
    if (res.status >= 500) throw unavailable(`it answered ${res.status}`);
    return res;
  }

  async function json(res: Response): Promise<unknown> {
    try {
      return await res.json();
    } catch {
      throw unavailable('an answer that is not JSON');
    }
  }

  async function login(): Promise<Session> {
    const res = await call('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user: options.user, pass: options.password }).toString(),
    });
    if (!res.ok) {
      throw new MailAccountError(
        'refused',
        `The mail server refused the administrator's sign-in (${res.status}): check GROMMUNIO_USER and GROMMUNIO_PASSWORD.`,
      );
    }
    const body = (await json(res)) as { grommunioAuthJwt?: unknown; csrf?: unknown };
    // The JWT is in the body, and also set as a cookie by some versions.
    const cookie = /grommunioAuthJwt=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    const jwt = typeof body.grommunioAuthJwt === 'string' ? body.grommunioAuthJwt : cookie;
    if (!jwt || typeof body.csrf !== 'string') throw unavailable('a sign-in answer without its tokens');
    return { jwt, csrf: body.csrf };
  }

  function refusal(res: Response, what: string) {
    return new MailAccountError('refused', `The mail server refused ${what} (${res.status}).`);
  }

  return {
    server: base,
    domain: options.domain,

    async removeMailbox(email): Promise<RemovedMailbox> {
      const address = email.trim().toLowerCase();
      const domainName = options.domain ?? address.split('@')[1] ?? '';
      const session = await login();

      const domains = await call('/domains', { session });
      if (!domains.ok) throw refusal(domains, 'the list of domains');
      const domain = listOf(await json(domains)).find(
        (d) => String(d.domainname ?? '').toLowerCase() === domainName.toLowerCase(),
      );
      if (!domain || typeof domain.ID !== 'number') {
        throw new MailAccountError('not_found', `The mail server has no domain ${domainName}.`);
      }
      const domainId = domain.ID;

      const users = await call(`/domains/${domainId}/users?username=${encodeURIComponent(address)}`, {
        session,
      });
      if (!users.ok) throw refusal(users, 'the mailbox lookup');
      const mailbox = listOf(await json(users)).find(
        (u) => String(u.username ?? '').toLowerCase() === address,
      );
      if (!mailbox || typeof mailbox.ID !== 'number') {
        throw new MailAccountError('not_found', `The mail server has no mailbox ${address}.`);
      }
      const mailboxId = mailbox.ID;

      const removed = await call(`/domains/${domainId}/users/${mailboxId}?deleteFiles=true`, {
        method: 'DELETE',
        session,
      });
      if (removed.status === 404) {
        throw new MailAccountError('not_found', `The mail server has no mailbox ${address}.`);
      }
      if (!removed.ok) throw refusal(removed, 'the removal');
      return { email: address, domain: domainName, domainId, mailboxId, filesDeleted: true };
    },
  };
}
