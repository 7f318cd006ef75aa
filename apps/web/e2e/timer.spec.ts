import { expectAccessible } from './axe';
import { type APIRequestContext, expect, test } from './fixtures';
import { apiToken, DEMO, loginAs } from './helpers';
import { json, shiftOpenNow } from './timer-helpers';

// The web timer end to end: the demo VA clocks in on the home page, pings arrive (fast: ?timerInterval=5),
// the page goes offline and comes back and its outbox drains, a second tab shows the timer read-only, and
// the VA clocks out, on a shift open now (`shiftOpenNow`).

const INTERVAL = 5;
/** `TIMER_SHOTS=<dir>` keeps screenshots of the states on the way (for looking at the page). */
const shot = async (page: import('@playwright/test').Page, name: string) => {
  if (process.env.TIMER_SHOTS)
    await page.screenshot({ path: `${process.env.TIMER_SHOTS}/${name}.png`, fullPage: true });
};
const HOME = `${DEMO.va.dashboard}?timerInterval=${INTERVAL}`;

async function pingsOf(request: APIRequestContext, admin: string, attendanceId: number): Promise<number> {
  const body = await json(
    request,
    'GET',
    `/api/v1/admin-access/attendance/${attendanceId}/pings?per_page=100`,
    admin,
  );
  return (body.meta as { total: number }).total;
}

test('the VA clocks in on the web timer, pings go out, survive offline, one tab leads, clock out', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const { admin } = await shiftOpenNow(request);

  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await page.goto(HOME);
  const panel = page.getByTestId('timer-panel');
  await expect(panel).toHaveAttribute('data-role', 'leader');
  await expect(page.getByTestId('timer-contract')).toContainText('Timer test shift');
  await expect(page.getByTestId('timer-status')).toHaveText('Clocked out');
  await expectAccessible(page, HOME);

  await page.getByTestId('timer-clock-in').click();
  await expect(page.getByTestId('timer-status')).toHaveText('On shift');
  const elapsed = page.getByTestId('timer-elapsed');
  await expect(elapsed).toHaveText(/^0:00:0\d$/);
  await expect(elapsed).not.toHaveText(/^0:00:0[0-2]$/, { timeout: 8_000 });
  await expect(page).toHaveTitle(/^⏱ 0:00:\d\d · /);

  const current = await json(
    request,
    'GET',
    '/api/v1/va-access/attendance/current/user',
    await apiToken(request, DEMO.va.email),
  );
  const attendanceId = (current.attendance as { id: number }).id;

  // Input on the page is counted; pings arrive every 5 s.
  await page.mouse.move(10, 10);
  await page.keyboard.press('Shift');
  await expect
    .poll(() => pingsOf(request, admin, attendanceId), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('timer-last-sync')).toContainText('Last sync');

  // Offline: the timer goes on, pings wait in IndexedDB.
  const before = await pingsOf(request, admin, attendanceId);
  await context.setOffline(true);
  await expect(page.getByTestId('timer-offline')).toBeVisible();
  await shot(page, 'e2e-offline');
  await expect
    .poll(async () => Number(await page.getByTestId('timer-backlog').getAttribute('data-count')), {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(2);
  const waiting = Number(await page.getByTestId('timer-backlog').getAttribute('data-count'));
  expect(await pingsOf(request, admin, attendanceId)).toBe(before);

  // Back online: the backlog drains and every waiting ping reaches the server once.
  await context.setOffline(false);
  await expect(page.getByTestId('timer-offline')).toBeHidden();
  await expect(page.getByTestId('timer-backlog')).toHaveAttribute('data-count', '0', { timeout: 20_000 });
  expect(await pingsOf(request, admin, attendanceId)).toBeGreaterThanOrEqual(before + waiting);

  // A second tab: the timer runs in the first; this one shows it read-only.
  const second = await context.newPage();
  await second.goto(HOME);
  await expect(second.getByTestId('timer-other-tab')).toBeVisible();
  await expect(second.getByTestId('timer-panel')).toHaveAttribute('data-role', 'follower');
  await expect(second.getByTestId('timer-status')).toHaveText('On shift');
  await expect(second.getByTestId('timer-clock-out')).toHaveCount(0);
  await expect(second.getByTestId('timer-elapsed')).toHaveText(/^0:0\d:\d\d$/);
  await shot(second, 'e2e-follower');

  // Clock out, confirmed.
  await page.getByTestId('timer-clock-out').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clock out' }).click();
  await expect(page.getByTestId('timer-status')).toHaveText('Clocked out');
  await expect(page).not.toHaveTitle(/⏱/);
  await shot(page, 'e2e-clocked-out');
  await expect(second.getByTestId('timer-status')).toHaveText('Clocked out', { timeout: 10_000 });
  const ended = await json(request, 'GET', `/api/v1/admin-access/attendance/${attendanceId}`, admin);
  expect(ended).toMatchObject({ status: 'completed', end_reason: 'clock_out', source: 'web' });
  // The admin sees the right minutes: the offline stretch counted once, nothing beyond the shift's length
  // (the time after the last ping before the clock-out is the only part a tracker cannot report).
  const shiftSeconds = (Date.parse(String(ended.ended_at)) - Date.parse(String(ended.started_at))) / 1000;
  expect(Number(ended.worked_seconds)).toBeLessThanOrEqual(Math.ceil(shiftSeconds));
  expect(Number(ended.worked_seconds)).toBeGreaterThanOrEqual(shiftSeconds - 3 * INTERVAL);

  // The leader's tab closes: the second one takes over.
  await page.close();
  await expect(second.getByTestId('timer-panel')).toHaveAttribute('data-role', 'leader', { timeout: 10_000 });
  await expect(second.getByTestId('timer-other-tab')).toHaveCount(0);
});

test('an admin forces a logout and the VA’s web timer stops at once', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { admin, vaToken } = await shiftOpenNow(request);
  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await page.goto(HOME);
  await page.getByTestId('timer-clock-in').click();
  await expect(page.getByTestId('timer-status')).toHaveText('On shift');
  await expect(page).toHaveTitle(/^⏱ /);
  const current = await json(request, 'GET', '/api/v1/va-access/attendance/current/user', vaToken);
  const attendanceId = (current.attendance as { id: number }).id;
  const va = await json(request, 'GET', '/api/v1/me', vaToken);
  // The page's socket is up (on a loaded machine it may still be connecting right after the clock-in).
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible({ timeout: 15_000 });

  await json(request, 'POST', '/api/v1/admin-access/attendance/logout', admin, {
    user_id: va.id,
    attendance_id: attendanceId,
  });
  // The socket tells the page; no reload, no waiting for the next ping.
  await expect(page.getByTestId('timer-forced-out')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('timer-status')).toHaveText('Ended by a supervisor');
  await expect(page.getByTestId('timer-clock-out')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/⏱/);
  const ended = await json(request, 'GET', `/api/v1/admin-access/attendance/${attendanceId}`, admin);
  expect(ended).toMatchObject({ status: 'completed', end_reason: 'forced_logout' });
});

