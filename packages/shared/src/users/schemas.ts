import { z } from 'zod';
import { COMMON_MESSAGES, defineMessages, msg } from '../api/messages';
import { MAX_ID, paginated, paginationQuerySchema } from '../api/problem';
import { isRole, ROLES, type Role } from '../auth/roles';
import { roleObjectSchema, userStatusSchema } from '../auth/schemas';

/** `{ id, name }` of a person or team, as lists show them beside a row. */
export const refSchema = z.object({ id: z.number().int(), name: z.string() });
export type Ref = z.infer<typeof refSchema>;

export const USER_QUERY_MESSAGES = defineMessages('users', {
  roles_filter: 'Use role slugs separated by commas: {{roles}}',
});

/** Search terms of the people lists: name, email and company. */
export const searchField = z
  .string()
  .trim()
  .max(120, { error: msg(COMMON_MESSAGES.at_most, { max: 120 }) });

/** A comma-joined list of role slugs (`roles=manager,va`), as the spec's list calls send it. */
export const roleListField = z
  .string()
  .trim()
  .refine((v) => v === '' || v.split(',').every((r) => isRole(r.trim())), {
    error: msg(USER_QUERY_MESSAGES.roles_filter, { roles: ROLES.join(', ') }),
  })
  .transform((v) =>
    v
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean)
      .map((r) => r as Role),
  );

export const USER_SORTS = [
  'name',
  '-name',
  'email',
  '-email',
  'created_at',
  '-created_at',
  'last_login_at',
  '-last_login_at',
  'status',
  '-status',
] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** `GET users/paginated`: search on first/last name, email and company; filters; sort (`-` = descending). */
export const usersQuerySchema = paginationQuerySchema.extend({
  search: searchField.optional(),
  roles: roleListField.optional(),
  role: z.enum(ROLES).optional(),
  status: userStatusSchema.optional(),
  team_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  sort: z.enum(USER_SORTS).default('name'),
});
export type UsersQuery = z.output<typeof usersQuerySchema>;

/** Super admin: the same, across organizations, with an organization filter. */
export const allUsersQuerySchema = usersQuerySchema.extend({
  organization_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
});

/** `GET users` (pickers): everyone matching, no paging. */
export const userOptionsQuerySchema = z.object({
  roles: roleListField.optional(),
  role: z.enum(ROLES).optional(),
  status: userStatusSchema.optional(),
});

export const userOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles: z.array(roleObjectSchema),
  status: userStatusSchema,
  timezone: z.string(),
  /** A client's company: how contracts and pickers name the client. */
  company_name: z.string().nullable(),
});
export type UserOption = z.infer<typeof userOptionSchema>;
export const userOptionListSchema = z.object({ data: z.array(userOptionSchema) });

/** One row of the users table (and of the VA directory). */
export const userRowSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  roles: z.array(roleObjectSchema),
  status: userStatusSchema,
  timezone: z.string(),
  avatar_url: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  company_name: z.string().nullable(),
  contact_person: z.string().nullable(),
  email_verified_at: z.string().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  /** Teams the user is a member of. */
  teams: z.array(refSchema),
  /** A client's managers; a VA's: the managers of the clients they hold a contract with. */
  managers: z.array(refSchema),
});
export type UserRow = z.infer<typeof userRowSchema>;
export const userPageSchema = paginated(userRowSchema);

export const userRowWithOrganizationSchema = userRowSchema.extend({ organization_name: z.string() });
export const allUserPageSchema = paginated(userRowWithOrganizationSchema);

export const userDetailSchema = userRowSchema.extend({
  locale: z.string().nullable(),
  team_ids: z.array(z.number().int()),
  manager_ids: z.array(z.number().int()),
  is_admin: z.boolean(),
  is_manager: z.boolean(),
  is_client: z.boolean(),
  is_va: z.boolean(),
  /** Sign-ins still live (not revoked, not expired). */
  active_sessions: z.number().int(),
  updated_at: z.string(),
  /** False for a person invited who has not chosen a password yet (they cannot sign in). */
  password_set: z.boolean(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;
