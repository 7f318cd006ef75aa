import { randomUUID } from 'node:crypto';
import { expectNoSeriousViolations } from './axe';
import { e2eDate } from './clock';
import { logout } from './contracts-helpers';
import { type APIRequestContext, type Browser, expect, type Page, test } from './fixtures';
import { apiToken, DEMO, DEMO_PASSWORD, loginAs, uniqueEmail } from './helpers';
import { settled } from './people-helpers';

/**
 * The attendance screens against the real server: a VA (made for this run, with a shift running now) clocks
 * in through the tracker API and appears live on the admin's and the client's online lists; the admin forces
 * the logout and the row leaves both; a manager sees only their scope; axe on every attendance page.
 */
type Api = { request: APIRequestContext; token: string };

const call = async (api: Api, method: 'get' | 'post', path: string, data?: unknown) => {
  const res = await api.request[method](path, { headers: { Authorization: `Bearer ${api.token}` }, data });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBeTruthy();
  return res.json();
};

const clientId = async (admin: Api, email: string): Promise<number> => {
  const { data } = (await call(admin, 'get', '/api/v1/admin-access/users?roles=client')) as {
    data: { id: number; email: string }[];
  };
  const found = data.find((p) => p.email === email);
  if (!found) throw new Error(`no client ${email}`);
  return found.id;
};

/**
 * A new VA with an active contract (UTC) whose block started 30 minutes ago and runs two more hours: the
 * engine builds that shift when the contract activates, so the VA can clock in (late) at once.
 */
async function vaOnShiftNow(admin: Api, client: number, name: string) {
  const email = uniqueEmail('att-va');
  const va = (await call(admin, 'post', '/api/v1/admin-access/user', {
    email,
    first_name: name,
    last_name: 'Tester',
    role: 'va',
    password: DEMO_PASSWORD,
    timezone: 'UTC',
  })) as { id: number };
  const now = e2eDate();
  const start = new Date(now.getTime() - 30 * 60_000);
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const contract = (await call(admin, 'post', '/api/v1/admin-access/contracts', {
    va_id: va.id,
    client_id: client,
    title: `Live desk ${name}`,
    start_date: yesterday,
    timezone: 'UTC',
  })) as { id: number };
  const minute = (d: Date) => d.getUTCHours() * 60 + d.getUTCMinutes();
  await call(admin, 'post', '/api/v1/admin-access/schedules', {
    contract_id: contract.id,
    weekday: start.getUTCDay(),
    start_minute: minute(start),
    // Past midnight the block runs overnight (end before start), which the engine reads as such.
    end_minute: (minute(start) + 150) % 1440,
  });
  await call(admin, 'post', `/api/v1/admin-access/contracts/${contract.id}/activate`);
  return { id: va.id, email, name: `${name} Tester` };
}

/** The VA's tracker: clock in to the shift running now, then one minute of activity. */
async function clockInAndPing(request: APIRequestContext, email: string) {
  const va: Api = { request, token: await apiToken(request, email) };
  let attendance: { id: number } | undefined;
  // The engine builds the shift from the contract's events, just after the activation answered.
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/v1/va-access/attendance/clock-in', {
          headers: { Authorization: `Bearer ${va.token}` },
          data: {},
        });
        if (res.ok()) attendance = (await res.json()) as { id: number };
        return res.status();
      },
      { timeout: 20_000 },
    )
    .toBe(200);
  if (!attendance) throw new Error('no attendance');
  await call(va, 'post', '/api/v1/va-access/attendance/pings', {
    attendance_id: attendance.id,
    pings: [
      {
        id: randomUUID(),
        at: e2eDate().toISOString(),
        keyboard: 42,
        mouse: 17,
        idle_seconds: 3,
        active_window: { app: 'Browser', title: 'Inbox' },
        source: 'web',
      },
    ],
  });
  return attendance.id;
}

