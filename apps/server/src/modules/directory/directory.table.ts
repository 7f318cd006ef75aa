import type { DirectorySync } from '@vahub/shared/directory/schemas';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { organizations } from '../organizations/organizations.table';

/** What a run of the directory sync found and changed, per organization (the settings page shows the last). */
export type DirectorySyncResult = Pick<
  DirectorySync,
  'checked' | 'deactivated' | 'updated' | 'roles_changed' | 'skipped' | 'failure'
>;

export const directorySyncs = pgTable(
  'directory_syncs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
    /** Who asked for it (a manual run); null for the nightly one. No foreign key: a sync outlives its admin. */
    actorId: integer('actor_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    result: jsonb('result').$type<DirectorySyncResult>().notNull(),
  },
  (t) => [index('directory_syncs_organization_idx').on(t.organizationId, t.id)],
);
