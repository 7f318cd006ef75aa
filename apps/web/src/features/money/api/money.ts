import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminInvoices, adminPayroll, clientInvoices, vaEarnings } from '@vahub/shared/money/endpoints';
import type { InvoicePatch, InvoiceQuery, InvoicingSettings } from '@vahub/shared/money/schemas';
import { adminUsers } from '@vahub/shared/users/endpoints';
import { call, fetchFile, saveFile } from '../../../lib/api-client';
import { clientOptionLabel } from '../../../lib/format/client-name';
import { endpointQuery, invalidate } from '../../../lib/query-keys';

/** Where invoices are read: the admin's (every one) or the client's (their issued and paid ones). */
export type InvoiceArea = 'admin' | 'client';
const INVOICES = { admin: adminInvoices, client: clientInvoices } as const;

export const useInvoiceList = (area: InvoiceArea, query: Partial<InvoiceQuery>) =>
  useQuery(endpointQuery(INVOICES[area].list, { query }));

export const useInvoice = (area: InvoiceArea, id: number | null) =>
  useQuery({ ...endpointQuery(INVOICES[area].detail, { params: { id: id ?? 0 } }), enabled: id !== null });

/** Invoices change timesheets' locks: both are refetched after a change. */
const settle = (client: ReturnType<typeof useQueryClient>) => invalidate(client, 'invoices', 'timesheets');

export function useCreateInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { client_id: number; start_date: string; end_date: string; currency?: string }) =>
      call(adminInvoices.create, { body }),
    onSettled: () => settle(client),
  });
}

export function useUpdateInvoice(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoicePatch) => call(adminInvoices.update, { params: { id }, body }),
    onSettled: () => settle(client),
  });
}

export function useDeleteInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminInvoices.remove, { params: { id } }),
    onSettled: () => settle(client),
  });
}

export async function downloadInvoicePdf(area: InvoiceArea, id: number) {
  saveFile(await fetchFile(INVOICES[area].pdf, { params: { id } }));
}

export const useInvoicingSettings = () => useQuery(endpointQuery(adminInvoices.settings, {}));

export function useUpdateInvoicingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<InvoicingSettings>) => call(adminInvoices.updateSettings, { body }),
    onSettled: () => invalidate(client, 'invoices'),
  });
}

// Payroll

export const usePayrollRuns = (page: number) =>
  useQuery(endpointQuery(adminPayroll.list, { query: { page } }));
export const usePayrollRun = (id: number | null) =>
  useQuery({ ...endpointQuery(adminPayroll.detail, { params: { id: id ?? 0 } }), enabled: id !== null });

export function useCreatePayrollRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { start_date: string; end_date: string }) => call(adminPayroll.create, { body }),
    onSettled: () => invalidate(client, 'payroll'),
  });
}

export function useMovePayrollRun(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: 'approved' | 'paid') =>
      call(adminPayroll.update, { params: { id }, body: { status } }),
    onSettled: () => invalidate(client, 'payroll', 'timesheets'),
  });
}

export async function downloadPayroll(id: number, format: 'csv' | 'xlsx') {
  saveFile(await fetchFile(adminPayroll.export, { params: { id }, query: { format } }));
}

export const useEarnings = (start: string, end: string) =>
  useQuery(endpointQuery(vaEarnings.earnings, { query: { start_date: start, end_date: end } }));

/** "1,234.50 USD" from cents, in the user's locale. */
export function money(cents: number, currency: string, locale?: string) {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** Decimal hours of minutes ("23.50"). */
export const hours = (minutes: number) => (minutes / 60).toFixed(2);

/** The organization's clients for the "new invoice" form (value: id as text). */
export const useInvoiceClients = () =>
  useQuery({
    ...endpointQuery(adminUsers.options, { query: { roles: ['client'] } }),
    select: (r: { data: Array<{ id: number; name: string; company_name: string | null }> }) =>
      r.data.map((p) => ({ value: String(p.id), label: clientOptionLabel(p) })),
    staleTime: 60_000,
  });
