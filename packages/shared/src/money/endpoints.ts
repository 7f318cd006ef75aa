import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema } from '../api/problem';
import {
  earningsQuerySchema,
  earningsSchema,
  invoiceCreateSchema,
  invoiceDetailSchema,
  invoicePageSchema,
  invoicePatchSchema,
  invoiceQuerySchema,
  invoicingSettingsPatchSchema,
  invoicingSettingsSchema,
  payrollCreateSchema,
  payrollExportQuerySchema,
  payrollPageSchema,
  payrollPatchSchema,
  payrollQuerySchema,
  payrollRunDetailSchema,
} from './schemas';

const ADMIN = '/api/v1/admin-access';
const MANAGER = '/api/v1/manager-access';
const CLIENT = '/api/v1/client-access';
const VA = '/api/v1/va-access';

const invoices = { resource: 'invoices', tags: ['invoices'] } as const;
const payroll = { resource: 'payroll', tags: ['payroll'] } as const;
const byId = { params: idParamSchema, errors: [404] } as const;
const pdf = {
  response: z.string().describe('The invoice as a PDF (binary)'),
  download: true,
  mediaTypes: ['application/pdf'],
} as const;

type Supervisor = 'invoices.manage' | 'invoices.scoped';

/** An admin's invoices (the organization's) and a manager's (their clients', where the organization allows). */
const supervisorInvoices = (base: string, access: Supervisor) => ({
  list: endpoint({
    ...invoices,
    method: 'GET',
    path: `${base}/invoices`,
    access,
    summary:
      'Invoices, newest first, with totals per status and currency (filters: client_id, status, start_date, end_date)',
    query: invoiceQuerySchema,
    response: invoicePageSchema,
    errors: [403],
  }),
  create: endpoint({
    ...invoices,
    method: 'POST',
    path: `${base}/invoices`,
    access,
    summary:
      "A draft invoice of a client's approved time in a period that is on no other invoice (signed off where the organization requires it); lists what it left out",
    body: invoiceCreateSchema,
    response: invoiceDetailSchema,
    status: 201,
    errors: [403, 404, 409],
  }),
  detail: endpoint({
    ...invoices,
    ...byId,
    method: 'GET',
    path: `${base}/invoices/:id`,
    access,
    summary: 'One invoice with its lines',
    response: invoiceDetailSchema,
  }),
  update: endpoint({
    ...invoices,
    ...byId,
    method: 'PATCH',
    path: `${base}/invoices/:id`,
    access,
    summary:
      'Edits a draft (lines, tax, discount, notes) or moves it: issued (numbered, its time locked, mailed to the client), paid, void (the time released)',
    body: invoicePatchSchema,
    response: invoiceDetailSchema,
    errors: [404, 409],
  }),
  remove: endpoint({
    ...invoices,
    ...byId,
    method: 'DELETE',
    path: `${base}/invoices/:id`,
    access,
    summary: 'Deletes a draft',
    response: z.null(),
    status: 204,
    errors: [404, 409],
  }),
  pdf: endpoint({
    ...invoices,
    ...byId,
    ...pdf,
    method: 'GET',
    path: `${base}/invoices/:id/pdf`,
    access,
    summary: 'The invoice as a PDF',
  }),
});

export const adminInvoices = {
  ...supervisorInvoices(ADMIN, 'invoices.manage'),
  settings: endpoint({
    ...invoices,
    method: 'GET',
    path: `${ADMIN}/invoicing-settings`,
    access: 'invoices.manage',
    operationName: 'getInvoicingSettings',
    summary: "The organization's invoicing settings: number prefix, next number, payment terms, tax, footer",
    response: invoicingSettingsSchema,
  }),
  updateSettings: endpoint({
    ...invoices,
    method: 'PATCH',
    path: `${ADMIN}/invoicing-settings`,
    access: 'invoices.manage',
    operationName: 'updateInvoicingSettings',
    summary: "Changes the organization's invoicing settings",
    body: invoicingSettingsPatchSchema,
    response: invoicingSettingsSchema,
  }),
};

export const managerInvoices = supervisorInvoices(MANAGER, 'invoices.scoped');

export const clientInvoices = {
  list: endpoint({
    ...invoices,
    method: 'GET',
    path: `${CLIENT}/invoices`,
    access: 'invoices.own',
    summary: 'The issued and paid invoices addressed to the client, newest first',
    query: invoiceQuerySchema,
    response: invoicePageSchema,
  }),
  detail: endpoint({
    ...invoices,
    ...byId,
    method: 'GET',
    path: `${CLIENT}/invoices/:id`,
    access: 'invoices.own',
    summary: 'One of their issued or paid invoices',
    response: invoiceDetailSchema,
  }),
  pdf: endpoint({
    ...invoices,
    ...byId,
    ...pdf,
    method: 'GET',
    path: `${CLIENT}/invoices/:id/pdf`,
    access: 'invoices.own',
    summary: 'One of their issued or paid invoices as a PDF',
  }),
};

export const adminPayroll = {
  list: endpoint({
    ...payroll,
    method: 'GET',
    path: `${ADMIN}/payroll`,
    access: 'payroll.manage',
    summary: 'Payroll runs, newest first (filter: status)',
    query: payrollQuerySchema,
    response: payrollPageSchema,
  }),
  create: endpoint({
    ...payroll,
    method: 'POST',
    path: `${ADMIN}/payroll`,
    access: 'payroll.manage',
    summary:
      'A draft payroll run of a period: per VA and currency the approved time on no other run, overtime at the pay multiplier, the amount',
    body: payrollCreateSchema,
    response: payrollRunDetailSchema,
    status: 201,
    errors: [409],
  }),
  detail: endpoint({
    ...payroll,
    ...byId,
    method: 'GET',
    path: `${ADMIN}/payroll/:id`,
    access: 'payroll.manage',
    summary: 'One payroll run with its table per VA and currency',
    response: payrollRunDetailSchema,
  }),
  update: endpoint({
    ...payroll,
    ...byId,
    method: 'PATCH',
    path: `${ADMIN}/payroll/:id`,
    access: 'payroll.manage',
    summary: 'Approves a draft run (its time locked) or marks an approved one paid',
    body: payrollPatchSchema,
    response: payrollRunDetailSchema,
    errors: [404, 409],
  }),
  export: endpoint({
    ...payroll,
    ...byId,
    method: 'GET',
    path: `${ADMIN}/payroll/:id/export`,
    access: 'payroll.manage',
    summary: 'The run as a file a payroll tool imports: one row per VA and currency (CSV or XLSX)',
    query: payrollExportQuerySchema,
    response: z.string().describe('The file (binary)'),
    download: true,
    mediaTypes: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  }),
};

export const vaEarnings = {
  earnings: endpoint({
    ...payroll,
    method: 'GET',
    path: `${VA}/earnings`,
    access: 'earnings.own',
    operationName: 'getEarnings',
    summary:
      "The VA's own approved hours and what they come to at their pay rates, per currency and payroll run",
    query: earningsQuerySchema,
    response: earningsSchema,
  }),
};
