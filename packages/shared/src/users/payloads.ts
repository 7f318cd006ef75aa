import { z } from 'zod';
import { COMMON_MESSAGES, defineMessages, msg } from '../api/messages';
import { MAX_ID } from '../api/problem';
import { ROLES, type Role } from '../auth/roles';
import { emailField, passwordField, SIGNUP_MESSAGES, timezoneField, userStatusSchema } from '../auth/schemas';

export const USER_MESSAGES = defineMessages('users', {
  admin_flag: 'The Admin flag requires the selected role to be Admin.',
  client_flag: 'The Client flag requires the selected role to be Client.',
  email_taken: 'This email is already used by another account.',
  super_admin_only: 'Only a super admin can give the Super Admin role.',
  user_limit: 'Your plan allows {{max}} active users. Upgrade the plan or deactivate someone first.',
  delete_with_history:
    'This user has history (contracts, teams led or changes made). Deactivate them instead.',
  delete_self: 'You cannot delete your own account.',
  deactivate_self: 'You cannot deactivate your own account.',
  drop_own_admin: 'You cannot remove the Admin role from your own account.',
  role_required: 'Choose a role',
  roles_required: 'Choose at least one role.',
  phone_format: 'Use digits, spaces, +, ( ) and - only',
  managers_client_only: 'Only clients have managers.',
  manager_unknown: 'Every manager must be a manager of your organization.',
  not_a_client: 'This user is not a client.',
  super_admin_target: 'Only a super admin can change a super admin.',
  not_found: 'User not found.',
});

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: msg(COMMON_MESSAGES.at_most, { max }) });
const nameField = (message: string) => text(80).min(1, { error: message });
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

export const phoneField = z
  .string()
  .trim()
  .max(32, { error: msg(COMMON_MESSAGES.at_most, { max: 32 }) })
  .regex(/^[+0-9 ()-]*$/, { error: USER_MESSAGES.phone_format })
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

const idList = (max: number) =>
  z
    .array(
      z
        .number({ error: COMMON_MESSAGES.invalid })
        .int({ error: COMMON_MESSAGES.invalid })
        .positive({ error: COMMON_MESSAGES.invalid })
        .max(MAX_ID, { error: COMMON_MESSAGES.invalid }),
    )
    .max(max, { error: msg(COMMON_MESSAGES.too_many, { maximum: max }) })
    .transform((ids) => [...new Set(ids)]);

/**
 * Roles of a user as the form sends them: `role` is the selected role (the one the Admin and Client flags
 * are checked against), `roles` any extra roles the user also holds (e.g. a manager who is also a VA).
 * The user ends up with `role` plus `roles`; `is_admin` / `is_client` may only be set together with the
 * matching selected role.
 */
const roleFields = {
  role: z.enum(ROLES, { error: USER_MESSAGES.role_required }),
  roles: z
    .array(z.enum(ROLES, { error: USER_MESSAGES.role_required }))
    .max(ROLES.length, { error: msg(COMMON_MESSAGES.too_many, { maximum: ROLES.length }) })
    .optional(),
  is_admin: z.boolean().optional(),
  is_client: z.boolean().optional(),
};

const profileFields = {
  email: emailField,
  first_name: nameField('Your first name is required'),
  last_name: nameField('Your last name is required'),
  status: userStatusSchema,
  timezone: timezoneField,
  phone: phoneField,
  position: optionalText(120),
  company_name: optionalText(160),
  contact_person: optionalText(120),
  team_ids: idList(100),
  /** For clients: the managers who supervise them. */
  manager_ids: idList(50),
};

type FlagInput = { role?: Role; is_admin?: boolean; is_client?: boolean };

/** The spec's rule (section 5), shared so the form shows the same message as the API. */
export function roleFlagIssues(value: FlagInput): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  if (value.is_admin && value.role !== undefined && value.role !== 'admin')
    issues.push({ path: 'is_admin', message: USER_MESSAGES.admin_flag });
  if (value.is_client && value.role !== undefined && value.role !== 'client')
    issues.push({ path: 'is_client', message: USER_MESSAGES.client_flag });
  return issues;
}

const checkFlags = (ctx: { value: FlagInput; issues: z.core.$ZodRawIssue[] }) => {
  for (const issue of roleFlagIssues(ctx.value)) {
    ctx.issues.push({ code: 'custom', message: issue.message, path: [issue.path], input: ctx.value });
  }
};

export const userCreateSchema = z
  .object({
    ...profileFields,
    ...roleFields,
    /** Without one, the person is invited: a link by mail (or for the admin to hand over) to choose it. */
    password: passwordField.optional(),
    status: userStatusSchema.default('active'),
    timezone: timezoneField.optional(),
    team_ids: profileFields.team_ids.optional(),
    manager_ids: profileFields.manager_ids.optional(),
  })
  .check(checkFlags);
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserCreate = z.output<typeof userCreateSchema>;

export const userUpdateSchema = z
  .object({
    email: profileFields.email.optional(),
    first_name: profileFields.first_name.optional(),
    last_name: profileFields.last_name.optional(),
    password: passwordField.optional(),
    role: roleFields.role.optional(),
    roles: roleFields.roles,
    is_admin: roleFields.is_admin,
    is_client: roleFields.is_client,
    status: profileFields.status.optional(),
    timezone: profileFields.timezone.optional(),
    phone: profileFields.phone,
    position: profileFields.position,
    company_name: profileFields.company_name,
    contact_person: profileFields.contact_person,
    team_ids: profileFields.team_ids.optional(),
    manager_ids: profileFields.manager_ids.optional(),
  })
  .check(checkFlags);
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** A manager adding a client (`POST manager-access/clients`): the client gets that manager. */
export const clientCreateSchema = z.object({
  email: emailField,
  first_name: profileFields.first_name,
  last_name: profileFields.last_name,
  password: passwordField,
  company_name: text(160).min(1, { error: SIGNUP_MESSAGES.company_required }),
  contact_person: profileFields.contact_person,
  timezone: timezoneField.optional(),
  phone: phoneField,
  status: userStatusSchema.default('active'),
});
export type ClientCreateInput = z.input<typeof clientCreateSchema>;
export type ClientCreate = z.output<typeof clientCreateSchema>;

export const userPasswordSchema = z.object({ password: passwordField });

export const clientManagersSchema = z.object({ manager_ids: idList(50) });

export const revokeSessionsResultSchema = z.object({ revoked: z.number().int() });
