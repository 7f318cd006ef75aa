import { readFile, stat } from 'node:fs/promises';
import { addDays } from '@vahub/shared/time/dates';
import { expectAccessible } from './axe';
import { e2eDate } from './clock';
import { logout } from './contracts-helpers';
import { expect, type Page, test } from './fixtures';
import { apiToken, DEMO, loginAs } from './helpers';
import { json } from './timer-helpers';

// Timesheets end to end against the demo: the admin exports the list as XLSX and CSV (the CSV's overall totals
// equal the page's totals row); the client disputes one of the demo VA's weeks with a comment and the VA sees
// that dispute and answers it. Axe checks each page on the way.

const today = e2eDate().toISOString().slice(0, 10);
const from = addDays(today, -27);
const LIST = `/admin-dashboard/reports/timesheets?from=${from}&to=${today}`;

/** The page's totals row: the count and the decimal hours under worked and billable. */
async function pageTotals(page: Page) {
  const row = page.getByTestId('totals-row');
  await expect(row).toBeVisible();
  const count = Number(/Total of (\d+) timesheets/.exec((await row.textContent()) ?? '')?.[1]);
  const hours = async (id: string) =>
    Number(/([\d.]+) h$/.exec(((await row.getByTestId(id).textContent()) ?? '').trim())?.[1]);
  return {
    count,
    worked: await hours('total-worked_minutes'),
    billable: await hours('total-billable_minutes'),
  };
}

async function download(page: Page, format: RegExp) {
  await page.getByRole('button', { name: 'Export' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), path, size: (await stat(path)).size };
}

/** The CSV's "All" totals line, by its header line (the totals sheet comes after the rows). */
function csvTotals(text: string) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines.find((l) => l.startsWith('Totals of,'))?.split(',') ?? [];
  const all = lines.find((l) => l.startsWith('All,'))?.split(',') ?? [];
  const at = (name: string) => Number(all[header.indexOf(name)]);
  return { count: at('Timesheets'), worked: at('Worked (hours)'), billable: at('Billable (hours)') };
}

test('the admin exports the timesheets as XLSX and CSV; the CSV totals match the page', async ({ page }) => {
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  await expectAccessible(page, LIST);
  const totals = await pageTotals(page);
  expect(totals.count).toBeGreaterThan(0);

  const xlsx = await download(page, /^Excel/);
  expect(xlsx.name).toBe(`timesheets_${from}_${today}.xlsx`);
  expect(xlsx.size).toBeGreaterThan(0);

  const csv = await download(page, /^CSV/);
  expect(csv.name).toBe(`timesheets_${from}_${today}.csv`);
  expect(csvTotals(await readFile(csv.path, 'utf8'))).toEqual(totals);

  // A timesheet's detail, from its row.
  await page.getByTestId('timesheet-row').first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Timesheet' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expectAccessible(page, page.url().replace(/^https?:\/\/[^/]+/, ''));
});

test('a client disputes a week with a comment; the VA sees the dispute and replies', async ({
  page,
  request,
}) => {
  const vaToken = await apiToken(request, DEMO.va.email);
  const va = await json(request, 'GET', '/api/v1/me', vaToken);
  const vaName = `${va.first_name} ${va.last_name}`;
  const comment = `Wednesday looks short (${Date.now()})`;

  await loginAs(page, DEMO.client.email, DEMO.client.dashboard);
  await expectAccessible(page, '/client-dashboard/timesheets');
  // The week before last: signed off by the demo; the client now disputes it.
  const weekLabel = page.getByTestId('week-label');
  const lastWeek = (await weekLabel.textContent()) ?? '';
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(weekLabel).not.toHaveText(lastWeek);
  const label = (await weekLabel.textContent()) ?? '';
  const monday = /Week of (\d{4}-\d{2}-\d{2})/.exec(label)?.[1] as string;
  // Signed off as the demo left it, also when a retry finds the first try's dispute (the week is in the URL).
  const clientToken = await apiToken(request, DEMO.client.email);
  await json(request, 'POST', '/api/v1/client-access/timesheets/sign-off', clientToken, {
    va_id: va.id,
    week_start: monday,
    decision: 'approve',
  });
  await page.reload();
  await expect(weekLabel).toHaveText(label);
  const card = page.getByRole('region', { name: vaName, exact: true });
  await expect(card.getByTestId('week-day')).toHaveCount(7);
  await card.getByRole('button', { name: 'Dispute' }).click();
  const dialog = page.getByRole('dialog', { name: `Dispute the week of ${vaName}` });
  await dialog.getByRole('button', { name: 'Dispute' }).click();
  await expect(dialog.getByText('Say what is wrong: a dispute needs a comment')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^What is wrong/ }).fill(comment);
  await dialog.getByRole('button', { name: 'Dispute' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Disputed')).toBeVisible();
  await expect(card.getByText(comment)).toBeVisible();
  await logout(page);

  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await expectAccessible(page, '/va-dashboard/timesheets');
  const week = page.getByRole('region', { name: monday, exact: true }).filter({ hasText: comment });
  await expect(week.getByText('Disputed')).toBeVisible();
  await week
    .getByRole('textbox', { name: 'Your reply' })
    .fill('I was at the client’s training that afternoon');
  await week.getByRole('button', { name: 'Send reply' }).click();
  // Sent: the field empties (its label now offers to reply again) and the reply shows in the conversation.
  await expect(week.getByRole('textbox', { name: 'Reply again' })).toHaveValue('');
  await expect(week.getByText('I was at the client’s training that afternoon')).toBeVisible();
});
