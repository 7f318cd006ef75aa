import { z } from 'zod';
import { paginationQuerySchema } from '../api/problem';

export const organizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  plan_id: z.number().int().nullable(),
  plan_valid_until: z.string().nullable(),
  owner: z
    .object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), email: z.string() })
    .nullable(),
  user_count: z.number().int(),
  max_users: z.number().int().nullable(),
  timezone: z.string(),
  /** Billing: the free trial's end (null: none), the end of a failed payment's grace period (null: none). */
  trial_ends_at: z.string().nullable(),
  grace_until: z.string().nullable(),
  /** The organization's logo (Settings → Invoicing), or null. */
  logo_url: z.string().nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  max_users: z.number().int(),
  /** The payment provider's price id, what `POST checkout` takes (null: the plan cannot be bought). */
  price_id: z.string().nullable(),
  /** The old name of `price_id`, kept for clients that read it. */
  provider_price_id: z.string().nullable(),
  features: z.array(z.string()),
  is_default: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

/** Subscription active <=> status 1, or the home organization (id 1). */
export const isSubscriptionActive = (org: { id: number; status: number }): boolean =>
  org.status === 1 || org.id === 1;

/** User limit reached <=> user_count >= max_users, except for the home organization. */
export const isUserLimitReached = (org: {
  id: number;
  user_count: number;
  max_users: number | null;
}): boolean => org.id !== 1 && org.max_users !== null && org.user_count >= org.max_users;

/** The session counts as "paid" when it belongs to an organization other than the home one. */
export const isPaidOrganization = (organizationId: number | null | undefined): boolean =>
  organizationId != null && organizationId !== 1;

export const realmSchema = z.object({
  app_name: z.string(),
  version: z.string(),
  registration_enabled: z.boolean(),
  /** A mail server is set: a new account must open its verification link before using the app. */
  email_verification_required: z.boolean(),
  billing_enabled: z.boolean(),
  ldap_enabled: z.boolean(),
  /** OpenID Connect sign-in is on: the sign-in page shows "Sign in with <sso_name>". */
  sso_enabled: z.boolean(),
  sso_name: z.string().nullable(),
  /** A grommunio server is set: deleting or deactivating a user offers to remove their mailbox. */
  mail_accounts_enabled: z.boolean(),
  ai_enabled: z.boolean(),
  default_locale: z.string(),
  demo: z.boolean(),
  /** The demo's sign-in accounts (demo mode only). Never a password: the web knows the demo's one. */
  demo_accounts: z.array(z.object({ email: z.string(), role: z.string() })),
});
export type Realm = z.infer<typeof realmSchema>;

export const appDownloadLinksSchema = z.object({
  windows: z.string().nullable(),
  mac: z.string().nullable(),
  linux: z.string().nullable(),
  /** The version of the builds at these links (`APP_AGENT_VERSION`): an older agent tells its VA (issue 32). */
  version: z.string().nullable(),
});

export const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** Files sent with it (an invoice's PDF): names, types and sizes in bytes. */
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() })),
  /** queued: waiting for the mail job; kept: no SMTP, stays here; sent; failed: gave up after retries. */
  status: z.enum(['queued', 'kept', 'sent', 'failed']),
  error: z.string().nullable(),
  attempts: z.number().int(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** The outbox's filter: page, and a part of the recipient's address. */
export const outboxQuerySchema = paginationQuerySchema.extend({ to: z.string().trim().max(254).optional() });
