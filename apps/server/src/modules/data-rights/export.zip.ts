import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import { ZipFile } from 'yazl';
import type { RowBatches } from '../../lib/data-scope';

/**
 * The export's ZIP, streamed (issue 33): one JSON and one CSV file per kind of rows, then files copied from
 * storage (screenshots, attachments). yazl reads an entry's stream only when the entry before it is written, and
 * each stream pulls rows from the database a page at a time, so neither the ZIP nor a kind is ever held whole.
 */
export type ZipKind = {
  name: string;
  /** Called twice (the JSON, then the CSV): each call reads the rows again. */
  rows: () => RowBatches;
};
export type ZipFileSource = { path: string; open: () => Promise<Readable | null> };

/** snake_case keys, ISO instants: the API's own spelling of a row. */
export function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] =
      value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

async function* jsonFile(kind: ZipKind): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const batch of kind.rows()) {
    for (const row of batch) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(plainRow(row))}`;
      first = false;
    }
  }
  yield first ? ']\n' : '\n]\n';
}

// A cell starting like a formula is read as text by spreadsheets (CSV injection).
const FORMULA = /^(?:[=+@\t\r]|-(?![\d.]))/;
const cell = (value: unknown): string | number | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return FORMULA.test(text) ? `'${text}` : text;
};

async function* csvFile(kind: ZipKind, onDone: () => Promise<void>): AsyncGenerator<string> {
  let columns: string[] | null = null;
  for await (const batch of kind.rows()) {
    const rows = batch.map(plainRow);
    if (!columns && rows.length) {
      columns = Object.keys(rows[0]);
      // The BOM tells spreadsheets the file is UTF-8 (as the timesheet CSV does).
      yield `\ufeff${stringify([columns], { record_delimiter: 'windows' })}`;
    }
    const cols = columns ?? [];
    yield stringify(
      rows.map((r) => cols.map((c) => cell(r[c]))),
      { record_delimiter: 'windows' },
    );
  }
  await onDone();
}

/**
 * Writes the kinds, then the files (`files` is read a page at a time, each page once the one before it is written;
 * each file is opened when its turn comes). `onStep` runs after each kind. A failure anywhere fails the ZIP's stream.
 */
export function exportZip(
  kinds: ZipKind[],
  files: () => AsyncIterable<ZipFileSource[]>,
  onStep: () => Promise<void>,
  at: Date,
): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as unknown as Readable;
  const fail = (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err)));
  const entry = (gen: AsyncGenerator<string | Buffer>) => {
    // Bytes, not strings: yazl counts the sizes and the CRC of what it reads.
    const stream = Readable.from(
      (async function* () {
        for await (const chunk of gen) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      })(),
    );
    stream.on('error', fail);
    return stream;
  };
  const options = { mtime: at, compress: true };
  for (const kind of kinds) {
    zip.addReadStream(entry(jsonFile(kind)), `${kind.name}.json`, options);
    zip.addReadStream(entry(csvFile(kind, onStep)), `${kind.name}.csv`, options);
  }
  (async () => {
    for await (const batch of files()) {
      let last: Readable | null = null;
      for (const file of batch) {
        const bytes = async function* () {
          const body = await file.open();
          if (body) yield* body;
        };
        last = entry(bytes());
        // Images and uploads are compressed already.
        zip.addReadStream(last, file.path, { mtime: at, compress: false });
      }
      // The next page of files is listed once this one is written: a few hundred entries wait at a time.
      if (last) await finished(last);
    }
    zip.end();
  })().catch(fail);
  return out;
}
