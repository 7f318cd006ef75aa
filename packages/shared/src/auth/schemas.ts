import { z } from 'zod';
import { COMMON_MESSAGES, msg } from '../api/messages';
import { problemSchema } from '../api/problem';
import { isValidTimezone } from '../time/timezones';
import { TIME_FORMATS } from '../users/time-format';
import { AUTH_MESSAGES, SIGNUP_MESSAGES } from './messages';
import { ROLES } from './roles';

// The sign-up messages live in `messages.ts` (no zod there, for the sign-in page); still importable from here.
export { SIGNUP_MESSAGES };

export const PASSWORD_MIN_LENGTH = 8;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredText = (message: string, max = 120) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: msg(COMMON_MESSAGES.at_most, { max }) });

export const emailField = z
  .string({ error: SIGNUP_MESSAGES.email_required })
  .trim()
  .min(1, { error: SIGNUP_MESSAGES.email_required, abort: true })
  .max(254, { error: SIGNUP_MESSAGES.email_invalid, abort: true })
  .regex(EMAIL_RE, { error: SIGNUP_MESSAGES.email_invalid })
  .transform((v) => v.toLowerCase());

export const passwordField = z
  .string({ error: SIGNUP_MESSAGES.password_required })
  .min(1, { error: SIGNUP_MESSAGES.password_required, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: SIGNUP_MESSAGES.password_too_short, abort: true })
  .max(200, { error: msg(COMMON_MESSAGES.at_most, { max: 200 }) });

export const timezoneField = z
  .string({ error: SIGNUP_MESSAGES.timezone_invalid })
  .refine(isValidTimezone, { error: SIGNUP_MESSAGES.timezone_invalid });

/** Registration payload of the spec: company_name, email, first_name, last_name, password, confirmation, timezone. */
/** The new password typed a second time. */
export const passwordConfirmationField = z
  .string({ error: SIGNUP_MESSAGES.confirmation_required })
  .min(1, { error: SIGNUP_MESSAGES.confirmation_required });

/** A check for a form with a password and its confirmation: a given confirmation must match. */
export function confirmsPassword(
  ctx: z.core.ParsePayload<{ password: string; password_confirmation?: string | undefined }>,
) {
  const { password, password_confirmation } = ctx.value;
  if (password_confirmation && password !== password_confirmation) {
    ctx.issues.push({
      code: 'custom',
      message: SIGNUP_MESSAGES.confirmation_mismatch,
      path: ['password_confirmation'],
      input: password_confirmation,
    });
  }
}

export const registerSchema = z
  .object({
    company_name: requiredText(SIGNUP_MESSAGES.company_required),
    first_name: requiredText(SIGNUP_MESSAGES.first_name_required),
    last_name: requiredText(SIGNUP_MESSAGES.last_name_required),
    email: emailField,
    password: passwordField,
    password_confirmation: passwordConfirmationField,
    timezone: timezoneField.default('UTC'),
    receive_promotions: z.boolean().optional().default(false),
  })
  .check(confirmsPassword);
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, { error: AUTH_MESSAGES.password_required }),
  remember: z.boolean().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

/** RFC 8628's grant type: the tracker polls with its device code (issue 32, `device.ts`). */
export const DEVICE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * The token endpoint: the password grant, or a tracker's device code (issue 32). One object (not a union), so a
 * bad request names each bad field at once (`grant_type` and `username` together); what each grant needs is
 * checked once the fields themselves are good.
 */
export const tokenRequestSchema = z
  .object({
    grant_type: z.enum(['password', DEVICE_GRANT_TYPE], { error: AUTH_MESSAGES.unsupported_grant }),
    client_id: z.string().min(1),
    /** The web app's secret; the public `tracker` client (desktop agent, simulator) has none. */
    client_secret: z.string().min(1).optional(),
    /** Password grant. */
    username: z.string().min(1, { error: AUTH_MESSAGES.email_required }).optional(),
    password: z.string().min(1, { error: AUTH_MESSAGES.password_required }).optional(),
    scope: z.string().optional(),
    /** Device grant: the code `POST /oauth/device/code` gave. */
    device_code: z.string().min(1).max(200).optional(),
    /** What the computer says of itself (a tracker's password sign-in; see `device.ts`). */
    device_name: z.string().trim().max(120).optional(),
    device_system: z.string().trim().max(120).optional(),
    agent_version: z.string().trim().max(40).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.grant_type === 'password') {
      if (v.username === undefined)
        ctx.addIssue({ code: 'custom', path: ['username'], message: AUTH_MESSAGES.email_required });
      if (v.password === undefined)
        ctx.addIssue({ code: 'custom', path: ['password'], message: AUTH_MESSAGES.password_required });
    } else if (v.device_code === undefined) {
      ctx.addIssue({ code: 'custom', path: ['device_code'], message: 'Required' });
    }
  });

/** The public OAuth client of the trackers (DOMAIN.md): a password grant without a secret. */
export const TRACKER_CLIENT_ID = 'tracker';

export const tokenResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  access_token: z.string(),
  refresh_token: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** OAuth errors keep the RFC 6749 shape (`error`, `error_description`) beside the problem fields. */
export const oauthErrorSchema = problemSchema.extend({
  error: z.enum([
    'invalid_client',
    'invalid_grant',
    'invalid_request',
    // RFC 8628 section 3.5 (the device grant).
    'authorization_pending',
    'slow_down',
    'access_denied',
    'expired_token',
  ]),
  error_description: z.string(),
});

export const refreshRequestSchema = z.object({ RefreshToken: z.string().min(1) });

export const roleObjectSchema = z.object({ name: z.enum(ROLES) });

export const userStatusSchema = z.enum(['active', 'inactive', 'onhold']);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const meSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  timezone: z.string(),
  avatar_url: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  locale: z.string().nullable(),
  /** '12h', '24h', or null: the language's habit. */
  time_format: z.enum(TIME_FORMATS).nullable(),
  receive_promotions: z.boolean(),
  roles: z.array(roleObjectSchema),
  organization_id: z.number().int(),
  email_verified_at: z.string().nullable(),
  status: userStatusSchema,
  last_login_at: z.string().nullable(),
  /** Linked to a directory (LDAP) entry: their password is the directory's. */
  directory_linked: z.boolean().optional(),
});
export type Me = z.infer<typeof meSchema>;

export const roleListSchema = z.array(
  z.object({ id: z.number().int(), name: z.enum(ROLES), label: z.string() }),
);

export const profileUpdateSchema = z.object({
  first_name: requiredText(SIGNUP_MESSAGES.first_name_required).optional(),
  last_name: requiredText(SIGNUP_MESSAGES.last_name_required).optional(),
  phone: z
    .string()
    .trim()
    .max(32, { error: 'At most 32 characters' })
    .regex(/^[+0-9 ()-]*$/, { error: 'Use digits, spaces, +, ( ) and - only' })
    .nullable()
    .optional(),
  timezone: timezoneField.optional(),
  locale: z.enum(['en', 'de', 'es', 'fr', 'zh']).nullable().optional(),
  time_format: z.enum(TIME_FORMATS).nullable().optional(),
  receive_promotions: z.boolean().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const changeOwnPasswordSchema = z
  .object({
    old_password: z.string().min(1, { error: 'Enter your current password' }),
    password: passwordField,
    password_confirmation: z.string().optional(),
  })
  .check(confirmsPassword);

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
