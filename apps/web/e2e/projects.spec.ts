import { expectAccessible } from './axe';
import { choose, logout } from './contracts-helpers';
import { expect, test } from './fixtures';
import { apiToken, DEMO, loginAs } from './helpers';
import { json, shiftOpenNow } from './timer-helpers';

// Projects end to end (issue 15): the demo client creates a project and a task on its board and assigns it to
// their VA (on a contract with a shift open now, as the timer tests set it up); the VA picks the task in the web
// timer and works; the time shows on the task's card and in its drawer.

test.setTimeout(240_000);

test('a client creates a project and a task, assigns it; the VA tracks time on it in the timer', async ({
  page,
  request,
}) => {
  const { shiftDate } = await shiftOpenNow(request, { title: 'Projects test shift' });
  const vaToken = await apiToken(request, DEMO.va.email);
  const va = await json(request, 'GET', '/api/v1/me', vaToken);
  const vaName = `${va.first_name} ${va.last_name}`;
  const name = `Launch ${Date.now().toString(36)}`;
  const title = 'Write the launch FAQ';

  await loginAs(page, DEMO.client.email, DEMO.client.dashboard);
  await expectAccessible(page, '/client-dashboard/projects/create');
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/client-dashboard\/projects\/\d+\/board/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const board = page.url().replace(/\?.*$/, '');

  await page.getByRole('button', { name: 'Add task to To do' }).click();
  await page.getByRole('textbox', { name: 'Title of the new task in To do' }).fill(title);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const card = page.getByTestId('task-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  const taskId = Number(await card.getAttribute('data-task-id'));
  await card.getByRole('button').first().click();
  const drawer = page.getByRole('dialog');
  await choose(drawer, page, 'Assignee', vaName);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText(vaName.split(' ')[0]);
  await expectAccessible(page, board);
  await logout(page);

  // The VA picks the task in the timer, clocks in and works: the timer's pings name the task.
  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await expect(page.getByTestId('timer-status')).toHaveText('Clocked out');
  await page.getByRole('combobox', { name: /^Working on/ }).click();
  await page.getByRole('option', { name: new RegExp(title) }).click();
  await page.getByTestId('timer-clock-in').click();
  await expect(page.getByTestId('timer-status')).toHaveText('On shift');
  const client = await apiToken(request, DEMO.client.email);
  const tracked = async () => {
    await page.mouse.move(20 + Math.random() * 200, 20 + Math.random() * 200);
    return Number(
      (await json(request, 'GET', `/api/v1/client-access/tasks/${taskId}`, client)).tracked_seconds,
    );
  };
  // The web timer sends a ping a minute: the first one gives the task its first minute.
  await expect.poll(tracked, { timeout: 120_000, intervals: [5_000] }).toBeGreaterThanOrEqual(60);
  const current = await json(request, 'GET', '/api/v1/va-access/attendance/current/user', vaToken);
  await json(request, 'POST', '/api/v1/va-access/attendance/clock-out', vaToken, {
    attendance_id: (current.attendance as { id: number }).id,
  });
  await logout(page);

  // The client sees the time on the card and in the task's drawer.
  await loginAs(page, DEMO.client.email, DEMO.client.dashboard);
  await page.goto(board);
  await expect(card).toContainText(/Tracked:\s*\d+ min/);
  await card.getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toContainText(/Tracked \d+ min/);

  // And under the projects list, in the time by project of the days around the shift (its date is the
  // contract's, UTC): the minute on the project, and on its task once the row is opened.
  const day = (offset: number) =>
    new Date(Date.parse(shiftDate) + offset * 86_400_000).toISOString().slice(0, 10);
  await expectAccessible(page, `/client-dashboard/projects?time_from=${day(-1)}&time_to=${day(1)}`);
  const times = page.getByTestId('project-time');
  const row = times.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(/\d+ min/);
  await row.getByRole('button', { name: `Tasks of ${name}` }).click();
  await expect(times.getByRole('link', { name: title })).toBeVisible();
});
