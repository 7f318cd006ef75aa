import { bigint, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Each run of the scheduled backup (BACKUP_CRON): `running`, then `succeeded` with its file or `failed`. */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
  },
  (t) => [index('backup_runs_started_idx').on(t.startedAt)],
);
