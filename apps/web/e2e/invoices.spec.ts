import { readFile } from 'node:fs/promises';
import { addDays, mondayOf } from '@vahub/shared/time/dates';
import { e2eDate } from './clock';
import { logout } from './contracts-helpers';
import { expect, test } from './fixtures';
import { apiToken, DEMO, loginAs } from './helpers';

// Client invoices end to end against the demo (issue 30): the admin invoices the demo client's last signed-off
// week (the week before last; last week is still waiting or disputed) and issues it; the client opens their
// Invoices and downloads the PDF; reopening one of its timesheets is refused with the invoice's number; with
// managers allowed to handle invoices, the manager's sidebar has Invoices. The invoice is voided and the setting
// put back at the end, so the demo stays as the other specs expect it.

// The demo's weeks are Manila weeks: this week's Monday, then the week before last.
const manilaToday = new Date(e2eDate().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
const start = addDays(mondayOf(manilaToday), -14);
const end = addDays(start, 6);

test('an admin invoices the client’s signed-off week, the client downloads it, its time is locked', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, DEMO.admin.email);
  const auth = { Authorization: `Bearer ${admin}` };
  let invoiceId: number | undefined;
  try {
    await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
    await page.getByRole('link', { name: 'Invoices' }).first().click();
    await expect(page).toHaveURL(/\/admin-dashboard\/invoices$/);

    // A draft from the client and the period: its lines, and what it left out.
    await page.getByRole('combobox', { name: 'Client' }).click();
    await page.getByRole('option', { name: /Claire Whitman/ }).click();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(start);
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(end);
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard\/invoices\/\d+$/);
    invoiceId = Number(/invoices\/(\d+)$/.exec(page.url())?.[1]);
    await expect(page.getByTestId('invoice-number')).toHaveText('Draft');
    await expect(page.getByTestId('invoice-line').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Left out' })).toBeVisible();

    // Issue, after the confirmation.
    await page.getByRole('button', { name: 'Issue' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Claire Whitman receives it by mail');
    await dialog.getByRole('button', { name: 'Issue' }).click();
    await expect(page.getByTestId('invoice-status')).toHaveText('Issued');
    const number = ((await page.getByTestId('invoice-number').textContent()) ?? '').trim();
    expect(number).toMatch(/^INV-\d{4}-\d{4}$/);

    // The client opens their Invoices and downloads the PDF.
    await logout(page);
    await loginAs(page, DEMO.client.email, DEMO.client.dashboard);
    await page.getByRole('link', { name: 'Invoices' }).first().click();
    const row = page.getByTestId('invoice-row').filter({ hasText: number });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Issued');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `PDF ${number}` }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // One of its timesheets: reopening it is refused, naming the invoice.
    const list = await request.get(
      `/api/v1/admin-access/timesheets?client_id=${(await (await request.get(`/api/v1/admin-access/invoices/${invoiceId}`, { headers: auth })).json()).client_id}&start_date=${start}&end_date=${end}&status=approved&per_page=100`,
      { headers: auth },
    );
    const timesheet = ((await list.json()) as { data: Array<{ id: number }> }).data[0];
    expect(timesheet).toBeDefined();
    await logout(page);
    await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
    await page.goto(`/admin-dashboard/reports/timesheets/timesheet/${timesheet.id}`);
    await page.getByRole('button', { name: 'Reopen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reopen' }).click();
    await expect(page.getByText(`This timesheet is on invoice ${number}; void it first`)).toBeVisible();

    // Where the organization lets managers handle invoices, a manager's sidebar has Invoices (the same screens).
    await request.patch('/api/v1/admin-access/invoicing-settings', {
      headers: auth,
      data: { managers_handle_invoices: true },
    });
    await logout(page);
    await loginAs(page, DEMO.manager.email, DEMO.manager.dashboard);
    await page.getByRole('link', { name: 'Invoices' }).first().click();
    await expect(page).toHaveURL(/\/manager-dashboard\/invoices$/);
    await expect(page.getByRole('button', { name: 'Create draft' })).toBeVisible();
  } finally {
    await request.patch('/api/v1/admin-access/invoicing-settings', {
      headers: auth,
      data: { managers_handle_invoices: false },
    });
    if (invoiceId)
      await request.patch(`/api/v1/admin-access/invoices/${invoiceId}`, {
        headers: auth,
        data: { status: 'void' },
      });
  }
});
