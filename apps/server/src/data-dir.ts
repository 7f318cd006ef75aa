import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';

/** The data folder cannot be used: its message is the one line a person starting the server reads. */
export class DataDirError extends Error {}

/** What a file system error code means for a folder the server must write to. */
function problemOf(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case 'EROFS':
      return 'it is on a read-only file system';
    case 'EACCES':
    case 'EPERM':
      return 'this user may not write to it (permission denied)';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    case 'EEXIST':
    case 'ENOTDIR':
      return 'a file is in the way where a folder is expected';
    default:
      return (err as Error).message ?? String(err);
  }
}

/** Whether this configuration writes into DATA_DIR: the embedded database, the local store, the signing key. */
export const usesDataDir = (config: Config) =>
  config.embedded || config.STORAGE_DRIVER === 'local' || !config.JWT_SECRET;

/**
 * Checks at start that the data folder exists (or can be made) and takes a write, so a read-only, full or
 * misplaced folder is said in one line naming it, not by the embedded database's stack trace.
 */
export function checkDataDir(dir: string): void {
  const probe = join(dir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, 'ok');
  } catch (err) {
    throw new DataDirError(
      `Cannot use the data folder ${dir}: ${problemOf(err)}. Set DATA_DIR to a writable folder.`,
    );
  } finally {
    try {
      rmSync(probe, { force: true });
    } catch {
      // Nothing was written.
    }
  }
}
