import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BackupOverview, BackupRun } from '@vahub/shared/system/backups';
import { desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/types';
import { createBackup } from '../../platform/backup/backup';
import { signingKeyFile } from '../../platform/backup/commands';
import { s3Options } from '../../platform/storage/create-storage';
import { createS3Storage } from '../../platform/storage/s3-storage';
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

/**
 * Where a scheduled backup goes: BACKUP_DIR's folder, or with BACKUP_S3_BUCKET that bucket under BACKUP_S3_PREFIX
 * (written to a temporary folder first, then uploaded). Each keeps the newest `keep` (their names sort by time).
 */
type BackupTarget = {
  /** Where it is, for the log and the failure mail; `where` a backup of it. */
  label: string;
  where(fileName: string): string;
  /** The file the backup is written to before `keep` takes it. */
  staging(fileName: string): Promise<string>;
  keep(file: string, fileName: string): Promise<void>;
  prune(keep: number): Promise<void>;
  close(): Promise<void>;
};

function folderTarget(dir: string): BackupTarget {
  return {
    label: dir,
    where: (fileName) => join(dir, fileName),
    staging: async (fileName) => join(dir, fileName),
    keep: async () => {},
    async prune(keep) {
      const files = (await readdir(dir))
        .filter((name) => FILE.test(name))
        .sort()
        .reverse();
      for (const name of files.slice(keep)) await rm(join(dir, name), { force: true });
    },
    close: async () => {},
  };
}

function bucketTarget(deps: Deps, bucket: string): BackupTarget {
  const prefix = deps.config.BACKUP_S3_PREFIX;
  const store = createS3Storage(s3Options(deps.config, deps.log, bucket));
  let temp: string | null = null;
  return {
    label: `s3://${bucket}/${prefix}`,
    where: (fileName) => `s3://${bucket}/${prefix}${fileName}`,
    async staging(fileName) {
      temp = await mkdtemp(join(tmpdir(), 'vahub-scheduled-backup-'));
      return join(temp, fileName);
    },
    async keep(file, fileName) {
      await store.put(`${prefix}${fileName}`, createReadStream(file), { contentType: 'application/zip' });
    },
    async prune(keep) {
      const names: string[] = [];
      for await (const key of store.keys()) {
        const name = key.slice(prefix.length);
        if (key.startsWith(prefix) && FILE.test(name)) names.push(name);
      }
      const old = names.sort().reverse().slice(keep);
      if (old.length) await store.delete(old.map((name) => `${prefix}${name}`));
    },
    async close() {
      if (temp) await rm(temp, { recursive: true, force: true });
      await store.close();
    },
  };
}

const backupTarget = (deps: Deps): BackupTarget =>
  deps.config.BACKUP_S3_BUCKET
    ? bucketTarget(deps, deps.config.BACKUP_S3_BUCKET)
    : folderTarget(backupDir(deps.config));

/**
 * One scheduled backup: a run row, the backup in the folder, the oldest beyond BACKUP_KEEP removed, the result
 * in the log. A failure is recorded on the run and mailed to every super admin (the outbox); it does not throw,
 * so the job is not retried into the next tick.
 */
export async function runScheduledBackup(deps: Deps): Promise<BackupRun> {
  const { config, db, clock, log } = deps;
  const started = clock.now();
  const [run] = await db.insert(backupRuns).values({ status: 'running', startedAt: started }).returning();
  const target = backupTarget(deps);
  const fileName = `vahub-backup-${started.toISOString().replace(/[:.]/g, '-')}.zip`;
  try {
    const out = await target.staging(fileName);
    const manifest = await createBackup({
      database: deps.database,
      storage: deps.storage,
      out,
      version: config.version,
      now: started,
      signingKeyFile: signingKeyFile(config),
    });
    await target.keep(out, fileName);
    await target.prune(config.BACKUP_KEEP);
    const [done] = await db
      .update(backupRuns)
      .set({ status: 'succeeded', finishedAt: clock.now(), fileName, sizeBytes: manifest.size })
      .where(eq(backupRuns.id, run.id))
      .returning();
    log.info({ file: target.where(fileName), bytes: manifest.size }, 'scheduled backup written');
    return toBackupRun(done);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const [failed] = await db
      .update(backupRuns)
      .set({ status: 'failed', finishedAt: clock.now(), error: message })
      .where(eq(backupRuns.id, run.id))
      .returning();
    log.error({ err, target: target.label }, 'scheduled backup failed');
    for (const to of await superAdminEmails(db))
      await deps.mailer.send({
        to,
        subject: `${config.APP_NAME}: the scheduled backup failed`,
        text: [
          `The scheduled backup of ${started.toISOString()} into ${target.label} failed:`,
          '',
          message,
          '',
          'The next one runs on schedule. Until one succeeds, make one by hand: npm run backup -- --out FILE',
        ].join('\n'),
      });
    return toBackupRun(failed);
  } finally {
    await target.close().catch((err) => log.warn({ err }, 'the backup target did not close cleanly'));
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
