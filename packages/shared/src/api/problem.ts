import { z } from 'zod';

/** A message as a code with parameters, for clients that speak another language (see `messages.ts`). */
export const codedMessageSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** RFC 9457 problem details, as every error of the API is rendered. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** The same fields as `errors`, each message as a code with parameters. */
  codes: z.record(z.string(), z.array(codedMessageSchema)).optional(),
  /** `message` as a code, when the catalog knows it. */
  message_code: codedMessageSchema.optional(),
  code: z.string().optional(),
  request_id: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const paginationMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: paginationMetaSchema });

export const messageSchema = z.object({ message: z.string() });

/**
 * The largest id a row can have (PostgreSQL's \`integer\`). Every id the API reads stops here: a larger one
 * names no row, and the database would refuse to compare it (a 500) rather than find nothing.
 */
export const MAX_ID = 2_147_483_647;

export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
