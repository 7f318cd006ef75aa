import { e2eDate } from './clock';
import { type APIRequestContext, expect, test } from './fixtures';
import { apiToken, DEMO, loginAs } from './helpers';
import { choose } from './people-helpers';

const ADMIN = '/api/v1/admin-access';

type Shift = { id: number; va_id: number; date: string; status: string };
type Person = { id: number; name: string; email: string };

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const day = (offsetDays: number) =>
  new Date(e2eDate().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Two demo VAs with completed shifts in the last week (the demo client's VA first), and one shift of the first. */
async function twoWorkedVas(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin.email);
  const res = await request.get(
    `${ADMIN}/attendance?status=completed&start_date=${day(-7)}&end_date=${day(-1)}&per_page=100`,
    auth(admin),
  );
  expect(res.status(), await res.text()).toBe(200);
  const shifts = ((await res.json()) as { data: Shift[] }).data;
  const vas = await request.get(`${ADMIN}/users?roles=va`, auth(admin));
  const people = ((await vas.json()) as { data: Person[] }).data;
  const demoVa = people.find((p) => p.email === DEMO.va.email);
  if (!demoVa) throw new Error('the demo VA is missing');
  const other = people.find((p) => p.id !== demoVa.id && shifts.some((s) => s.va_id === p.id));
  const shift = shifts.find((s) => s.va_id === demoVa.id);
  if (!other || !shift) throw new Error('the demo has no completed shifts last week');
  return { first: demoVa, second: other, shift };
}

test('an admin generates an AI report for two VAs, follows its evidence to the timeline; the VA adds a note the admin then sees', async ({
  page,
  request,
  browser,
}) => {
  const { first, second, shift } = await twoWorkedVas(request);

  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  await page.goto('/admin-dashboard/ai-analytics');
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(day(-7));
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(day(-1));
  for (const name of [first.name, second.name]) await choose(page, 'Virtual assistants', name);
  await page.getByRole('button', { name: 'Generate report' }).click();
  // Without a configured model the built-in analyst writes it; the text arrives over the socket, then the kept report.
  const report = page.getByTestId('ai-report');
  await expect(report).toContainText('Written by the built-in analyst', { timeout: 30_000 });
  await expect(report).toContainText(first.name);
  await expect(report).toContainText(second.name);
  await expect(page.getByTestId('ai-reports').getByRole('row')).not.toHaveCount(0);

  // Every claim links to its evidence: the first worked-time link opens that shift's timeline.
  await report.getByTestId('ai-claims').getByRole('link', { name: 'Worked' }).first().click();
  await expect(page).toHaveURL(/\/admin-dashboard\/reports\/activity-logs\/\d+$/);

  // The admin analyses one of the demo VA's shifts from its timeline.
  await page.goto(`/admin-dashboard/reports/activity-logs/${shift.id}`);
  const panel = page.getByTestId('ai-panel');
  await panel.getByRole('button', { name: 'Analyse' }).click();
  await expect(panel.getByTestId('ai-result').first()).toContainText('Done', { timeout: 30_000 });

  // The VA sees it and adds a note.
  const vaContext = await browser.newContext();
  const vaPage = await vaContext.newPage();
  await loginAs(vaPage, DEMO.va.email, DEMO.va.dashboard);
  await vaPage.goto('/va-dashboard/ai-reports');
  const result = vaPage.getByTestId('ai-result').first();
  await result.getByRole('button', { name: 'Add a note' }).click();
  await result.getByLabel("The VA's note").fill('That afternoon was a training video.');
  await result.getByRole('button', { name: 'Save note' }).click();
  await expect(result.getByTestId('ai-note')).toContainText('That afternoon was a training video.');
  await vaContext.close();

  await page.reload();
  await expect(page.getByTestId('ai-panel').getByTestId('ai-note').first()).toContainText(
    'That afternoon was a training video.',
  );
});
