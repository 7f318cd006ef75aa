import { z } from 'zod';
import { endpoint } from '../api/endpoint';

/** One run of the scheduled backup (BACKUP_CRON): its file in BACKUP_DIR, its size, or why it failed. */
export const backupRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'succeeded', 'failed']),
  started_at: z.iso.datetime({ offset: true }),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
  file_name: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

export const backupOverviewSchema = z.object({
  /** The schedule (BACKUP_CRON, UTC), null when scheduled backups are off. */
  schedule: z.string().nullable(),
  /** How many backups are kept (BACKUP_KEEP). */
  keep: z.number().int(),
  /** The latest runs, newest first. */
  runs: z.array(backupRunSchema),
});
export type BackupOverview = z.infer<typeof backupOverviewSchema>;

export const backupEndpoints = {
  overview: endpoint({
    operationName: 'superAdminBackups',
    method: 'GET',
    path: '/api/v1/super-admin-access/backups',
    access: 'backups.read',
    resource: 'system',
    tags: ['system'],
    summary: 'The scheduled backups: the schedule, how many are kept, the latest runs',
    response: backupOverviewSchema,
  }),
};
