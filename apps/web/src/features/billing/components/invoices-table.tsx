import { Anchor, Group, Table } from '@mantine/core';
import type { Invoice } from '@vahub/shared/billing/schemas';
import { useTranslation } from 'react-i18next';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { formatPrice } from './billing-state';

/** The organization's invoices at the payment provider: number, date, amount, status, links. */
export function InvoicesTable({ invoices, pending }: { invoices: Invoice[]; pending: boolean }) {
  const { t, i18n } = useTranslation('billing');
  const clock = useTimeFormatter();
  return (
    <ListTable
      minWidth={620}
      caption={t('invoicesCaption')}
      headers={[t('number'), t('date'), t('amount'), t('invoiceStatus'), t('links')]}
    >
      <TableRows columns={5} pending={pending} rows={invoices} skeletonRows={2} empty={t('invoicesEmpty')}>
        {(invoice) => (
          <Table.Tr key={invoice.id} data-testid="invoice-row">
            <Table.Td>{invoice.number ?? '—'}</Table.Td>
            <Table.Td>{clock.date(invoice.created_at)}</Table.Td>
            <Table.Td>{formatPrice(invoice.amount_cents, invoice.currency, i18n.language)}</Table.Td>
            <Table.Td>{t(`invoiceStates.${invoice.status}`, { defaultValue: invoice.status })}</Table.Td>
            <Table.Td>
              <Group gap="sm">
                {invoice.hosted_url && (
                  <Anchor
                    href={invoice.hosted_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="sm"
                    aria-label={t('viewInvoice', { number: invoice.number ?? invoice.id })}
                  >
                    {t('view')}
                  </Anchor>
                )}
                {invoice.pdf_url && (
                  <Anchor
                    href={invoice.pdf_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="sm"
                    aria-label={t('pdfInvoice', { number: invoice.number ?? invoice.id })}
                  >
                    PDF
                  </Anchor>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      </TableRows>
    </ListTable>
  );
}
