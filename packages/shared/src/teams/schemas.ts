import { z } from 'zod';
import { COMMON_MESSAGES, defineMessages, msg } from '../api/messages';
import { MAX_ID, paginated, paginationQuerySchema } from '../api/problem';
import { roleObjectSchema, userStatusSchema } from '../auth/schemas';
import { refSchema } from '../users/schemas';

export const TEAM_MESSAGES = defineMessages('teams', {
  name_taken: 'A team with this name already exists.',
  name_required: 'Give the team a name',
  leader_unknown: 'The leader must be a person of your organization.',
  member_unknown: 'Every member must be a person of your organization.',
  team_unknown: 'Every team must be a team of your organization.',
  not_found: 'Team not found.',
});

export const teamsQuerySchema = paginationQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(100).default(100),
  search: z
    .string()
    .trim()
    .max(80, { error: msg(COMMON_MESSAGES.at_most, { max: 80 }) })
    .optional(),
});

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  leader: refSchema.nullable(),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type Team = z.infer<typeof teamSchema>;
export const teamPageSchema = paginated(teamSchema);

export const teamMemberSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(roleObjectSchema),
  status: userStatusSchema,
});

export const teamDetailSchema = teamSchema.extend({ members: z.array(teamMemberSchema) });
export type TeamDetail = z.infer<typeof teamDetailSchema>;

const idList = z
  .array(
    z
      .number({ error: COMMON_MESSAGES.invalid })
      .int({ error: COMMON_MESSAGES.invalid })
      .positive({ error: COMMON_MESSAGES.invalid })
      .max(MAX_ID, { error: COMMON_MESSAGES.invalid }),
  )
  .max(500, { error: msg(COMMON_MESSAGES.too_many, { maximum: 500 }) })
  .transform((ids) => [...new Set(ids)]);

export const teamCreateSchema = z.object({
  name: z
    .string({ error: TEAM_MESSAGES.name_required })
    .trim()
    .min(1, { error: TEAM_MESSAGES.name_required })
    .max(80, { error: msg(COMMON_MESSAGES.at_most, { max: 80 }) }),
  description: z
    .string()
    .trim()
    .max(500, { error: msg(COMMON_MESSAGES.at_most, { max: 500 }) })
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  leader_id: z
    .number({ error: COMMON_MESSAGES.invalid })
    .int({ error: COMMON_MESSAGES.invalid })
    .positive({ error: COMMON_MESSAGES.invalid })
    .max(MAX_ID, { error: COMMON_MESSAGES.invalid })
    .nullable()
    .optional(),
  member_ids: idList.optional(),
});
export type TeamCreateInput = z.input<typeof teamCreateSchema>;

export const teamUpdateSchema = teamCreateSchema.partial();
export type TeamUpdateInput = z.input<typeof teamUpdateSchema>;

/** `PATCH teams/users/{id}`: sets one user's teams exactly (an empty list removes them from all). */
export const userTeamsSchema = z.object({ team_ids: idList });
export const userTeamsResultSchema = z.object({ user_id: z.number().int(), teams: z.array(refSchema) });
