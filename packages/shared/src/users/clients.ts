import { z } from 'zod';
import { paginationMetaSchema, paginationQuerySchema } from '../api/problem';
import { userStatusSchema } from '../auth/schemas';
import { refSchema, searchField } from './schemas';

export const CLIENT_SORTS = ['name', '-name', 'company', '-company', 'created_at', '-created_at'] as const;

/** `GET clients`: one table filtered by status, with the count of each status for the tabs. */
export const clientsQuerySchema = paginationQuerySchema.extend({
  status: userStatusSchema.optional(),
  search: searchField.optional(),
  sort: z.enum(CLIENT_SORTS).default('name'),
});
export type ClientsQuery = z.output<typeof clientsQuerySchema>;

export const clientRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  company_name: z.string().nullable(),
  contact_person: z.string().nullable(),
  timezone: z.string(),
  phone: z.string().nullable(),
  status: userStatusSchema,
  created_at: z.string(),
  managers: z.array(refSchema),
});
export type ClientRow = z.infer<typeof clientRowSchema>;

export const clientStatusCountsSchema = z.object({
  active: z.number().int(),
  inactive: z.number().int(),
  onhold: z.number().int(),
});

/** The counts follow the search but not the status filter, so every tab shows how many it holds. */
export const clientPageSchema = z.object({
  data: z.array(clientRowSchema),
  meta: paginationMetaSchema,
  counts: clientStatusCountsSchema,
});
export type ClientPage = z.infer<typeof clientPageSchema>;

export const clientManagersResultSchema = z.object({
  client_id: z.number().int(),
  managers: z.array(refSchema),
});