test('while the desktop agent is connected the web timer stands by; it takes over when the agent goes', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { admin, vaToken } = await shiftOpenNow(request);
  // The agent's socket, as the desktop agent opens it (`client.kind: desktop`), from a page of its own.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await agent.goto('/');
  await agent.evaluate(
    (token) =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/v1/ws`);
        const w = window as unknown as { agentSocket: WebSocket; agentHeard: unknown[] };
        w.agentSocket = ws;
        w.agentHeard = [];
        ws.onopen = () =>
          ws.send(JSON.stringify({ type: 'auth', token, client: { kind: 'desktop', capture: false } }));
        ws.onmessage = (e) => {
          const message = JSON.parse(String(e.data));
          w.agentHeard.push(message);
          if (message.type === 'ready') resolve();
        };
        ws.onerror = () => reject(new Error('The agent socket failed'));
      }),
    vaToken,
  );

  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await page.goto(HOME);
  await expect(page.getByTestId('agent-status')).toHaveAttribute('data-connected', 'true');
  await page.getByTestId('timer-clock-in').click();
  await expect(page.getByTestId('timer-status')).toHaveText('On shift');
  await expect(page.getByTestId('timer-standing-by')).toContainText(
    'Your desktop agent is recording this shift',
  );
  await expect(page.getByTestId('capture-control')).toHaveCount(0);
  await shot(page, 'e2e-standing-by');
  const current = await json(request, 'GET', '/api/v1/va-access/attendance/current/user', vaToken);
  const attendanceId = (current.attendance as { id: number }).id;
  // Two of the page's intervals go by: the agent records the shift, the page sends nothing.
  await page.waitForTimeout(2 * INTERVAL * 1000);
  expect(await pingsOf(request, admin, attendanceId)).toBe(0);

  // The VA picks what she works on here: the server keeps it for the shift and tells the agent.
  await page.getByRole('combobox', { name: 'Working on' }).click();
  const option = page.getByRole('listbox', { name: 'Working on' }).getByRole('option').first();
  const picked = (await option.textContent()) ?? '';
  await option.click();
  await expect(page.getByRole('combobox', { name: 'Working on' })).toHaveValue(picked);
  const told = async () => {
    const heard = await agent.evaluate(() => (window as unknown as { agentHeard: unknown[] }).agentHeard);
    return (heard as Array<{ type: string; data: { attendance_id: number; task: unknown } }>).find(
      (m) => m.type === 'attendance.task',
    )?.data;
  };
  await expect.poll(told).toMatchObject({ attendance_id: attendanceId, task: { id: expect.any(Number) } });
  const shiftNow = await json(request, 'GET', '/api/v1/va-access/attendance/current/user', vaToken);
  expect(shiftNow.current_task).toEqual((await told())?.task);

  // The agent quits: at the page's next look at the shift (every 30 s; every interval here) it records again.
  await agent.evaluate(() => (window as unknown as { agentSocket: WebSocket }).agentSocket.close());
  await agentContext.close();
  await expect(page.getByTestId('timer-standing-by')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(() => pingsOf(request, admin, attendanceId), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.getByTestId('timer-clock-out').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clock out' }).click();
  await expect(page.getByTestId('timer-status')).toHaveText('Clocked out');
});
