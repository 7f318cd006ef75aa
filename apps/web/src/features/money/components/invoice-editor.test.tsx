import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceDetail } from '@vahub/shared/money/schemas';
import { describe, expect, it, vi } from 'vitest';
import { ModalsHost } from '../../../app/modals-host';
import { ensureNamespace } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { InvoiceEditor } from './invoice-editor';

const person = {
  id: 5,
  name: 'Mina Cruz',
  first_name: 'Mina',
  last_name: 'Cruz',
  email: 'mina@acme.test',
  timezone: 'UTC',
  avatar_url: null,
  company_name: 'Acme Ltd',
};

const invoice = (fields: Partial<InvoiceDetail> = {}): InvoiceDetail => ({
  id: 7,
  number: null,
  status: 'draft',
  client_id: 5,
  client: person,
  currency: 'USD',
  start_date: '2026-03-02',
  end_date: '2026-03-08',
  issue_date: null,
  due_date: null,
  tax_rate: 10,
  discount_percent: 0,
  notes: null,
  paid_at: null,
  voided_at: null,
  created_at: '2026-03-18T09:00:00Z',
  updated_at: '2026-03-18T09:00:00Z',
  subtotal_cents: 58_750,
  discount_cents: 0,
  tax_cents: 5_875,
  total_cents: 64_625,
  lines: [
    {
      id: 11,
      va_id: 3,
      contract_id: 2,
      description: 'Ana Reyes: Support',
      minutes: 1410,
      hours: 23.5,
      rate_cents: 2500,
      amount_cents: 58_750,
      timesheet_count: 3,
    },
    {
      id: 12,
      va_id: 4,
      contract_id: 9,
      description: 'Ben Ong: Bookkeeping',
      minutes: 60,
      hours: 1,
      rate_cents: 2000,
      amount_cents: 2_000,
      timesheet_count: 1,
    },
  ],
  left_out: [
    {
      timesheet_id: 40,
      va_id: 3,
      contract_id: 2,
      date: '2026-03-09',
      minutes: 480,
      reason: 'not_signed_off',
      detail: null,
    },
    {
      timesheet_id: 41,
      va_id: 3,
      contract_id: 2,
      date: '2026-03-10',
      minutes: 300,
      reason: 'on_other_invoice',
      detail: 'INV-2026-0003',
    },
  ],
  ...fields,
});

async function renderEditor(inv: InvoiceDetail) {
  await ensureNamespace('money');
  const handlers = {
    onSave: vi.fn().mockResolvedValue(undefined),
    onMove: vi.fn().mockResolvedValue(undefined),
    onDelete: vi.fn().mockResolvedValue(undefined),
    onPdf: vi.fn(),
  };
  await renderWithProviders(
    <>
      <InvoiceEditor invoice={inv} {...handlers} />
      <ModalsHost />
    </>,
  );
  return handlers;
}

describe('the invoice editor', () => {
  it('previews a draft: its lines, totals, and what it left out and why', async () => {
    await renderEditor(invoice());
    expect(screen.getByTestId('invoice-number')).toHaveTextContent('Draft');
    const lines = screen.getAllByTestId('invoice-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]).getByText('23.50')).toBeInTheDocument();
    expect(within(lines[0]).getByText('$587.50')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Total: $646.25');
    const left = screen.getAllByTestId('left-out');
    expect(left.map((r) => r.textContent)).toEqual([
      '2026-03-098.00The client has not signed this week off',
      '2026-03-105.00On another invoice (INV-2026-0003)',
    ]);
  });

  it('sends only what changed: a line removed, a rate, the discount', async () => {
    const user = userEvent.setup();
    const h = await renderEditor(invoice());
    await user.click(screen.getAllByRole('button', { name: 'Remove line' })[1]);
    expect(screen.getAllByTestId('invoice-line')).toHaveLength(1);
    const rate = screen.getByRole('textbox', { name: 'Rate' });
    await user.clear(rate);
    await user.type(rate, '30');
    const discount = screen.getByRole('textbox', { name: 'Discount (%)' });
    await user.clear(discount);
    await user.type(discount, '5');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(h.onSave).toHaveBeenCalledWith({
      tax_rate: 10,
      discount_percent: 5,
      notes: null,
      lines: [
        { id: 11, rate: 30 },
        { id: 12, remove: true },
      ],
    });
  });

  it('asks before issuing, naming the total and the client, then issues', async () => {
    const user = userEvent.setup();
    const h = await renderEditor(invoice());
    await user.click(screen.getByRole('button', { name: 'Issue' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Issue this invoice for $646.25?');
    expect(dialog).toHaveTextContent('Mina Cruz receives it by mail');
    expect(h.onMove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
    await waitFor(() => expect(h.onMove).toHaveBeenCalledWith('issued'));
  });

  it('shows an issued invoice read-only, with mark paid and void (asked first), never delete', async () => {
    const user = userEvent.setup();
    const h = await renderEditor(
      invoice({
        status: 'issued',
        number: 'INV-2026-0012',
        issue_date: '2026-03-18',
        due_date: '2026-04-01',
        left_out: [],
      }),
    );
    expect(screen.getByTestId('invoice-number')).toHaveTextContent('INV-2026-0012');
    expect(screen.queryByRole('textbox', { name: 'Rate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete draft' })).toBeNull();
    expect(screen.queryByText('Left out')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Void invoice INV-2026-0012?');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(h.onMove).toHaveBeenCalledWith('void'));
    await user.click(screen.getByRole('button', { name: 'PDF' }));
    expect(h.onPdf).toHaveBeenCalled();
  });
});
