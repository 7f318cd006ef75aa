import { z } from 'zod';
import { COMMON_MESSAGES, msg } from '../api/messages';
import { MAX_ID, paginated, paginationQuerySchema } from '../api/problem';
import { refSchema } from '../users/schemas';

export const auditQuerySchema = paginationQuerySchema.extend({
  entity_type: z
    .string()
    .trim()
    .min(1, { error: COMMON_MESSAGES.required })
    .max(40, { error: msg(COMMON_MESSAGES.at_most, { max: 40 }) })
    .optional(),
  entity_id: z.coerce.number({ error: COMMON_MESSAGES.invalid }).int().positive().max(MAX_ID).optional(),
  actor_id: z.coerce.number({ error: COMMON_MESSAGES.invalid }).int().positive().max(MAX_ID).optional(),
});

/** Who changed what, when, with the record before and after (secrets never stored). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.number().int().nullable(),
  actor: refSchema.nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = paginated(auditEntrySchema);
