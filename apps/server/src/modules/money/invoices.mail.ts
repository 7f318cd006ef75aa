import type { InvoiceDetail } from '@vahub/shared/money/schemas';
import type { Deps } from '../../lib/types';
import type { MailMessage } from '../mail/public';
import { invoiceFileName } from './invoices.pdf';
import { formatMoney } from './money-maths';

/** Where a client reads their invoices (the web's client Invoices page). */
export const CLIENT_INVOICES_PAGE = '/client-dashboard/invoices';

/** The client's mail when an invoice is issued: the amount, the due date, the PDF attached, the page. */
export function invoiceMail(
  deps: Pick<Deps, 'config'>,
  invoice: InvoiceDetail,
  client: { first_name: string; email: string },
  pdf: Buffer,
): MailMessage {
  const total = formatMoney(invoice.total_cents, invoice.currency);
  return {
    to: client.email,
    subject: `${deps.config.APP_NAME}: invoice ${invoice.number} (${total})`,
    text: [
      `Hello ${client.first_name},`,
      '',
      `Invoice ${invoice.number} for ${invoice.start_date} to ${invoice.end_date} comes to ${total}, due on ${invoice.due_date}.`,
      'The invoice is attached as a PDF.',
      '',
      `Your invoices: ${deps.config.appUrl}${CLIENT_INVOICES_PAGE}`,
    ].join('\n'),
    attachments: [{ filename: invoiceFileName(invoice), contentType: 'application/pdf', content: pdf }],
  };
}
