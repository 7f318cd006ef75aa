import type { Readable } from 'node:stream';
import type { ExportFormat, ExportQuery } from '@vahub/shared/timesheets/schemas';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { assertVisibleFilters } from '../../attendance/public';
import { organizationNames } from '../../organizations/public';
import { peopleByIds } from '../../people/public';
import { type ExportRow, streamExportRows, type TimesheetFilters, timesheetWhere } from '../timesheets.query';
import { writeTable } from './table-writer';
import { timesheetPdf } from './timesheet-pdf';
import { exportFileName, timesheetSheets } from './timesheet-sheets';

/** The filters of an export: the query without its format. */
export type ExportFilters = Omit<ExportQuery, 'format'>;
export type ExportFile = { body: Readable; fileName: string; format: ExportFormat };
export type ExportOptions = {
  /** Called after each batch of rows is in the file (an export job's progress). */
  onBatch?: (rows: ExportRow[]) => Promise<void> | void;
  /** PDF only: false leaves the text readable in the bytes (tests). */
  compressPdf?: boolean;
};

type ExportDeps = Pick<Deps, 'db' | 'clock'>;

/** Only the filter fields reach the query (a stored job's filters come back as plain JSON). */
export function filtersOf(q: ExportFilters): TimesheetFilters {
  const { start_date, end_date, va_id, client_id, contract_id, team_id, status, client_status } = q;
  return { start_date, end_date, va_id, client_id, contract_id, team_id, status, client_status };
}

/**
 * The viewer's timesheets matching the filters, as a streamed file. A filter naming someone outside the viewer's
 * scope answers 404 as the list does; checked before anything is sent.
 */
export async function timesheetExport(
  deps: ExportDeps,
  viewer: Viewer,
  q: ExportQuery,
  options: ExportOptions = {},
): Promise<ExportFile> {
  const filters = filtersOf(q);
  await assertVisibleFilters(deps.db, viewer, filters);
  const where = timesheetWhere(viewer, filters);
  const batches = streamExportRows(deps.db, where);
  if (q.format !== 'pdf') {
    return {
      body: writeTable(q.format, timesheetSheets(batches, options.onBatch)),
      fileName: exportFileName(q, q.format),
      format: q.format,
    };
  }
  // The schema refuses a PDF without va_id; assertVisibleFilters saw that VA in the viewer's scope.
  const vaId = q.va_id as number;
  const [orgs, people] = await Promise.all([
    organizationNames(deps.db, [viewer.organizationId]),
    peopleByIds(deps.db, [vaId]),
  ]);
  const vaName = people.get(vaId)?.name ?? '';
  async function* counted() {
    for await (const rows of batches) {
      yield rows;
      await options.onBatch?.(rows);
    }
  }
  const body = await timesheetPdf(
    {
      organization: orgs.get(viewer.organizationId) ?? '',
      vaName,
      period: periodText(q),
      generatedAt: stamp(deps.clock.now(), viewer.timezone),
    },
    counted(),
    { compress: options.compressPdf },
  );
  return { body, fileName: pdfFileName(q, vaId, vaName), format: 'pdf' };
}

/** `timesheet_<va-name>_<start>_<end>.pdf`. */
export function pdfFileName(q: ExportFilters, vaId: number, vaName: string | undefined) {
  const slug = (vaName ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return exportFileName(q, 'pdf', `timesheet_${slug || vaId}`);
}

/** The file name an export of `q` gets. */
export async function fileNameOf(deps: Pick<Deps, 'db'>, q: ExportQuery): Promise<string> {
  if (q.format !== 'pdf' || !q.va_id) return exportFileName(q, q.format);
  const people = await peopleByIds(deps.db, [q.va_id]);
  return pdfFileName(q, q.va_id, people.get(q.va_id)?.name);
}

function periodText(q: ExportFilters): string {
  if (q.start_date && q.end_date) return `${q.start_date} to ${q.end_date}`;
  if (q.start_date) return `from ${q.start_date}`;
  if (q.end_date) return `until ${q.end_date}`;
  return 'all dates';
}

/** "2026-03-18 17:00 (Asia/Manila)": when the document was made, in the viewer's zone. */
function stamp(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} (${timeZone})`;
}
