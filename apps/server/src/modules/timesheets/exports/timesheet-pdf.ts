import type { Readable } from 'node:stream';
import { loadPdfKit } from '../../../lib/lazy-modules';
import type { ExportRow } from '../timesheets.query';
import { hoursMinutes, TotalsCollector } from './timesheet-sheets';

/**
 * A printable timesheet of one VA's period: a header, the table, the totals and signature lines for the VA and
 * the client. The standard Helvetica font is used (no font file to ship or find on the server), so texts are
 * narrowed to Latin-1: accents stay, other scripts print as "?" (see `latin1`).
 */
export type PdfHeader = {
  organization: string;
  vaName: string;
  period: string;
  generatedAt: string;
};

const MARGIN = 36;
const ROW = 16;
const COLUMNS = [
  { title: 'Date', width: 70, value: (r: ExportRow) => r.date },
  { title: 'Client', width: 120, value: (r: ExportRow) => r.clientName },
  { title: 'Contract', width: 150, value: (r: ExportRow) => r.contractTitle },
  {
    title: 'Scheduled',
    width: 60,
    value: (r: ExportRow) => hoursMinutes(r.scheduled_minutes),
    right: true,
  },
  { title: 'Worked', width: 60, value: (r: ExportRow) => hoursMinutes(r.worked_minutes), right: true },
  {
    title: 'Activity',
    width: 55,
    value: (r: ExportRow) => (r.activity_percent === null ? '' : `${r.activity_percent}%`),
    right: true,
  },
  { title: 'Overtime', width: 60, value: (r: ExportRow) => hoursMinutes(r.overtime_minutes), right: true },
  {
    title: 'Adjustment',
    width: 65,
    value: (r: ExportRow) => hoursMinutes(r.adjustment_minutes),
    right: true,
  },
  { title: 'Billable', width: 60, value: (r: ExportRow) => hoursMinutes(r.billable_minutes), right: true },
  {
    title: 'Status',
    width: 70,
    value: (r: ExportRow) => r.status.charAt(0).toUpperCase() + r.status.slice(1),
  },
];

const ASCII_LOOKALIKES: Record<string, string> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2026': '...',
};

/** Text the standard fonts can print: Latin-1 kept, accents of other letters dropped, anything else "?". */
export function latin1(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch.charCodeAt(0) <= 0xff) out += ch;
    else if (ASCII_LOOKALIKES[ch]) out += ASCII_LOOKALIKES[ch];
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += base && [...base].every((c) => c.charCodeAt(0) <= 0xff) ? base : '?';
    }
  }
  return out;
}

/** Streams the PDF; `compress: false` (tests) leaves its text readable in the bytes. */
export async function timesheetPdf(
  header: PdfHeader,
  batches: AsyncIterable<ExportRow[]>,
  options: { compress?: boolean } = {},
): Promise<Readable> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: {
      Title: latin1(`Timesheet of ${header.vaName}, ${header.period}`),
      Author: latin1(header.organization),
    },
  });
  const bottom = () => doc.page.height - MARGIN - ROW;
  const cell = (text: string, x: number, y: number, width: number, right = false) =>
    doc.text(latin1(text), x + 3, y + 4, {
      width: width - 6,
      height: ROW,
      lineBreak: false,
      ellipsis: true,
      align: right ? 'right' : 'left',
    });
  const tableHead = (y: number) => {
    doc.font('Helvetica-Bold').fontSize(8.5);
    let x = MARGIN;
    for (const c of COLUMNS) {
      cell(c.title, x, y, c.width, c.right);
      x += c.width;
    }
    doc
      .moveTo(MARGIN, y + ROW)
      .lineTo(x, y + ROW)
      .stroke();
    doc.font('Helvetica');
    return y + ROW + 2;
  };

  (async () => {
    doc.font('Helvetica-Bold').fontSize(16).text(latin1(header.organization));
    doc
      .font('Helvetica')
      .fontSize(11)
      .text(latin1(`Timesheet of ${header.vaName}`));
    doc.text(latin1(`Period: ${header.period}`));
    doc
      .fontSize(9)
      .fillColor('#555555')
      .text(latin1(`Generated ${header.generatedAt}`))
      .fillColor('black');
    let y = tableHead(doc.y + 12);
    const totals = new TotalsCollector();
    for await (const rows of batches) {
      totals.add(rows);
      for (const row of rows) {
        if (y > bottom()) {
          doc.addPage();
          y = tableHead(MARGIN);
        }
        let x = MARGIN;
        for (const c of COLUMNS) {
          cell(c.value(row) ?? '', x, y, c.width, c.right);
          x += c.width;
        }
        y += ROW;
      }
    }
    const all = totals.lines().at(-1);
    if (y > bottom() - 140) {
      doc.addPage();
      y = MARGIN;
    }
    doc.font('Helvetica-Bold').fontSize(10);
    doc.text(
      all
        ? latin1(
            `Totals (${all.count} days): scheduled ${hoursMinutes(all.scheduled_minutes)}, worked ${hoursMinutes(all.worked_minutes)}, overtime ${hoursMinutes(all.overtime_minutes)}, adjustment ${hoursMinutes(all.adjustment_minutes)}, billable ${hoursMinutes(all.billable_minutes)}`,
          )
        : 'No timesheets in this period',
      MARGIN,
      y + 10,
    );
    doc.font('Helvetica').fontSize(10);
    const signY = doc.y + 50;
    for (const [i, who] of [`VA: ${header.vaName}`, 'Client'].entries()) {
      const x = MARGIN + i * 380;
      doc
        .moveTo(x, signY)
        .lineTo(x + 220, signY)
        .stroke();
      doc
        .moveTo(x + 250, signY)
        .lineTo(x + 340, signY)
        .stroke();
      doc.text(latin1(`Signature, ${who}`), x, signY + 4, { width: 220, lineBreak: false, ellipsis: true });
      doc.text('Date', x + 250, signY + 4, { lineBreak: false });
    }
    doc.end();
  })().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
