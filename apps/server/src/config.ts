import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expects true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (what: string) => z.url({ error: `expects ${what}` });

/** Every setting of the server, read from the environment only. `.env.example` documents each. */
const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'expects development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'expects a port number' })
    .int()
    .min(0, { error: 'expects a port number 0-65535' })
    .max(65535, { error: 'expects a port number 0-65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_NAME: z.string().min(1).default('VA Hub'),
  APP_URL: url('the public URL of the app, e.g. http://localhost:3000').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'expects a postgres:// connection URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number({ error: 'expects a number' }).int().min(1).max(100).default(10),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: bool.optional(),
  /**
   * For tests and demos: the server's clock runs this many milliseconds ahead of the machine's (negative:
   * behind), so a demo or a browser test happens at an hour it chooses. Everything the server reasons about and
   * stamps follows it; 0 (the default) is the machine's time.
   */
  CLOCK_OFFSET_MS: z.coerce.number({ error: 'expects milliseconds' }).int().default(0),
  JWT_SECRET: z.string().min(32, { error: 'expects at least 32 characters' }).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number({ error: 'expects seconds' })
    .int()
    .min(10)
    .max(86400)
    .default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number({ error: 'expects days' }).int().min(1).max(365).default(30),
  OAUTH_WEB_CLIENT_ID: z.string().min(1).default('web-app'),
  OAUTH_WEB_CLIENT_SECRET: z.string().min(1).default('web-app-secret'),
  EMAIL_VERIFY_TTL_MINUTES: z.coerce
    .number({ error: 'expects minutes' })
    .int()
    .min(1)
    .default(60 * 24),
  /** How long an invitation link (a person added without a password) stays good. */
  INVITE_TTL_HOURS: z.coerce
    .number({ error: 'expects hours' })
    .int()
    .min(1)
    .max(30 * 24)
    .default(72),
  LOGIN_MAX_FAILURES: z.coerce.number({ error: 'expects a number' }).int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number({ error: 'expects minutes' }).int().min(1).default(15),
  /** Requests a personal API token may make per hour (fixed windows on the hour; shared through Redis when set). */
  API_TOKEN_RATE_LIMIT: z.coerce.number({ error: 'expects a number' }).int().min(1).default(1000),
  /**
   * First held-back answer past LOGIN_MAX_FAILURES failures (an account's sign-ins, an address's failures);
   * doubles per failure (0: off).
   */
  LOGIN_DELAY_MS: z.coerce.number({ error: 'expects milliseconds' }).int().min(0).max(10_000).default(500),
  REGISTRATION_ENABLED: bool.default(true),
  /** Sign-up attempts per address in each window (shared across instances with REDIS_URL). */
  SIGNUP_MAX_ATTEMPTS: z.coerce.number({ error: 'expects a number' }).int().min(1).default(10),
  SIGNUP_WINDOW_MINUTES: z.coerce.number({ error: 'expects minutes' }).int().min(1).default(60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'expects smtp://user:pass@host:port or smtps://…' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('VA Hub <no-reply@localhost>'),
  BODY_LIMIT_BYTES: z.coerce
    .number({ error: 'expects bytes' })
    .int()
    .min(1024)
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number({ error: 'expects bytes' })
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'expects a pino level' })
    .default('info'),
  /** json: pino's records, for machines; pretty: one short line each, for a terminal. */
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'expects json or pretty' }).default('json'),
  DEFAULT_LOCALE: z
    .enum(['en', 'de', 'es', 'fr', 'zh'], { error: 'expects en, de, es, fr or zh' })
    .default('en'),
  /** Billing is on when set (self-hosted default: off, every organization active on the default plan). */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Signs the webhooks (`Stripe-Signature`); without it every webhook is refused. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** A Stripe-compatible server instead of Stripe's (tests, a proxy), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: url('a URL such as http://127.0.0.1:12111').optional(),
  /** Days a new organization is active in trial without a card (0: no trial). */
  BILLING_TRIAL_DAYS: z.coerce.number({ error: 'expects days' }).int().min(0).max(365).default(14),
  /** Days a failed renewal keeps the organization active. */
  BILLING_GRACE_DAYS: z.coerce.number({ error: 'expects days' }).int().min(0).max(90).default(7),
  /** The directory (LDAP) is on when set: sign-in of linked users, `ldap/*` calls, the nightly sync. */
  LDAP_URL: z
    .string()
    .regex(/^ldaps?:\/\//, { error: 'expects ldap:// or ldaps://' })
    .optional(),
  /** The service account that searches, adds entries and writes passwords (blank: anonymous). */
  LDAP_BIND_DN: z.string().optional(),
  LDAP_BIND_PASSWORD: z.string().optional(),
  /** Where people and groups are searched. */
  LDAP_BASE_DN: z.string().optional(),
  /** Where `ldap/create` adds entries (default LDAP_BASE_DN). */
  LDAP_USERS_DN: z.string().optional(),
  /** Finds a person by email; `{email}` is replaced by the escaped address. */
  LDAP_USER_FILTER: z
    .string()
    .regex(/^\(.*\{email\}.*\)$/, {
      error: 'expects a filter in parentheses with {email}, e.g. (mail={email})',
    })
    .default('(mail={email})'),
  LDAP_START_TLS: bool.default(false),
  /** A PEM file of the certificate authority that signed the directory's certificate (ldaps:// or StartTLS). */
  LDAP_CA_FILE: z.string().optional(),
  LDAP_ATTR_EMAIL: z.string().min(1).default('mail'),
  LDAP_ATTR_FIRST_NAME: z.string().min(1).default('givenName'),
  LDAP_ATTR_LAST_NAME: z.string().min(1).default('sn'),
  LDAP_ATTR_UID: z.string().min(1).default('uid'),
  /**
   * An entry that has this attribute (any value) is disabled: the sync deactivates its user and it cannot sign
   * in. The default is OpenLDAP's password policy lock (ppolicy's `pwdAccountLockedTime`).
   */
  LDAP_DISABLED_ATTRIBUTE: z.string().min(1).default('pwdAccountLockedTime'),
  /** Group DN = role, `;`-separated: `cn=vas,ou=groups,dc=example,dc=org=va;cn=managers,…=manager`. */
  LDAP_GROUP_ROLES: z
    .string()
    .transform((text, ctx) => {
      const pairs: Array<{ groupDn: string; role: 'admin' | 'manager' | 'client' | 'va' }> = [];
      for (const part of text
        .split(';')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const at = part.lastIndexOf('=');
        const groupDn = part.slice(0, at).trim();
        const role = part.slice(at + 1).trim();
        if (at < 1 || !groupDn.includes('=') || !['admin', 'manager', 'client', 'va'].includes(role)) {
          ctx.addIssue({
            code: 'custom',
            message: `expects group-dn=role pairs separated by ; (roles: admin, manager, client, va); "${part}" is not one`,
          });
          return z.NEVER;
        }
        pairs.push({ groupDn, role: role as 'admin' | 'manager' | 'client' | 'va' });
      }
      return pairs;
    })
    .optional(),
  /** A person found in the directory, in a mapped group, becomes a user of LDAP_ORGANIZATION_ID at first sign-in. */
  LDAP_AUTO_CREATE: bool.default(false),
  /** The organization the installation's directory belongs to (auto-created users join it). */
  LDAP_ORGANIZATION_ID: z.coerce.number({ error: 'expects an organization id' }).int().positive().optional(),
  /** Each directory call's deadline (connect, bind, search, write). */
  LDAP_TIMEOUT_MS: z.coerce
    .number({ error: 'expects milliseconds' })
    .int()
    .min(100)
    .max(120_000)
    .default(5_000),
  /** OpenID Connect sign-in is on when set: the issuer's URL (its discovery document is read from it). */
  OIDC_ISSUER: url('the issuer URL, e.g. https://login.microsoftonline.com/<tenant>/v2.0').optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The sign-in button's label: "Sign in with <OIDC_NAME>". */
  OIDC_NAME: z.string().min(1).max(40).default('single sign-on'),
  /** A verified email without a user here becomes a new user (of OIDC_ORGANIZATION_ID, with OIDC_DEFAULT_ROLE). */
  OIDC_AUTO_CREATE: bool.default(false),
  OIDC_DEFAULT_ROLE: z
    .enum(['va', 'client', 'manager', 'admin'], { error: 'expects va, client, manager or admin' })
    .default('va'),
  OIDC_ORGANIZATION_ID: z.coerce.number({ error: 'expects an organization id' }).int().positive().optional(),
  /** Each call to the issuer (discovery, token, userinfo). */
  OIDC_TIMEOUT_MS: z.coerce
    .number({ error: 'expects milliseconds' })
    .int()
    .min(100)
    .max(60_000)
    .default(10_000),
  /** Mail accounts are on when set: a grommunio server's base URL (its admin API is under /api/v1). */
  GROMMUNIO_URL: url('the grommunio server URL, e.g. https://mail.example.org:8443').optional(),
  GROMMUNIO_USER: z.string().min(1).optional(),
  GROMMUNIO_PASSWORD: z.string().min(1).optional(),
  /** The domain of the mailboxes (default: the domain of each user's address). */
  GROMMUNIO_DOMAIN: z.string().min(1).optional(),
  GROMMUNIO_TIMEOUT_MS: z.coerce
    .number({ error: 'expects milliseconds' })
    .int()
    .min(100)
    .max(60_000)
    .default(10_000),
  LLM_BASE_URL: url('an OpenAI-compatible base URL').optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  /**
   * The whole answer's deadline of one model call (headers and every streamed token); the SDK retries 5xx and
   * timeouts within it. Without LLM_BASE_URL and LLM_MODEL the built-in analyst writes the reports.
   */
  LLM_TIMEOUT_MS: z.coerce
    .number({ error: 'expects milliseconds' })
    .int()
    .min(100)
    .max(600_000)
    .default(60_000),
  /** Retries of a model call that answered 5xx or timed out (the SDK's, with backoff). */
  LLM_MAX_RETRIES: z.coerce.number({ error: 'expects a number' }).int().min(0).max(10).default(2),
  /**
   * Webhooks may call private, loopback, link-local, CGNAT and multicast addresses, and plain http:// (a
   * self-hosted network; the tests). Off: https:// to public addresses only, checked after DNS.
   */
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  /** One webhook delivery's deadline (connect, headers and body). */
  WEBHOOKS_TIMEOUT_MS: z.coerce
    .number({ error: 'expects milliseconds' })
    .int()
    .min(50)
    .max(60_000)
    .default(10_000),
  /**
   * The first retry's delay of a failed delivery; each next one doubles (with jitter), and the number of retries
   * is chosen so the last lands about 24 hours after the first attempt.
   */
  WEBHOOKS_RETRY_DELAY_SECONDS: z.coerce
    .number({ error: 'expects seconds' })
    .int()
    .min(1)
    .max(3600)
    .default(60),
  APP_DOWNLOAD_WINDOWS_URL: url('a download URL').optional(),
  APP_DOWNLOAD_MAC_URL: url('a download URL').optional(),
  APP_DOWNLOAD_LINUX_URL: url('a download URL').optional(),
  /** The version of the agent builds at those links: older agents tell their VA (issue 32). */
  APP_AGENT_VERSION: z
    .string()
    .regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/, 'APP_AGENT_VERSION must be a version like 1.2.3')
    .optional(),
  TRUST_PROXY: bool.default(false),
  // Several instances: Redis fans realtime messages out to every instance and holds the shared rate limits.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'expects redis://host:port or rediss://…' })
    .optional(),
  /** Run job workers, cron schedules and event consumers in this instance (off for API-only instances). */
  JOBS_ENABLED: bool.default(true),
  /** Apply the cron schedules (sweeps, window, retention); the tests turn it off and run them with their clock. */
  JOBS_CRONS: bool.default(true),
  /** How often idle job workers look for new jobs (jobs sent by this instance wake them at once). */
  JOBS_POLL_SECONDS: z.coerce.number({ error: 'expects seconds' }).min(0.5).max(60).default(1),
  /** How often the event dispatcher looks for events raised by other instances (its own wake it at once). */
  EVENTS_POLL_SECONDS: z.coerce.number({ error: 'expects seconds' }).min(0.1).max(300).default(2),
  /** Retries of a mail the SMTP server refused; the delay doubles each time (0: retry at once). */
  MAIL_RETRY_LIMIT: z.coerce.number({ error: 'expects a number' }).int().min(0).max(20).default(5),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number({ error: 'expects seconds' }).int().min(0).max(3600).default(30),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'expects local or s3' }).default('local'),
  STORAGE_S3_BUCKET: z.string().min(3, { error: 'expects a bucket name' }).optional(),
  STORAGE_S3_REGION: z.string().min(1).default('us-east-1'),
  STORAGE_S3_ENDPOINT: url('the S3-compatible endpoint URL, e.g. http://127.0.0.1:9000').optional(),
  STORAGE_S3_ACCESS_KEY_ID: z.string().optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().optional(),
  STORAGE_S3_FORCE_PATH_STYLE: bool.default(false),
  /** `GET /api/metrics` answers (Prometheus text) only when set, and only to this bearer token. */
  METRICS_TOKEN: z.string().min(16, { error: 'expects at least 16 characters' }).optional(),
  /** Scheduled backups: a cron expression (pg-boss's, UTC), the folder they go to, how many are kept. */
  BACKUP_CRON: z.string().min(9, { error: 'expects a cron expression, e.g. 0 3 * * *' }).optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number({ error: 'expects a number' }).int().min(1).max(1000).default(7),
  /**
   * Scheduled backups into an S3 bucket instead of BACKUP_DIR: another bucket than the files' (a backup beside what
   * it protects protects little), reached with the STORAGE_S3_* endpoint, region and keys; keys under the prefix.
   */
  BACKUP_S3_BUCKET: z.string().min(3, { error: 'expects a bucket name' }).optional(),
  BACKUP_S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9._-]*\/)*$/i, { error: 'expects folder names ending in /, e.g. vahub/backups/' })
    .default('backups/'),
  /** Lifetime of the signed download URLs of private files (screenshots). */
  STORAGE_SIGNED_URL_TTL_SECONDS: z.coerce
    .number({ error: 'expects seconds' })
    .int()
    .min(10)
    .max(7 * 86400)
    .default(300),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  dataDir: string;
  appUrl: string;
  webDist: string;
  seedDemo: boolean;
  embedded: boolean;
  version: string;
};