async function axe(page: Page, path: string) {
  await page.goto(path);
  // A VA's weeks are long tables; on a busy machine the first paint can take a while.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1, { timeout: 30_000 });
  await expectNoSeriousViolations(page, path);
}

async function signedInPage(browser: Browser, baseURL: string, email: string, landing: string) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await loginAs(page, email, landing);
  return page;
}

test('a VA clocks in and shows up live for the admin and the client; a forced logout takes them off', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin: Api = { request, token: await apiToken(request, DEMO.admin.email) };
  const va = await vaOnShiftNow(
    admin,
    await clientId(admin, DEMO.client.email),
    `Lina${Date.now() % 100000}`,
  );

  // The admin's home: counters as links, and the online list open before the VA clocks in.
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  await expect(page.getByTestId('counter-online')).toHaveText(/^\d+$/);
  await expect(page.getByRole('link', { name: /Online now/ })).toHaveAttribute(
    'href',
    '/admin-dashboard/virtual-assistants/online',
  );
  await page.goto('/admin-dashboard/virtual-assistants/online');
  await settled(page);
  const adminRow = page.getByTestId('online-row').filter({ hasText: va.name });
  await expect(adminRow).toHaveCount(0);

  const client = await signedInPage(browser, baseURL as string, DEMO.client.email, DEMO.client.dashboard);
  await client.goto('/client-dashboard/virtual-assistants/online');
  await settled(client);
  const clientRow = client.getByTestId('online-row').filter({ hasText: va.name });
  await expect(clientRow).toHaveCount(0);

  const attendanceId = await clockInAndPing(request, va.email);

  // Live: no reload on either side.
  await expect(adminRow).toHaveCount(1, { timeout: 20_000 });
  await expect(adminRow.getByTestId('presence')).toHaveAttribute('data-presence', 'online');
  await expect(adminRow).toContainText('Browser');
  await expect(clientRow).toHaveCount(1, { timeout: 20_000 });
  await expect(clientRow.getByRole('button', { name: /Force logout/ })).toHaveCount(0);

  // The attendance list, filtered in the URL to this VA's ongoing shifts; the row opens the detail.
  await page.goto(`/admin-dashboard/attendance?va=${va.id}&status=ongoing`);
  await settled(page);
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('Ongoing');
  const rows = page.getByTestId('attendance-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-status', 'ongoing');
  await expect(rows.first()).toContainText(va.name);
  await rows
    .first()
    .getByRole('link', { name: /^\d{4}-\d{2}-\d{2}$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin-dashboard/attendance/${attendanceId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(va.name);
  await expect(page.getByTestId('log-row').filter({ hasText: 'Clock-in' })).toHaveCount(1);
  await expect(page.getByTestId('ping-row')).toHaveCount(1);
  // Another status filter leaves the ongoing shift out.
  await page.goto(`/admin-dashboard/attendance?va=${va.id}&status=completed`);
  await settled(page);
  await expect(page.getByTestId('attendance-row')).toHaveCount(0);
  await expect(page.getByTestId('empty-state')).toContainText('No shifts match these filters');

  // The forced logout: confirm, the result, and the row leaves both lists.
  await page.goto('/admin-dashboard/virtual-assistants/online');
  await settled(page);
  await adminRow.getByRole('button', { name: `Force logout of ${va.name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`End ${va.name}'s shift now?`);
  await dialog.getByRole('button', { name: 'End the shift' }).click();
  await expect(page.getByText(new RegExp(`${va.name} was logged out\\. The shift ended with`))).toBeVisible();
  await expect(adminRow).toHaveCount(0);
  await expect(clientRow).toHaveCount(0, { timeout: 20_000 });

  // The shift now reads as ended by a supervisor, on the VA's tab of the user page too.
  await page.goto(`/admin-dashboard/users/${va.id}/attendance?status=completed`);
  await settled(page);
  await expect(page.getByTestId('attendance-row').first()).toContainText('Logged out by a supervisor');
  await client.context().close();
});

test('a manager sees only the VAs in their scope', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin: Api = { request, token: await apiToken(request, DEMO.admin.email) };
  // manager@example.com supervises client@example.com, not Kiwi Realty (the other manager's client).
  const mine = await vaOnShiftNow(
    admin,
    await clientId(admin, DEMO.client.email),
    `Mina${Date.now() % 100000}`,
  );
  const other = await vaOnShiftNow(
    admin,
    await clientId(admin, 'team@kiwi-realty.example.com'),
    `Otto${Date.now() % 100000}`,
  );
  await clockInAndPing(request, mine.email);
  await clockInAndPing(request, other.email);

  await loginAs(page, DEMO.manager.email, DEMO.manager.dashboard);
  await page.goto('/manager-dashboard/virtual-assistants/online?state=online');
  await settled(page);
  await expect(page.getByTestId('online-row').filter({ hasText: mine.name })).toHaveCount(1);
  await expect(page.getByTestId('online-row').filter({ hasText: other.name })).toHaveCount(0);
  await page.goto('/manager-dashboard/attendance?status=ongoing');
  await settled(page);
  await expect(page.getByTestId('attendance-row').filter({ hasText: mine.name })).toHaveCount(1);
  await expect(page.getByTestId('attendance-row').filter({ hasText: other.name })).toHaveCount(0);
  // A VA outside the scope named in the URL: the server answers 404, the page says so kindly.
  await page.goto(`/manager-dashboard/attendance?va=${other.id}`);
  await expect(page.getByTestId('load-error')).toBeVisible();

  // The admin sees both.
  await logout(page);
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  await page.goto('/admin-dashboard/virtual-assistants/online?state=online');
  await settled(page);
  await expect(page.getByTestId('online-row').filter({ hasText: mine.name })).toHaveCount(1);
  await expect(page.getByTestId('online-row').filter({ hasText: other.name })).toHaveCount(1);
});

/** Every attendance page of each dashboard (a passed shift of the demo opens the admin's detail and tab). */
async function pagesOf(request: APIRequestContext, role: 'admin' | 'manager' | 'client' | 'va') {
  if (role === 'manager')
    return [
      '/manager-dashboard',
      '/manager-dashboard/attendance',
      '/manager-dashboard/virtual-assistants/attendance',
      '/manager-dashboard/virtual-assistants/online',
    ];
  if (role === 'client')
    return [
      '/client-dashboard',
      '/client-dashboard/attendance',
      '/client-dashboard/virtual-assistants/online',
    ];
  if (role === 'va') return ['/va-dashboard/attendance', '/va-dashboard/attendance?view=passed'];
  const admin: Api = { request, token: await apiToken(request, DEMO.admin.email) };
  const passed = (await call(
    admin,
    'get',
    '/api/v1/admin-access/attendance?per_page=1&status=completed',
  )) as {
    data: { id: number; va_id: number }[];
  };
  const one = passed.data[0];
  return [
    '/admin-dashboard',
    '/admin-dashboard/attendance',
    '/admin-dashboard/virtual-assistants/attendance',
    '/admin-dashboard/virtual-assistants/online',
    '/admin-dashboard/virtual-assistants/idle',
    ...(one
      ? [`/admin-dashboard/attendance/${one.id}`, `/admin-dashboard/users/${one.va_id}/attendance`]
      : []),
  ];
}

for (const role of ['admin', 'manager', 'client', 'va'] as const) {
  test(`axe: the ${role}'s attendance pages, light and dark`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const pages = await pagesOf(request, role);
    await loginAs(page, DEMO[role].email, DEMO[role].dashboard);
    for (const path of pages) await axe(page, path);
    await page.evaluate(() => localStorage.setItem('color-schema', 'dark'));
    for (const path of pages.slice(0, 2)) await axe(page, path);
  });
}
