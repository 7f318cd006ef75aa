import { z } from 'zod';

const dn = z
  .string()
  .trim()
  .min(3, { error: 'Enter the entry’s DN, e.g. uid=ana,ou=people,dc=example,dc=org' })
  .max(1000, { error: 'At most 1000 characters' })
  .regex(/^[^=,]+=[^,]+(,[^=,]+=[^,]+)*$/, {
    error: 'Enter a DN such as uid=ana,ou=people,dc=example,dc=org',
  });

export const directorySearchQuerySchema = z.object({
  email: z.email({ error: 'Enter an email address' }).max(254).trim().toLowerCase(),
});

export const directoryCreateSchema = z.object({
  user_id: z.number().int().positive(),
  email: z.email({ error: 'Enter an email address' }).max(254).trim().toLowerCase(),
});

export const directoryAssociateSchema = z.object({ dn });

/** A person's entry as the directory holds it, and who of this organization it is linked to. */
export const directoryEntrySchema = z.object({
  dn: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  uid: z.string().nullable(),
  groups: z.array(z.string()),
  /** The role LDAP_GROUP_ROLES maps its groups to (the highest), null when none. */
  mapped_role: z.string().nullable(),
  disabled: z.boolean(),
  /** The user of this organization it is linked to (a user of another organization is not named). */
  linked_user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  /** A user of another organization holds it: it cannot be linked here. */
  linked_elsewhere: z.boolean(),
});

export const directorySearchSchema = z.object({ entries: z.array(directoryEntrySchema) });

export const directorySyncSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(['schedule', 'manual']),
  started_at: z.string(),
  finished_at: z.string(),
  checked: z.number().int(),
  /** Users deactivated: their entry is gone or disabled. */
  deactivated: z.array(
    z.object({ user_id: z.number().int(), name: z.string(), reason: z.enum(['gone', 'disabled']) }),
  ),
  /** Names and emails that followed the directory. */
  updated: z.array(z.object({ user_id: z.number().int(), name: z.string(), fields: z.array(z.string()) })),
  roles_changed: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string(),
      before: z.array(z.string()),
      after: z.array(z.string()),
    }),
  ),
  /** Users left as they were, and why (an email taken by someone else, no role left). */
  skipped: z.array(z.object({ user_id: z.number().int(), name: z.string(), reason: z.string() })),
  /** Set when the sync could not run (the directory down): nothing was changed. */
  failure: z.string().nullable(),
});

/** A user's link: the entry (read live), or why there is none. */
export const directoryLinkSchema = z.object({
  user_id: z.number().int(),
  dn: z.string().nullable(),
  entry: directoryEntrySchema.nullable(),
  /** Linked, but the entry is gone (the next sync deactivates the user). */
  entry_missing: z.boolean(),
  /** The directory could not be read just now (the link is shown without its entry). */
  unavailable: z.boolean(),
  last_sync: directorySyncSchema.nullable(),
});

export const directoryStatusSchema = z.object({
  configured: z.boolean(),
  url: z.string().nullable(),
  bind_dn: z.string().nullable(),
  base_dn: z.string().nullable(),
  users_dn: z.string().nullable(),
  user_filter: z.string().nullable(),
  start_tls: z.boolean(),
  auto_create: z.boolean(),
  group_roles: z.array(z.object({ group_dn: z.string(), role: z.string() })),
  linked_users: z.number().int(),
  last_sync: directorySyncSchema.nullable(),
});

export const directoryTestSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** The time the check took, in milliseconds. */
  elapsed_ms: z.number().int(),
});

export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;
export type DirectoryLink = z.infer<typeof directoryLinkSchema>;
export type DirectoryStatus = z.infer<typeof directoryStatusSchema>;
export type DirectorySync = z.infer<typeof directorySyncSchema>;
export type DirectoryTest = z.infer<typeof directoryTestSchema>;
