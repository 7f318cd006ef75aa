import { Readable } from 'node:stream';
import {
  adminInvoices,
  adminPayroll,
  clientInvoices,
  managerInvoices,
  vaEarnings,
} from '@vahub/shared/money/endpoints';
import type { ModuleContext } from '../../lib/module';
import { sendFile } from '../timesheets/public';
import { earningsOf } from './earnings.service';
import { invoiceFileName, invoicePdfBuffer } from './invoices.pdf';
import { createInvoice, deleteInvoice, getInvoice, listInvoices } from './invoices.service';
import { updateInvoice } from './invoices.update';
import { getInvoicingSettings, updateInvoicingSettings } from './invoicing-settings';
import { payrollFile } from './payroll.export';
import { createRun, getRun, listRuns, updateRun } from './payroll.service';

/** Invoices (admin; a manager's where allowed; a client's own), payroll (admin) and the VA's earnings. */
export function moneyRoutes({ route, deps }: ModuleContext) {
  for (const api of [adminInvoices, managerInvoices]) {
    route(api.list, ({ query }, { viewer }) => listInvoices(deps, viewer, query));
    route(api.create, ({ body }, { viewer }) => createInvoice(deps, viewer, body));
    route(api.detail, ({ params }, { viewer }) => getInvoice(deps, viewer, params.id));
    route(api.update, ({ params, body }, { viewer }) => updateInvoice(deps, viewer, params.id, body));
    route(api.remove, async ({ params }, { viewer, reply }) => {
      await deleteInvoice(deps, viewer, params.id);
      return reply.code(204).send();
    });
    route(api.pdf, async ({ params }, { viewer, reply }) => {
      const invoice = await getInvoice(deps, viewer, params.id);
      const pdf = await invoicePdfBuffer(deps.db, deps.storage, invoice);
      return sendFile(reply, invoiceFileName(invoice), 'pdf', Readable.from([pdf]));
    });
  }
  route(adminInvoices.settings, (_, { viewer }) => getInvoicingSettings(deps, viewer));
  route(adminInvoices.updateSettings, ({ body }, { viewer }) => updateInvoicingSettings(deps, viewer, body));

  route(clientInvoices.list, ({ query }, { viewer }) => listInvoices(deps, viewer, query));
  route(clientInvoices.detail, ({ params }, { viewer }) => getInvoice(deps, viewer, params.id));
  route(clientInvoices.pdf, async ({ params }, { viewer, reply }) => {
    const invoice = await getInvoice(deps, viewer, params.id);
    const pdf = await invoicePdfBuffer(deps.db, deps.storage, invoice);
    return sendFile(reply, invoiceFileName(invoice), 'pdf', Readable.from([pdf]));
  });

  route(adminPayroll.list, ({ query }, { viewer }) => listRuns(deps, viewer, query));
  route(adminPayroll.create, ({ body }, { viewer }) => createRun(deps, viewer, body));
  route(adminPayroll.detail, ({ params }, { viewer }) => getRun(deps, viewer, params.id));
  route(adminPayroll.update, ({ params, body }, { viewer }) => updateRun(deps, viewer, params.id, body));
  route(adminPayroll.export, async ({ params, query }, { viewer, reply }) => {
    const run = await getRun(deps, viewer, params.id);
    const name = `payroll-${run.start_date}-${run.end_date}.${query.format}`;
    return sendFile(reply, name, query.format, payrollFile(run, query.format));
  });

  route(vaEarnings.earnings, ({ query }, { viewer }) => earningsOf(deps, viewer, query));
}
