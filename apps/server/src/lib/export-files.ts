import type { Deps } from './types';

/** An export job's percent: 100 once done, else the share done so far but never 100 (0 until its total is known). */
export const exportProgress = (status: string, done: number, total: number) =>
  status === 'done' ? 100 : total > 0 ? Math.min(99, Math.floor((done * 100) / total)) : 0;

/** A finished export's download: a signed link to its file under its own name; null until it is done. */
export const finishedExportUrl = async (
  deps: Pick<Deps, 'storage' | 'config'>,
  row: { status: string; storageKey: string | null; fileName: string },
) =>
  row.status === 'done' && row.storageKey
    ? await deps.storage.signedUrl(row.storageKey, {
        expiresInSeconds: deps.config.STORAGE_SIGNED_URL_TTL_SECONDS,
        downloadName: row.fileName,
      })
    : null;