export class ConfigError extends Error {}

/** Validates the environment; a bad value throws a message naming the variable and what it expects. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 's3' && !e.STORAGE_S3_BUCKET) {
    throw new ConfigError(
      'Invalid configuration:\n  STORAGE_S3_BUCKET: expects a bucket name when STORAGE_DRIVER=s3 (got nothing)',
    );
  }
  if (e.BACKUP_S3_BUCKET && e.STORAGE_DRIVER === 's3' && e.BACKUP_S3_BUCKET === e.STORAGE_S3_BUCKET) {
    throw new ConfigError(
      'Invalid configuration:\n  BACKUP_S3_BUCKET: expects another bucket than STORAGE_S3_BUCKET (a backup beside the files it protects protects little)',
    );
  }
  if (Boolean(e.LLM_BASE_URL) !== Boolean(e.LLM_MODEL)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${e.LLM_BASE_URL ? 'LLM_MODEL' : 'LLM_BASE_URL'}: expects a value when ${e.LLM_BASE_URL ? 'LLM_BASE_URL' : 'LLM_MODEL'} is set (got nothing)`,
    );
  }
  if (e.LDAP_URL && !e.LDAP_BASE_DN) {
    throw new ConfigError(
      'Invalid configuration:\n  LDAP_BASE_DN: expects the base DN to search when LDAP_URL is set (got nothing)',
    );
  }
  if (e.LDAP_URL && Boolean(e.LDAP_BIND_DN) !== Boolean(e.LDAP_BIND_PASSWORD)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${e.LDAP_BIND_DN ? 'LDAP_BIND_PASSWORD' : 'LDAP_BIND_DN'}: expects a value when ${e.LDAP_BIND_DN ? 'LDAP_BIND_DN' : 'LDAP_BIND_PASSWORD'} is set (got nothing)`,
    );
  }
  if (e.LDAP_AUTO_CREATE && (!e.LDAP_ORGANIZATION_ID || !e.LDAP_GROUP_ROLES?.length)) {
    throw new ConfigError(
      'Invalid configuration:\n  LDAP_AUTO_CREATE: expects LDAP_ORGANIZATION_ID and LDAP_GROUP_ROLES when true (a new user needs an organization and a role)',
    );
  }
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_CLIENT_ID: expects the client id when OIDC_ISSUER is set (got nothing)',
    );
  }
  if (e.OIDC_AUTO_CREATE && !e.OIDC_ORGANIZATION_ID) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ORGANIZATION_ID: expects the organization of new users when OIDC_AUTO_CREATE=true (got nothing)',
    );
  }
  if (e.GROMMUNIO_URL && (!e.GROMMUNIO_USER || !e.GROMMUNIO_PASSWORD)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${e.GROMMUNIO_USER ? 'GROMMUNIO_PASSWORD' : 'GROMMUNIO_USER'}: expects a value when GROMMUNIO_URL is set (got nothing)`,
    );
  }
  const embedded = !e.DATABASE_URL;
  return {
    ...e,
    dataDir: resolve(e.DATA_DIR),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    // Demo data only when asked for (`npm run demo`), on any database.
    seedDemo: e.SEED_DEMO ?? false,
    embedded,
    version: process.env.npm_package_version ?? '0.1.0',
  };
}
