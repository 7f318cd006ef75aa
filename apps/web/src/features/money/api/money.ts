import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminInvoices,
  adminPayroll,
  clientInvoices,
  managerInvoices,
  vaEarnings,
} from '@vahub/shared/money/endpoints';
import type { InvoicePatch, InvoiceQuery, InvoicingSettings } from '@vahub/shared/money/schemas';
import { logoEndpoints } from '@vahub/shared/organization/endpoints';
import { adminUsers, managerUsers } from '@vahub/shared/users/endpoints';
import { call, fetchFile, saveFile } from '../../../lib/api-client';
import { clientOptionLabel } from '../../../lib/format/client-name';
import { endpointQuery, invalidate } from '../../../lib/query-keys';

/**
 * Where invoices are read: the admin's (every one), a manager's (their clients', where the organization allows:
 * the same screens under `manager-access`) or the client's (their issued and paid ones).
 */
export type InvoiceArea = 'admin' | 'manager' | 'client';
/** The areas that create, edit and move invoices. */
export type SupervisorArea = 'admin' | 'manager';
const INVOICES = { admin: adminInvoices, manager: managerInvoices, client: clientInvoices } as const;

export const useInvoiceList = (area: InvoiceArea, query: Partial<InvoiceQuery>) =>
  useQuery(endpointQuery(INVOICES[area].list, { query }));

export const useInvoice = (area: InvoiceArea, id: number | null) =>
  useQuery({ ...endpointQuery(INVOICES[area].detail, { params: { id: id ?? 0 } }), enabled: id !== null });

/** Invoices change timesheets' locks: both are refetched after a change. */
const settle = (client: ReturnType<typeof useQueryClient>) => invalidate(client, 'invoices', 'timesheets');

export function useCreateInvoice(area: SupervisorArea = 'admin') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { client_id: number; start_date: string; end_date: string; currency?: string }) =>
      call(INVOICES[area].create, { body }),
    onSettled: () => settle(client),
  });
}

export function useUpdateInvoice(id: number, area: SupervisorArea = 'admin') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoicePatch) => call(INVOICES[area].update, { params: { id }, body }),
    onSettled: () => settle(client),
  });
}

export function useDeleteInvoice(area: SupervisorArea = 'admin') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(INVOICES[area].remove, { params: { id } }),
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
    onSettled: () => invalidate(client, 'invoices', 'contracts'),
  });
}

/** The organization's logo (multipart field `logo`), or its removal; the header reads it from the organization. */
export function useOrganizationLogo() {
  const client = useQueryClient();
  const done = () => invalidate(client, 'organizations');
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('logo', file);
      return call(logoEndpoints.upload, { body });
    },
    onSettled: done,
  });
  const remove = useMutation({ mutationFn: () => call(logoEndpoints.remove, {}), onSettled: done });
  return { upload, remove };
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
    mutationFn: (status: 'approved' | 'paid' | 'void') =>
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

type ClientOption = { id: number; name: string; company_name: string | null };
const toOptions = (r: { data: ClientOption[] }) =>
  r.data.map((p) => ({ value: String(p.id), label: clientOptionLabel(p) }));

/** The clients for the "new invoice" form (value: id as text): an admin's, the organization's; a manager's, theirs. */
export function useInvoiceClients(area: SupervisorArea = 'admin') {
  const admin = useQuery({
    ...endpointQuery(adminUsers.options, { query: { roles: ['client'] } }),
    select: toOptions,
    staleTime: 60_000,
    enabled: area === 'admin',
  });
  const manager = useQuery({
    ...endpointQuery(managerUsers.clients, { query: { per_page: 100 } }),
    select: toOptions,
    staleTime: 60_000,
    enabled: area === 'manager',
  });
  return area === 'admin' ? admin : manager;
}
