import type { InvoiceDetail } from '@vahub/shared/money/schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loadPdfKit } from '../../lib/lazy-modules';
import type { ObjectStorage } from '../../platform/storage/types';
import type { Tx } from '../../platform/transaction';
import { organizationLogo, organizationNames } from '../organizations/public';
import { latin1 } from '../timesheets/public';
import { invoices } from './money.table';
import { formatMoney, hoursOf } from './money-maths';

/**
 * The invoice as a PDF (pdfkit, loaded lazily like the timesheet PDF; the standard Helvetica font, so texts are
 * narrowed to Latin-1): the organization, the client's company and contact, number and dates, the lines, the
 * totals with discount and tax, the due date and the payment note (the organization's footer when issued).
 */
export type InvoicePdfInput = {
  organization: string;
  /** The organization's logo (PNG or JPEG bytes), drawn at the top right. */
  logo?: Buffer | null;
  invoice: InvoiceDetail;
  footer: string | null;
};

const MARGIN = 48;

export async function renderInvoicePdf(input: InvoicePdfInput, options: { compress?: boolean } = {}) {
  const PDFDocument = await loadPdfKit();
  const { invoice } = input;
  const title = invoice.number ? `Invoice ${invoice.number}` : 'Draft invoice';
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: latin1(title), Author: latin1(input.organization) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const width = doc.page.width - 2 * MARGIN;

  if (input.logo) {
    // At the top right, fitted in 160×60 points; the text starts at the top left as without a logo.
    const top = doc.y;
    doc.image(input.logo, MARGIN + width - 160, top, { fit: [160, 60], align: 'right' });
    doc.x = MARGIN;
    doc.y = top;
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(latin1(input.organization), { width: width - 170 });
  doc.moveDown(0.5).fontSize(14).text(latin1(title));
  doc.font('Helvetica').fontSize(10);
  if (invoice.issue_date) doc.text(`Issue date: ${invoice.issue_date}`);
  if (invoice.due_date) doc.text(`Due date: ${invoice.due_date}`);
  doc.text(`Period: ${invoice.start_date} to ${invoice.end_date}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Bill to');
  doc.font('Helvetica');
  if (invoice.client.company_name) doc.text(latin1(invoice.client.company_name));
  doc.text(latin1(invoice.client.name));
  if (invoice.client.email) doc.text(latin1(invoice.client.email));
  doc.moveDown();

  const cols = [
    { title: 'Description', width: width - 270, right: false },
    { title: 'Hours', width: 60, right: true },
    { title: 'Rate', width: 100, right: true },
    { title: 'Amount', width: 110, right: true },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    let x = MARGIN;
    let bottom = y;
    cells.forEach((text, i) => {
      doc.text(latin1(text), x, y, { width: cols[i].width - 4, align: cols[i].right ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += cols[i].width;
    });
    doc.x = MARGIN;
    doc.y = bottom + 4;
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  for (const line of invoice.lines)
    row([
      line.description,
      hoursOf(line.minutes).toFixed(2),
      money(line.rate_cents),
      money(line.amount_cents),
    ]);
  doc.moveDown();
  const total = (label: string, cents: number, bold = false) => row(['', '', label, money(cents)], bold);
  total('Subtotal', invoice.subtotal_cents);
  if (invoice.discount_cents) total(`Discount ${invoice.discount_percent}%`, -invoice.discount_cents);
  total(`Tax ${invoice.tax_rate}%`, invoice.tax_cents);
  total('Total', invoice.total_cents, true);
  doc.moveDown();
  if (invoice.due_date)
    doc.font('Helvetica').text(latin1(`Please pay ${money(invoice.total_cents)} by ${invoice.due_date}.`));
  if (invoice.notes) doc.moveDown(0.5).text(latin1(invoice.notes));
  if (input.footer)
    doc.moveDown().fontSize(9).fillColor('#555555').text(latin1(input.footer)).fillColor('black');
  doc.end();
  return done;
}

/** The PDF of an invoice as stored (its organization's name and logo, its footer). */
export async function invoicePdfBuffer(
  db: Db | Tx,
  storage: ObjectStorage,
  invoice: InvoiceDetail,
  options: { compress?: boolean } = {},
) {
  const [row] = await db
    .select({ organizationId: invoices.organizationId, footer: invoices.footer })
    .from(invoices)
    .where(eq(invoices.id, invoice.id));
  const [names, logo] = await Promise.all([
    organizationNames(db, [row.organizationId]),
    organizationLogo(db, storage, row.organizationId),
  ]);
  return renderInvoicePdf(
    { organization: names.get(row.organizationId) ?? '', logo, invoice, footer: row.footer },
    options,
  );
}

/** The file name of an invoice's PDF. */
export const invoiceFileName = (invoice: Pick<InvoiceDetail, 'number' | 'id'>) =>
  `${invoice.number ?? `draft-${invoice.id}`}.pdf`;
