import type { ExportQuery } from '@vahub/shared/timesheets/schemas';
import type { ExportRow } from '../timesheets.query';
import { type AnySheet, type SheetSource, sheet, type TableColumn } from './table-writer';

/**
 * What a timesheet export holds: the rows (oldest first), then totals per VA, per client and overall, summed
 * while the rows stream (a map per VA and per client, not a second query), so the totals always equal the sums
 * of the rows in the file.
 */

/** The figures an export prints twice: as "h:mm" text and as decimal hours. */
export const EXPORT_FIGURES = [
  ['Scheduled', 'scheduled_minutes'],
  ['Worked', 'worked_minutes'],
  ['Active', 'active_minutes'],
  ['Idle', 'idle_minutes'],
  ['Overtime', 'overtime_minutes'],
  ['Adjustment', 'adjustment_minutes'],
  ['Billable', 'billable_minutes'],
] as const;
type Figure = (typeof EXPORT_FIGURES)[number][1];

/** Minutes as "h:mm" ("-0:30" for a negative adjustment). */
export function hoursMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/** Minutes as hours with 2 decimals. */
export const decimalHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** "h:mm" then hours, for each figure, read by `minutesOf`. */
function figureColumns<R>(minutesOf: (row: R, figure: Figure) => number): TableColumn<R>[] {
  return EXPORT_FIGURES.flatMap(([title, figure]): TableColumn<R>[] => [
    { header: `${title} (h:mm)`, value: (r) => hoursMinutes(minutesOf(r, figure)), width: 12 },
    {
      header: `${title} (hours)`,
      value: (r) => decimalHours(minutesOf(r, figure)),
      kind: 'decimal',
      width: 12,
    },
  ]);
}

const activity = (active: number, worked: number) =>
  worked > 0 ? Math.round((active * 100) / worked) : null;

export const rowColumnsOfExport: TableColumn<ExportRow>[] = [
  { header: 'Date', value: (r) => r.date, kind: 'date', width: 12 },
  { header: 'VA', value: (r) => r.vaName, width: 24 },
  { header: 'VA email', value: (r) => r.vaEmail, width: 28 },
  { header: 'Client', value: (r) => r.clientName, width: 24 },
  { header: 'Client contact', value: (r) => r.clientContact, width: 24 },
  { header: 'Contract', value: (r) => r.contractTitle, width: 28 },
  { header: 'Status', value: (r) => label(r.status), width: 11 },
  { header: 'Client status', value: (r) => label(r.clientStatus), width: 13 },
  ...figureColumns<ExportRow>((r, figure) => r[figure]),
  { header: 'Activity %', value: (r) => r.activity_percent, kind: 'percent', width: 11 },
  { header: 'Note', value: (r) => r.note, width: 40 },
];

/** One line of the totals: a VA's, a client's or everyone's. */
export type TotalLine = {
  of: 'VA' | 'Client' | 'All';
  name: string;
  email: string | null;
  count: number;
} & Record<Figure, number>;

const emptyLine = (of: TotalLine['of'], name: string, email: string | null): TotalLine => ({
  of,
  name,
  email,
  count: 0,
  scheduled_minutes: 0,
  worked_minutes: 0,
  active_minutes: 0,
  idle_minutes: 0,
  overtime_minutes: 0,
  adjustment_minutes: 0,
  billable_minutes: 0,
});

function add(line: TotalLine, row: ExportRow) {
  line.count++;
  for (const [, figure] of EXPORT_FIGURES) line[figure] += row[figure];
}

function lineOf(lines: Map<number, TotalLine>, id: number, make: () => TotalLine): TotalLine {
  const found = lines.get(id);
  if (found) return found;
  const line = make();
  lines.set(id, line);
  return line;
}

/** Sums rows as they pass; `lines()` answers per VA (by name), per client (by name), then everyone. */
export class TotalsCollector {
  private readonly vas = new Map<number, TotalLine>();
  private readonly clients = new Map<number, TotalLine>();
  private readonly all = emptyLine('All', 'All timesheets', null);

  add(rows: ExportRow[]) {
    for (const row of rows) {
      add(
        lineOf(this.vas, row.vaId, () => emptyLine('VA', row.vaName, row.vaEmail)),
        row,
      );
      add(
        lineOf(this.clients, row.clientId, () => emptyLine('Client', row.clientName, row.clientEmail)),
        row,
      );
      add(this.all, row);
    }
  }

  lines(): TotalLine[] {
    const byName = (a: TotalLine, b: TotalLine) => a.name.localeCompare(b.name);
    return [...[...this.vas.values()].sort(byName), ...[...this.clients.values()].sort(byName), this.all];
  }
}

const totalColumns: TableColumn<TotalLine>[] = [
  { header: 'Totals of', value: (t) => t.of, width: 10 },
  { header: 'Name', value: (t) => t.name, width: 24 },
  { header: 'Email', value: (t) => t.email, width: 28 },
  { header: 'Timesheets', value: (t) => t.count, kind: 'int', width: 11 },
  ...figureColumns<TotalLine>((t, figure) => t[figure]),
  {
    header: 'Activity %',
    value: (t) => activity(t.active_minutes, t.worked_minutes),
    kind: 'percent',
    width: 11,
  },
];

/**
 * The export's sheets: the rows, then (produced once every row went by) the totals. `onBatch` sees each batch
 * after it is summed (an export job counts its progress there).
 */
export function timesheetSheets(
  batches: AsyncIterable<ExportRow[]>,
  onBatch?: (rows: ExportRow[]) => Promise<void> | void,
): SheetSource[] {
  const totals = new TotalsCollector();
  async function* counted() {
    for await (const rows of batches) {
      totals.add(rows);
      yield rows;
      await onBatch?.(rows);
    }
  }
  const rowsSheet = sheet({ name: 'Timesheets', columns: rowColumnsOfExport, rows: counted() });
  const totalsSheet = (): AnySheet =>
    sheet({ name: 'Totals', columns: totalColumns, rows: [totals.lines()] });
  return [rowsSheet, totalsSheet];
}

/** `timesheets_<start>_<end>.<ext>`: the filter's dates, `all` for an open end. */
export function exportFileName(
  q: Pick<ExportQuery, 'start_date' | 'end_date'>,
  ext: string,
  prefix = 'timesheets',
) {
  const period = q.start_date || q.end_date ? `${q.start_date ?? 'all'}_${q.end_date ?? 'all'}` : 'all';
  return `${prefix}_${period}.${ext}`;
}
