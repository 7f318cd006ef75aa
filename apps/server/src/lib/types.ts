import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Directory } from '../platform/directory/types';
import type { Events } from '../platform/events/types';
import type { Jobs } from '../platform/jobs/types';
import type { LanguageModel } from '../platform/llm/types';
import type { MailAccounts } from '../platform/mail-accounts/types';
import type { Payments } from '../platform/payments/types';
import type { RateLimits } from '../platform/rate-limit/types';
import type { Realtime } from '../platform/realtime/types';
import type { SingleSignOn } from '../platform/sso/types';
import type { ObjectStorage } from '../platform/storage/types';
import type { Transact } from '../platform/transaction';
import type { WebhookSender } from '../platform/webhooks/types';
import type { Clock } from './clock';
import type { Mailer, RequestAuth } from './ports';
import type { ViewerFactory } from './viewer';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every service needs, built once per app and passed explicitly (no globals). */
export type Deps = {
  db: Db;
  /** Opens a transaction with after-commit hooks; the only way services open one. */
  transaction: Transact;
  database: Database;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  /** Durable jobs and cron schedules (pg-boss). */
  jobs: Jobs;
  /** Domain events: raise inside a transaction, subscribe while the app is built. */
  events: Events;
  log: FastifyBaseLogger;
  secret: Uint8Array;
  /** Resolves the request's bearer token to a live session, or throws 401 (the auth module's). */
  authenticate: (request: FastifyRequest) => Promise<RequestAuth>;
  /** Builds the per-request viewer (the access module's). */
  viewers: ViewerFactory;
  /** Files by key: a folder or an S3-compatible bucket (STORAGE_DRIVER). */
  storage: ObjectStorage;
  /** Fixed-window counters: in memory, or in Redis shared by every instance (REDIS_URL). */
  rateLimits: RateLimits;
  /** The payment provider (Stripe with STRIPE_SECRET_KEY); null: billing is off. */
  payments: Payments | null;
  /** WebSocket delivery to the viewers of a change (`/api/v1/ws`), across instances with Redis. */
  realtime: Realtime;
  /** A chat model (LLM_BASE_URL, LLM_MODEL), or `provider: 'none'`: the ai module's built-in analyst writes then. */
  llm: LanguageModel;
  /** The directory (LDAP with LDAP_URL); null: off, the directory calls answer 409 `directory_not_configured`. */
  directory: Directory | null;
  /** OpenID Connect sign-in (OIDC_ISSUER); null: off, the SSO calls answer 409 `sso_not_configured`. */
  sso: SingleSignOn | null;
  /** grommunio mailboxes (GROMMUNIO_URL); null: off, 409 `mail_accounts_not_configured`. */
  mailAccounts: MailAccounts | null;
  /** Signed webhook POSTs with the address guard (WEBHOOKS_ALLOW_PRIVATE, WEBHOOKS_TIMEOUT_MS). */
  webhooks: WebhookSender;
};
