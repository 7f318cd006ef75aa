import { z } from 'zod';
import { TOKEN_MESSAGES as M } from './messages';

export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The prefix every personal API token starts with (`vah_…`): tells it from a session's token at a glance. */
export const API_TOKEN_PREFIX = 'vah_';
/** A token lives at most this long (a token without an expiry lives until revoked). */
export const MAX_TOKEN_DAYS = 366;

export const tokenCreateSchema = z.object({
  name: z.string({ error: M.name_required }).trim().min(1, { error: M.name_required }).max(100),
  scopes: z
    .array(z.enum(TOKEN_SCOPES))
    .min(1, { error: M.scopes_required })
    .max(2)
    .transform((s) => [...new Set(s)]),
  /** An ISO 8601 instant; omitted or null: until revoked. */
  expires_at: z.iso.datetime({ offset: true }).nullish(),
});
export type TokenCreate = z.input<typeof tokenCreateSchema>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  /** The first characters of the token, for telling tokens apart (`vah_AbCd1234`). */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer of a creation: the token itself, shown this once. */
export const createdTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

/** An admin's view: whose token it is. */
export const orgApiTokenSchema = apiTokenSchema.extend({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
});
export type OrgApiToken = z.infer<typeof orgApiTokenSchema>;
