import { z } from 'zod';
import { defineMessages } from '../api/messages';
import { isValidTimezone } from '../time/timezones';
import { ROLES } from './roles';

export const PASSWORD_MIN_LENGTH = 8;

/** The spec's sign-up messages (section 5), word for word, typos included. */
export const SIGNUP_MESSAGES = defineMessages('signup', {
  company_required: 'Company name is required',
  name_required: 'Your first name is required',
  first_name_required: 'Your first name is required',
  last_name_required: 'Your last name is required',
  email_required: 'Enter your email, it will be required to login',
  email_invalid: 'Please, enter a valid email',
  password_required: 'Enter your password with at least 8 characters, it will be required to login',
  password_too_short: 'The password should contains at leat 8 characters',
  confirmation_required: 'Please, confirm your password',
  confirmation_mismatch: 'The password does not match',
  email_taken: 'This email is already registered. Sign in instead, or use another email.',
  timezone_invalid: 'Choose a valid time zone',
});

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredText = (message: string, max = 120) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `At most ${max} characters` });

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
  .max(200, { error: 'At most 200 characters' });

export const timezoneField = z
  .string({ error: SIGNUP_MESSAGES.timezone_invalid })
  .refine(isValidTimezone, { error: SIGNUP_MESSAGES.timezone_invalid });

/** Registration payload of the spec: company_name, email, first_name, last_name, password, confirmation, timezone. */
export const registerSchema = z
  .object({
    company_name: requiredText(SIGNUP_MESSAGES.company_required),
    first_name: requiredText(SIGNUP_MESSAGES.first_name_required),
    last_name: requiredText(SIGNUP_MESSAGES.last_name_required),
    email: emailField,
    password: passwordField,
    password_confirmation: z
      .string({ error: SIGNUP_MESSAGES.confirmation_required })
      .min(1, { error: SIGNUP_MESSAGES.confirmation_required }),
    timezone: timezoneField.default('UTC'),
    receive_promotions: z.boolean().optional().default(false),
  })
  .check((ctx) => {
    const { password, password_confirmation } = ctx.value;
    if (password_confirmation && password !== password_confirmation) {
      ctx.issues.push({
        code: 'custom',
        message: SIGNUP_MESSAGES.confirmation_mismatch,
        path: ['password_confirmation'],
        input: password_confirmation,
      });
    }
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, { error: 'Enter your password' }),
  remember: z.boolean().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

export const tokenRequestSchema = z.object({
  grant_type: z.literal('password', { error: 'Only the password grant is supported' }),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  username: z.string().min(1, { error: 'Enter your email' }),
  password: z.string().min(1, { error: 'Enter your password' }),
  scope: z.string().optional(),
});

export const tokenResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  access_token: z.string(),
  refresh_token: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** OAuth errors keep the RFC 6749 shape (`error`, `error_description`) beside the problem fields. */
export const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string(),
  message: z.string(),
  title: z.string(),
  status: z.number().int(),
  type: z.string(),
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
  receive_promotions: z.boolean(),
  roles: z.array(roleObjectSchema),
  organization_id: z.number().int(),
  email_verified_at: z.string().nullable(),
  status: userStatusSchema,
  last_login_at: z.string().nullable(),
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
  receive_promotions: z.boolean().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const changeOwnPasswordSchema = z
  .object({
    old_password: z.string().min(1, { error: 'Enter your current password' }),
    password: passwordField,
    password_confirmation: z.string().optional(),
  })
  .check((ctx) => {
    const { password, password_confirmation } = ctx.value;
    if (password_confirmation !== undefined && password !== password_confirmation) {
      ctx.issues.push({
        code: 'custom',
        message: SIGNUP_MESSAGES.confirmation_mismatch,
        path: ['password_confirmation'],
        input: password_confirmation,
      });
    }
  });

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
