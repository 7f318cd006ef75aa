import { readFile } from 'node:fs/promises';
import { expectAccessible } from './axe';
import { expect, type Page, test } from './fixtures';
import { DEMO, loginAs } from './helpers';

/** "64 h 30 min" (the page's durations) as minutes. */
function minutesOf(text: string): number {
  const h = /(\d+) h/.exec(text)?.[1] ?? '0';
  const m = /(\d+) min/.exec(text)?.[1] ?? '0';
  return Number(h) * 60 + Number(m);
}

/** The cell of the totals row under the column `key`. */
const totalCell = (page: Page, key: string) =>
  page.getByTestId('report-totals').locator(`[data-column="${key}"]`);

/** Picks a period in the range picker: two days of the month it opens on. */
async function pickPeriod(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: 'Period' }).click();
  const label = (date: string) => {
    const d = new Date(`${date}T00:00:00Z`);
    return `${d.getUTCDate()} ${d.toLocaleString('en', { month: 'long', timeZone: 'UTC' })} ${d.getUTCFullYear()}`;
  };
  await page.getByRole('button', { name: label(from), exact: true }).click();
  await page.getByRole('button', { name: label(to), exact: true }).click();
}

test('the admin reads the daily and summary reports, changes the period and exports the CSV with the same total', async ({
  page,
}) => {
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  // The sidebar's "Reports" group opens on a click and lists the reports.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByText('Reports', { exact: true }).click();
  await nav.getByRole('link', { name: 'Daily report' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\/reports\/daily-reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Daily report' })).toBeVisible();
  await expect(page.getByTestId('daily-chart').getByRole('img')).toHaveAccessibleName(
    /Scheduled and worked time/,
  );
  await expect(page.getByTestId('daily-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('report-row').first()).toBeVisible();
  await expect(page.getByTestId('report-totals')).toContainText('Total');

  // A period of this month's first ten days (the picker opens on the month the last 7 days start in).
  const start =
    (await page.getByTestId('report-period').textContent())?.match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? '';
  const month = start.slice(0, 7);
  await pickPeriod(page, `${month}-01`, `${month}-10`);
  await expect(page).toHaveURL(new RegExp(`start_date=${month}-01&end_date=${month}-10`));
  await expect(page.getByTestId('report-period')).toHaveText(`From ${month}-01 to ${month}-10`);
  await expect(page.getByTestId('report-table')).toHaveAttribute('aria-busy', 'false');

  // The CSV's total line holds the page's totals (the file counts in minutes).
  const worked = minutesOf((await totalCell(page, 'worked').textContent()) ?? '');
  const scheduled = minutesOf((await totalCell(page, 'scheduled').textContent()) ?? '');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`${month}-01.*${month}-10.*\\.csv$`));
  const lines = (await readFile((await file.path()) as string, 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/);
  const cellsOf = (line: string) => line.split(',').map((c) => c.replace(/^"|"$/g, ''));
  const header = cellsOf(lines[0]);
  const total = cellsOf(lines.find((line) => cellsOf(line)[0] === 'Total') ?? '');
  expect(total[header.indexOf('Worked minutes')]).toBe(String(worked));
  expect(total[header.indexOf('Scheduled minutes')]).toBe(String(scheduled));

  // The summary report: a chart of worked against billable, a row per VA, totals.
  await nav.getByRole('link', { name: 'Summary report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Summary report' })).toBeVisible();
  await expect(page.getByTestId('summary-chart').getByRole('img')).toHaveAccessibleName(
    /Worked and billable time/,
  );
  await expect(page.getByTestId('report-row').first()).toBeVisible();
  await expect(page.getByTestId('report-totals')).toContainText('Total');
});

for (const role of ['manager', 'client'] as const) {
  test(`the ${role}'s daily report opens`, async ({ page }) => {
    await loginAs(page, DEMO[role].email, DEMO[role].dashboard);
    await page.goto(`${DEMO[role].dashboard}/reports/daily`);
    await expect(page.getByRole('heading', { level: 1, name: 'Daily report' })).toBeVisible();
    await expect(page.getByTestId('report-table')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('load-error')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toHaveCount(
      role === 'client' ? 0 : 1,
    );
  });
}

test('axe: the report pages', async ({ page }) => {
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  for (const path of ['attendance-reports', 'daily-reports', 'summary-reports', 'team-summary-reports']) {
    await expectAccessible(page, `/admin-dashboard/reports/${path}`);
    await expect(page.getByTestId('report-table')).toHaveAttribute('aria-busy', 'false');
  }
});
