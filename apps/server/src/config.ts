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
  LDAP_URL: z
    .string()
    .regex(/^ldaps?:\/\//, { error: 'expects ldap:// or ldaps://' })
    .optional(),
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
  APP_DOWNLOAD_WINDOWS_URL: url('a download URL').optional(),
  APP_DOWNLOAD_MAC_URL: url('a download URL').optional(),
  APP_DOWNLOAD_LINUX_URL: url('a download URL').optional(),
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
  if (Boolean(e.LLM_BASE_URL) !== Boolean(e.LLM_MODEL)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${e.LLM_BASE_URL ? 'LLM_MODEL' : 'LLM_BASE_URL'}: expects a value when ${e.LLM_BASE_URL ? 'LLM_BASE_URL' : 'LLM_MODEL'} is set (got nothing)`,
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
