import { useQuery } from '@tanstack/react-query';
import { type ExportFormat, type ExportJob, TIMESHEETS } from '@vahub/shared/timesheets/schemas';
import { useCallback, useState } from 'react';
import { call, fetchFile, saveFile } from '../../../lib/api-client';
import { queryKeyOf } from '../../../lib/query-keys';
import type { FilterQuery, TimesheetArea } from './filters';
import { timesheetApi } from './queries';

/** How often a running export job is asked for its progress. */
export const EXPORT_POLL_MS = 1000;

export type ExportState =
  | { kind: 'idle' }
  /** A direct download is on its way (the file streams from the server). */
  | { kind: 'downloading'; format: ExportFormat }
  /** A background job runs (or ran): its progress, then its link. */
  | { kind: 'job'; format: ExportFormat; id: string }
  | { kind: 'error'; error: unknown };

/** Small enough to stream straight to the browser; larger ones run as a job with progress. */
export const exportsDirectly = (rows: number): boolean => rows <= TIMESHEETS.directExportRows;

/**
 * Exports the filtered timesheets: up to `TIMESHEETS.directExportRows` rows the file downloads at once
 * (`fetchFile` + `saveFile`); more start an export job, asked for its progress every second until it is done
 * (a download link) or failed (its error).
 */
export function useTimesheetExport(area: TimesheetArea) {
  const api = timesheetApi[area];
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const jobId = state.kind === 'job' ? state.id : '';
  const job = useQuery({
    queryKey: queryKeyOf(api.exportJob, { params: { id: jobId } }),
    queryFn: ({ signal }) => call(api.exportJob, { params: { id: jobId } }, signal) as Promise<ExportJob>,
    enabled: state.kind === 'job',
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      return status === 'done' || status === 'failed' ? false : EXPORT_POLL_MS;
    },
    // The job's state changes on its own: never serve an old answer for it.
    staleTime: 0,
    gcTime: 0,
  });

  const start = useCallback(
    async (format: ExportFormat, query: FilterQuery, rows: number) => {
      const input = { ...query, format };
      try {
        if (exportsDirectly(rows)) {
          setState({ kind: 'downloading', format });
          saveFile(await fetchFile(api.export, { query: input }));
          setState({ kind: 'idle' });
          return;
        }
        const created = await call(api.createExportJob, { body: input });
        setState({ kind: 'job', format, id: created.id });
      } catch (error) {
        setState({ kind: 'error', error });
      }
    },
    [api],
  );
  const reset = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, job: state.kind === 'job' ? job : undefined, start, reset };
}
