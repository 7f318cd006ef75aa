import ExcelJS from 'exceljs';
import type { Harness } from './harness';

// Reading exports back in tests: the XLSX with exceljs, the CSV with a small RFC 4180 parser (csv-parse is not
// installed), the PDF's text from its uncompressed content (pdfkit writes text as hex strings in TJ arrays).

export type Download = {
  status: number;
  headers: Record<string, unknown>;
  bytes: Buffer;
  json: () => unknown;
};

/** A GET of an export path (`timesheets/export?…`) in an area, as raw bytes. */
export async function download(h: Harness, email: string, area: string, path: string): Promise<Download> {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/v1/${area}-access/${path}`,
    headers: await h.bearer(email),
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() };
}

/** Each worksheet's rows as arrays of cell values (the header row first). */
export async function readXlsx(bytes: Buffer): Promise<Record<string, unknown[][]>> {
  const book = new ExcelJS.Workbook();
  // exceljs types its input as the old Buffer; the bytes are one.
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: Record<string, unknown[][]> = {};
  for (const ws of book.worksheets) {
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => {
      const values = row.values as unknown[];
      rows.push(Array.from({ length: ws.columnCount }, (_, i) => values[i + 1] ?? null));
    });
    out[ws.name] = rows;
  }
  return out;
}

/** RFC 4180: quoted fields with doubled quotes and line breaks; records end with CRLF. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field || record.length) records.push([...record, field]);
  return records;
}

/** The text lines of an uncompressed PDF made by pdfkit. */
export function pdfText(bytes: Buffer): string[] {
  const lines: string[] = [];
  for (const match of bytes.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)) {
    const hex = [...match[1].matchAll(/<([0-9a-f]*)>/g)].map((m) => m[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines;
}

/** "h:mm" (maybe negative) as minutes. */
export function minutesOf(text: unknown): number {
  const m = /^(-?)(\d+):(\d{2})$/.exec(String(text));
  if (!m) throw new Error(`not h:mm: ${String(text)}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}
