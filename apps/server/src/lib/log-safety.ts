import type { FastifyRequest } from 'fastify';

/** What stands in for a secret or a query value in the logs. */
export const REDACTED = '[redacted]';

/**
 * A URL with every query value replaced (`/x?token=[redacted]`): a query may carry a verification token,
 * an email or a search a log reader has no business seeing. The names stay, to tell requests apart.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : `${pair.slice(0, eq)}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Fields never written to a log, wherever they appear in a logged object (two levels deep). */
const SECRET_FIELDS = [
  'password',
  'old_password',
  'password_confirmation',
  'passwordHash',
  'bindPassword',
  'LDAP_BIND_PASSWORD',
  'client_secret',
  'access_token',
  'refresh_token',
  'RefreshToken',
  'token',
  'authorization',
  'cookie',
];

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

type RequestLike = Pick<FastifyRequest, 'method' | 'url' | 'id'> & {
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/**
 * The logger options every app instance gets: the request serializer writes the URL without query
 * values (and never headers), and pino censors the secret fields of anything logged.
 */
export function safeLogging<T extends boolean | Record<string, unknown>>(
  logger: T,
): T | Record<string, unknown> {
  if (logger === false) return logger;
  const base: Record<string, unknown> = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      ...((base.serializers as Record<string, unknown>) ?? {}),
      req: (req: RequestLike) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
