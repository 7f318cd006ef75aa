import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BackupOverview, BackupRun } from '@vahub/shared/system/backups';
import { desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/types';
import { createBackup } from '../../platform/backup/backup';
import { signingKeyFile } from '../../platform/backup/commands';
import { superAdminEmails } from '../people/public';
import { backupRuns } from './backup-runs.table';

export const BACKUP_QUEUE = 'backups.scheduled';
const FILE = /^vahub-backup-.+\.zip$/;
const LISTED_RUNS = 20;

/** Where scheduled backups go: BACKUP_DIR, or `backups` in the data folder. */
export const backupDir = (config: Pick<Config, 'BACKUP_DIR' | 'dataDir'>) =>
  resolve(config.BACKUP_DIR ?? join(config.dataDir, 'backups'));

/** With BACKUP_CRON: a job on that schedule (one run at a time across instances), no retry (the next tick is one). */
export function registerScheduledBackups(deps: Deps) {
  const cron = deps.config.BACKUP_CRON;
  if (!cron) return;
  deps.jobs.work(
    BACKUP_QUEUE,
    async () => {
      await runScheduledBackup(deps);
    },
    { policy: 'singleton', retryLimit: 0, expireInSeconds: 6 * 3600 },
  );
  deps.jobs.schedule(BACKUP_QUEUE, cron);
}

/** Keeps the newest `keep` backups of the folder (their names sort by time). */
async function prune(dir: string, keep: number) {
  const files = (await readdir(dir))
    .filter((name) => FILE.test(name))
    .sort()
    .reverse();
  for (const name of files.slice(keep)) await rm(join(dir, name), { force: true });
}

/**
 * One scheduled backup: a run row, the backup in the folder, the oldest beyond BACKUP_KEEP removed, the result
 * in the log. A failure is recorded on the run and mailed to every super admin (the outbox); it does not throw,
 * so the job is not retried into the next tick.
 */
export async function runScheduledBackup(deps: Deps): Promise<BackupRun> {
  const { config, db, clock, log } = deps;
  const started = clock.now();
  const [run] = await db.insert(backupRuns).values({ status: 'running', startedAt: started }).returning();
  const dir = backupDir(config);
  const fileName = `vahub-backup-${started.toISOString().replace(/[:.]/g, '-')}.zip`;
  try {
    const manifest = await createBackup({
      database: deps.database,
      storage: deps.storage,
      out: join(dir, fileName),
      version: config.version,
      now: started,
      signingKeyFile: signingKeyFile(config),
    });
    await prune(dir, config.BACKUP_KEEP);
    const [done] = await db
      .update(backupRuns)
      .set({ status: 'succeeded', finishedAt: clock.now(), fileName, sizeBytes: manifest.size })
      .where(eq(backupRuns.id, run.id))
      .returning();
    log.info({ file: join(dir, fileName), bytes: manifest.size }, 'scheduled backup written');
    return toBackupRun(done);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const [failed] = await db
      .update(backupRuns)
      .set({ status: 'failed', finishedAt: clock.now(), error: message })
      .where(eq(backupRuns.id, run.id))
      .returning();
    log.error({ err, dir }, 'scheduled backup failed');
    for (const to of await superAdminEmails(db))
      await deps.mailer.send({
        to,
        subject: `${config.APP_NAME}: the scheduled backup failed`,
        text: [
          `The scheduled backup of ${started.toISOString()} into ${dir} failed:`,
          '',
          message,
          '',
          'The next one runs on schedule. Until one succeeds, make one by hand: npm run backup -- --out FILE',
        ].join('\n'),
      });
    return toBackupRun(failed);
  }
}

const toBackupRun = (r: typeof backupRuns.$inferSelect): BackupRun => ({
  id: r.id,
  status: r.status,
  started_at: r.startedAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
  file_name: r.fileName,
  size_bytes: r.sizeBytes,
  error: r.error,
});

/** The super admin's card: the schedule and the latest runs. */
export async function backupOverview(db: Db, config: Config): Promise<BackupOverview> {
  const rows = await db
    .select()
    .from(backupRuns)
    .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
    .limit(LISTED_RUNS);
  return { schedule: config.BACKUP_CRON ?? null, keep: config.BACKUP_KEEP, runs: rows.map(toBackupRun) };
}
