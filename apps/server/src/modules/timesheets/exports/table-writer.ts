import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { ZipFile } from 'yazl';
import { attachmentDisposition } from '../../../platform/storage/keys';
import {
  columnLetters,
  contentTypesXml,
  dateSerial,
  numberCell,
  rootRelsXml,
  STYLE,
  stylesXml,
  textCell,
  workbookRelsXml,
  workbookXml,
  worksheetEnd,
  worksheetStart,
} from './xlsx-parts';

/**
 * Streams tables into XLSX or CSV files: the timesheet exports and the reports' exports use it. Rows come in
 * batches (an iterable or async iterable of arrays) and are pulled only as fast as the reader reads, so memory
 * stays flat however many rows a file has.
 */
export type TableFormat = 'xlsx' | 'csv';
export type CellValue = string | number | null;
/**
 * `kind` decides how XLSX stores a value: `int`/`decimal` as numbers (`decimal` shown with 2 decimals),
 * `date` ("YYYY-MM-DD") as a real date, `percent` (0–100) as a number shown as a percentage; `text` as text.
 * CSV writes every value as it is.
 */
export type ColumnKind = 'text' | 'int' | 'decimal' | 'date' | 'percent';
export type TableColumn<R> = {
  header: string;
  value: (row: R) => CellValue;
  kind?: ColumnKind;
  /** In characters; default from the header. */
  width?: number;
};
export type TableSheet<R> = {
  name: string;
  columns: TableColumn<R>[];
  rows: AsyncIterable<R[]> | Iterable<R[]>;
};

/** A sheet with its row type erased: the cells of each row, already computed. */
export type AnySheet = {
  readonly name: string;
  readonly columns: ReadonlyArray<{ header: string; kind: ColumnKind; width: number }>;
  readonly batches: AsyncIterable<CellValue[][]>;
};
/** A sheet, or a function producing it once the sheets before it are written (e.g. totals of the rows). */
export type SheetSource = AnySheet | (() => AnySheet | Promise<AnySheet>);

/** Types one sheet by its rows, then erases the row type so sheets of different rows share one list. */
export function sheet<R>(s: TableSheet<R>): AnySheet {
  const columns = s.columns.map((c) => ({
    header: c.header,
    kind: c.kind ?? 'text',
    width: c.width ?? Math.max(10, Math.min(60, c.header.length + 2)),
  }));
  const values = s.columns.map((c) => c.value);
  async function* batches() {
    for await (const rows of s.rows) yield rows.map((row) => values.map((value) => value(row)));
  }
  return { name: s.name, columns, batches: batches() };
}

/** Streams sheets into one file: XLSX (one worksheet per sheet) or CSV (sheets one after another, a blank line and the sheet's name between them). */
export function writeTable(format: TableFormat, sheets: SheetSource[]): Readable {
  return format === 'xlsx' ? writeXlsx(sheets) : writeCsv(sheets);
}

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
} as const;

/** Sets Content-Type and Content-Disposition (attachment; filename + filename*=UTF-8'') on the reply. */
export function sendFile(
  reply: FastifyReply,
  fileName: string,
  format: 'xlsx' | 'csv' | 'pdf',
  body: Readable,
): FastifyReply {
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(body);
}

export function contentTypeOf(format: 'xlsx' | 'csv' | 'pdf'): string {
  return CONTENT_TYPES[format];
}

const resolve = (source: SheetSource) => (typeof source === 'function' ? source() : source);

// Excel refuses sheet names over 31 characters, with []:*?/\ in them, or repeated.
function sheetName(name: string, taken: Set<string>, index: number): string {
  let clean =
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || `Sheet${index + 1}`;
  if (taken.has(clean.toLowerCase())) clean = `${clean.slice(0, 27)} (${index + 1})`;
  taken.add(clean.toLowerCase());
  return clean;
}

function writeXlsx(sources: SheetSource[]): Readable {
  const zip = new ZipFile();
  // The parts are small and XML compresses ~10x; level 1 keeps deflate from being the bottleneck.
  const level = { compressionLevel: 1 };
  const out = new PassThrough();
  (zip.outputStream as Readable).on('error', (error) => out.destroy(error)).pipe(out);

  (async () => {
    zip.addBuffer(Buffer.from(contentTypesXml), '[Content_Types].xml', level);
    zip.addBuffer(Buffer.from(rootRelsXml), '_rels/.rels', level);
    zip.addBuffer(Buffer.from(stylesXml), 'xl/styles.xml', level);
    const names: string[] = [];
    const taken = new Set<string>();
    for (const source of sources) {
      const s = await resolve(source);
      names.push(sheetName(s.name, taken, names.length));
      const part = Readable.from(worksheetXml(s), { objectMode: false });
      zip.addReadStream(part, `xl/worksheets/sheet${names.length}.xml`, level);
      // The next sheet is produced only once this one is written (its source may need every row first).
      await finished(part);
    }
    zip.addBuffer(Buffer.from(workbookXml(names)), 'xl/workbook.xml', level);
    zip.addBuffer(Buffer.from(workbookRelsXml(names.length)), 'xl/_rels/workbook.xml.rels', level);
    zip.end();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

async function* worksheetXml(s: AnySheet): AsyncGenerator<string> {
  const letters = s.columns.map((_, i) => columnLetters(i));
  const styles = s.columns.map((c) => STYLE[c.kind]);
  yield worksheetStart(s.columns.map((c) => c.width));
  yield `<row r="1">${s.columns.map((c, i) => textCell(`${letters[i]}1`, c.header, STYLE.header)).join('')}</row>`;
  let r = 1;
  for await (const batch of s.batches) {
    let xml = '';
    for (const cells of batch) {
      r++;
      xml += `<row r="${r}">`;
      for (let i = 0; i < cells.length; i++) {
        const value = cells[i];
        if (value === null || value === '') continue;
        xml += cellXml(`${letters[i]}${r}`, value, s.columns[i].kind, styles[i]);
      }
      xml += '</row>';
    }
    yield xml;
  }
  yield worksheetEnd;
}

function cellXml(ref: string, value: string | number, kind: ColumnKind, style: number): string {
  if (kind === 'date' && typeof value === 'string') {
    const serial = dateSerial(value);
    return serial === null ? textCell(ref, value, 0) : numberCell(ref, serial, style);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return numberCell(ref, kind === 'percent' ? value / 100 : value, kind === 'text' ? 0 : style);
  }
  return textCell(ref, value, 0);
}

// Excel reads a CSV as UTF-8 only with the byte order mark.
const BOM = '\ufeff';

function writeCsv(sources: SheetSource[]): Readable {
  async function* csv(): AsyncGenerator<string> {
    yield BOM;
    let index = 0;
    for (const source of sources) {
      const s = await resolve(source);
      if (index++ > 0) yield `\r\n${stringify([[s.name]], { record_delimiter: 'windows' })}`;
      yield stringify([s.columns.map((c) => c.header)], { record_delimiter: 'windows' });
      for await (const batch of s.batches)
        yield stringify(batch.map(defuse), { record_delimiter: 'windows' });
    }
  }
  return Readable.from(csv(), { objectMode: false });
}

// A text starting like a formula would run as one when the CSV is opened in a spreadsheet (CSV injection):
// a leading apostrophe keeps it text. Negative durations ("-0:30") and numbers stay as they are.
const FORMULA = /^(?:[=+@\t\r]|-(?![\d.]))/;

function defuse(cells: CellValue[]): CellValue[] {
  return cells.map((cell) => (typeof cell === 'string' && FORMULA.test(cell) ? `'${cell}` : cell));
}
