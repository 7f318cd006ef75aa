import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheet, type TableColumn, writeTable } from '../src/modules/timesheets/exports/table-writer';

type Row = { name: string; minutes: number; day: string; share: number; note: string | null };
const rows: Row[] = [
  { name: 'Ana <Ops> & "Co"', minutes: 90, day: '2026-03-02', share: 87, note: ' padded ' },
  { name: 'Zoë Ünal', minutes: 45, day: '2026-03-03', share: 50, note: null },
  { name: '=HYPERLINK("x")', minutes: -30, day: '2026-03-04', share: 0, note: 'line\nbreak, "quoted"' },
];

const columns: TableColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name, width: 30 },
  { header: 'Minutes', value: (r) => r.minutes, kind: 'int' },
  { header: 'Hours', value: (r) => Math.round((r.minutes / 60) * 100) / 100, kind: 'decimal' },
  { header: 'Date', value: (r) => r.day, kind: 'date' },
  { header: 'Activity %', value: (r) => r.share, kind: 'percent' },
  { header: 'Note', value: (r) => r.note },
];
const people = (batches: AsyncIterable<Row[]> | Iterable<Row[]>) =>
  sheet<Row>({ name: 'Time: sheets/2026', columns, rows: batches });

async function readXlsx(stream: Readable) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await buffer(stream)) as unknown as ArrayBuffer);
  return book;
}

describe('table writer', () => {
  it('writes an XLSX that reads back: numbers as numbers, dates as dates, a bold frozen header, lazy sheets', async () => {
    let rowsWritten = 0;
    async function* batches() {
      for (const batch of [rows.slice(0, 2), rows.slice(2)]) {
        rowsWritten += batch.length;
        yield batch;
      }
    }
    const totals = () =>
      sheet<{ total: number }>({
        name: 'Totals',
        columns: [{ header: 'Total minutes', value: (r) => r.total, kind: 'int' }],
        // Produced after the first sheet: every row was counted by then.
        rows: [[{ total: rowsWritten }]],
      });
    const book = await readXlsx(writeTable('xlsx', [people(batches()), totals]));
    expect(book.worksheets.map((w) => w.name)).toEqual(['Time  sheets 2026', 'Totals']);
    const ws = book.worksheets[0];
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Minutes',
      'Hours',
      'Date',
      'Activity %',
      'Note',
    ]);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getColumn(1).width).toBe(30);
    expect(ws.getCell('A2').value).toBe('Ana <Ops> & "Co"');
    expect(ws.getCell('B2').value).toBe(90);
    expect(ws.getCell('C2').value).toBe(1.5);
    expect(ws.getCell('C2').numFmt).toBe('0.00');
    expect(ws.getCell('D2').value).toEqual(new Date('2026-03-02T00:00:00Z'));
    expect(ws.getCell('E2').value).toBe(0.87);
    expect(ws.getCell('F2').value).toBe(' padded ');
    expect(ws.getCell('A3').value).toBe('Zoë Ünal');
    expect(ws.getCell('F3').value).toBeNull();
    // In XLSX a text stays text: no formula is ever written.
    expect(ws.getCell('A4').value).toBe('=HYPERLINK("x")');
    expect(ws.getCell('B4').value).toBe(-30);
    expect(book.worksheets[1].getCell('A2').value).toBe(3);
  });

  it('writes a CSV with a BOM, sheets one after another, quoting and formula texts defused', async () => {
    const totals = sheet<{ total: number }>({
      name: 'Totals',
      columns: [{ header: 'Total', value: (r) => r.total, kind: 'int' }],
      rows: [[{ total: 105 }]],
    });
    const text = (await buffer(writeTable('csv', [people([rows]), totals]))).toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Name,Minutes,Hours,Date,Activity %,Note',
      '"Ana <Ops> & ""Co""",90,1.5,2026-03-02,87, padded ',
      'Zoë Ünal,45,0.75,2026-03-03,50,',
      '"\'=HYPERLINK(""x"")",-30,-0.5,2026-03-04,0,"line\nbreak, ""quoted"""',
      '',
      'Totals',
      'Total',
      '105',
      '',
    ]);
  });

  it('fails the stream when the rows fail, instead of ending a truncated file', async () => {
    async function* failing(): AsyncGenerator<Row[]> {
      yield rows;
      throw new Error('database gone');
    }
    await expect(buffer(writeTable('xlsx', [people(failing())]))).rejects.toThrow('database gone');
    await expect(buffer(writeTable('csv', [people(failing())]))).rejects.toThrow('database gone');
  });
});
