import { randomUUID } from 'node:crypto';
import { expectAccessible } from './axe';
import { e2eDate } from './clock';
import { choose } from './contracts-helpers';
import { type APIRequestContext, expect, type Page, test } from './fixtures';
import { apiToken, DEMO, loginAs } from './helpers';

const ADMIN = '/api/v1/admin-access';
const VA = '/api/v1/va-access';
const VA_PASSWORD = 'insight-pass-123';

type Attendance = { id: number; date: string; started_at: string | null; late_minutes: number };

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/**
 * A fresh VA with a contract whose shift began an hour ago (so clock-in is late), clocked in through the
 * API, with a few pings: what a real tracker would have sent. The demo has upcoming shifts only, so the
 * figures the pages show come from here.
 */
async function vaAtWork(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin.email);
  const last = `Insight${Date.now() % 1_000_000}`;
  const email = `tess-${last.toLowerCase()}@example.com`;
  const va = await ok<{ id: number }>(
    await request.post(`${ADMIN}/user`, {
      ...auth(admin),
      data: {
        email,
        first_name: 'Tess',
        last_name: last,
        role: 'va',
        password: VA_PASSWORD,
        timezone: 'UTC',
      },
    }),
    201,
  );
  const clients = await ok<{ data: { id: number; email: string }[] }>(
    await request.get(`${ADMIN}/users?roles=client`, auth(admin)),
  );
  const client = clients.data.find((c) => c.email === DEMO.client.email);
  if (!client) throw new Error('the demo client is missing');

  // A block from an hour ago to two hours ahead, in UTC (overnight when it starts before midnight).
  const now = e2eDate();
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  const start = (Math.floor((minute - 60) / 10) * 10 + 1440) % 1440;
  const end = (minute + 120) % 1440;
  const startDay = new Date(now.getTime() - (start > minute ? 86_400_000 : 0));
  const yesterday = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  const contract = await ok<{ id: number }>(
    await request.post(`${ADMIN}/contracts`, {
      ...auth(admin),
      data: {
        va_id: va.id,
        client_id: client.id,
        title: `Insights ${last}`,
        start_date: yesterday,
        timezone: 'UTC',
      },
    }),
    201,
  );
  await ok(
    await request.post(`${ADMIN}/schedules`, {
      ...auth(admin),
      data: { contract_id: contract.id, weekday: startDay.getUTCDay(), start_minute: start, end_minute: end },
    }),
    201,
  );
  await ok(await request.post(`${ADMIN}/contracts/${contract.id}/activate`, auth(admin)));

  const token = await apiToken(request, email, VA_PASSWORD);
  // The engine builds the shift begun before the activation; clock-in opens on it.
  let attendance: Attendance | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.post(`${VA}/attendance/clock-in`, { ...auth(token), data: {} });
        if (res.ok()) attendance = (await res.json()) as Attendance;
        return res.status();
      },
      { timeout: 15_000 },
    )
    .toBe(200);
  if (!attendance?.started_at) throw new Error('clock-in did not start the shift');
  // Three pings in the first minute (the last one ten seconds idle): about a minute of tracked time.
  const startedAt = new Date(attendance.started_at).getTime();
  const pings = [20, 40, 59].map((second, i) => ({
    id: randomUUID(),
    at: new Date(startedAt + second * 1000).toISOString(),
    keyboard: 40 + i,
    mouse: 80,
    idle_seconds: i === 2 ? 10 : 0,
    source: 'web',
  }));
  const sent = await ok<{ accepted: number; rejected: unknown[] }>(
    await request.post(`${VA}/attendance/pings`, {
      ...auth(token),
      data: { attendance_id: attendance.id, pings },
    }),
  );
  expect(sent.rejected).toEqual([]);
  expect(sent.accepted).toBe(3);
  await ok(
    await request.post(`${VA}/attendance/clock-out`, {
      ...auth(token),
      data: { attendance_id: attendance.id },
    }),
  );
  return { name: `Tess ${last}`, vaId: va.id, attendance };
}

const dashboard = (path: string) => `${DEMO.admin.dashboard}/${path}`;

async function pickVa(page: Page, name: string) {
  await choose(page, page, 'Virtual assistant', name, true);
}

test('the admin reads a VA’s day, period, month and logs, and opens the shift’s timeline', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { name, vaId, attendance } = await vaAtWork(request);
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);

  // Timeblocks: the VA's day, coloured where the pings fell; the keyboard reaches the figures.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByText('Virtual assistants', { exact: true }).click();
  await nav.getByRole('link', { name: 'Timeblocks' }).click();
  await expect(page).toHaveURL(/virtual-assistants\/timeblocks$/);
  await pickVa(page, name);
  await expect(page).toHaveURL(new RegExp(`va_id=${vaId}`));
  const row = page.getByTestId('timeblock-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('heading', { name })).toBeVisible();
  await expect(row.getByTestId('attendance-status')).toHaveText('Completed');
  // A minute of work: one block, or two when the minute crossed a 10-minute boundary.
  const active = row.locator('[data-testid="timeblock-cell"]:not([data-level="0"])');
  await expect(active.first()).toBeVisible();
  expect(await active.count()).toBeLessThanOrEqual(2);
  await row.getByRole('grid').locator('td[tabindex="0"]').focus();
  await expect(row.getByTestId('timeblock-details')).toContainText('% active');
  // An hour later nothing was tracked; in the day's last hour (the admin reads days in America/Chicago, so when
  // this runs around 05:00 UTC) there is no later hour: an hour earlier then.
  const focused = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('td')].indexOf(document.activeElement as HTMLTableCellElement),
    );
  const before = await focused();
  await page.keyboard.press('ArrowRight');
  if ((await focused()) === before) await page.keyboard.press('ArrowLeft');
  expect(await focused()).not.toBe(before);
  await expect(row.getByTestId('timeblock-details')).not.toContainText('% active');
  await expectAccessible(page, page.url().replace(/^https?:\/\/[^/]+/, ''));

  // The day after next has no shift of theirs: the empty state says so; the previous day button comes back. (The
  // next day may hold the shift's tail: the page shows the admin's days, America/Chicago, and the shift of three
  // hours around now crosses its midnight when this runs between 04:00 and 06:00 UTC.)
  const day = () => new URL(page.url()).searchParams.get('date');
  const start = day();
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect.poll(day).not.toBe(start);
  const tomorrow = day();
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect.poll(day).not.toBe(tomorrow);
  await expect(page.getByTestId('empty-state')).toContainText('No VA matching these filters');
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect.poll(day).toBe(tomorrow);
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect.poll(day).not.toBe(tomorrow);
  await expect(page.getByTestId('timeblock-row')).toHaveCount(1);

  // Duration: this week's figures of the VA: one shift, late, some worked time.
  await page.goto(dashboard(`virtual-assistants/duration?va_id=${vaId}`));
  const durationRow = page.getByTestId('duration-row');
  await expect(durationRow).toHaveCount(1);
  await expect(durationRow.getByRole('link', { name })).toBeVisible();
  await expect(durationRow.getByRole('cell').nth(1)).toHaveText('1');
  await expect(durationRow.getByRole('cell').nth(6)).toContainText('1');
  await expect(page.getByTestId('duration-totals')).toContainText('Total');
  await page.getByRole('button', { name: 'Sort by Worked' }).click();
  await expect(page).toHaveURL(/sort=worked&dir=desc/);
  await expectAccessible(page, dashboard('virtual-assistants/duration'));

  // Calendar: the shift's own date counts one late shift; months move back and forth.
  const month = attendance.date.slice(0, 7);
  await page.goto(dashboard(`attendance-calendar?month=${month}&va_id=${vaId}`));
  const cell = page.locator(`[data-date="${attendance.date}"]`);
  await expect(cell.locator('[data-count="late"]')).toContainText('1');
  const heading = await page.getByTestId('calendar-month').textContent();
  // The month before has none of their shifts (the engine builds from now on): the empty state says so.
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page.getByTestId('calendar-month')).not.toHaveText(heading ?? '');
  await expect(page.getByTestId('empty-state')).toContainText('No shifts in this month for these filters');
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByTestId('calendar-month')).toHaveText(heading ?? '');
  await expect(cell.locator('[data-count="late"]')).toContainText('1');
  await expectAccessible(page, dashboard('attendance-calendar'));

  // Activity logs: filtered by VA and type in the URL; a row opens the shift's timeline.
  await page.goto(dashboard('reports/activity-logs'));
  await expect(page.getByRole('heading', { level: 1, name: 'Activity logs' })).toBeVisible();
  await pickVa(page, name);
  await choose(page, page, 'Event', 'Clock-in');
  await expect(page).toHaveURL(new RegExp(`va_id=${vaId}.*type=clock_in|type=clock_in.*va_id=${vaId}`));
  const logs = page.getByTestId('log-row');
  await expect(logs).toHaveCount(1);
  await expect(logs.getByTestId('log-type')).toHaveText('Clock-in');
  await expectAccessible(page, page.url().replace(/^https?:\/\/[^/]+/, ''));
  await logs.getByRole('link', { name: `Open the shift of ${name}` }).click();

  await expect(page).toHaveURL(new RegExp(`reports/activity-logs/${attendance.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  const timeline = page.getByTestId('log-timeline');
  await expect(timeline.getByTestId('log-type').first()).toHaveText('Clock-in');
  await expect(timeline.getByTestId('log-type').filter({ hasText: 'Clock-out' })).toHaveCount(1);
  // The clock-in makes the VA online at once (issue 23), so the first ping logs no "Back online".
  await expect(timeline.getByTestId('log-type').filter({ hasText: 'Back online' })).toHaveCount(0);
  await expect(page.getByTestId('ping-row')).toHaveCount(3);
  await expect(page.locator('[data-testid="timeblock-cell"]:not([data-level="0"])').first()).toBeVisible();
  await expectAccessible(page, dashboard(`reports/activity-logs/${attendance.id}`));
});

test('an unknown shift and an empty log filter say what to do', async ({ page }) => {
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  await page.goto(dashboard('reports/activity-logs/999999'));
  await expect(page.getByRole('alert')).toContainText(/not found|does not exist/i);
  await page.goto(
    dashboard('reports/activity-logs?type=screenshot_taken&start_date=2001-01-01&end_date=2001-01-31'),
  );
  await expect(page.getByTestId('empty-state')).toContainText('No logs match these filters');
});
