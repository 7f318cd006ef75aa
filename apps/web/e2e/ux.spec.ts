import { expectAccessible } from './axe';
import { choose, logout } from './contracts-helpers';
import { expect, test } from './fixtures';
import { apiToken, DEMO, loginAs, signIn, uniqueEmail } from './helpers';

const ADMIN_PASSWORD = 'admin-pass-123';

/** A fresh admin of the demo organization (their settings change; the demo admin's stay as they are). */
async function freshAdmin(request: Parameters<typeof apiToken>[0]) {
  const email = uniqueEmail('clock');
  const res = await request.post('/api/v1/admin-access/user', {
    headers: { Authorization: `Bearer ${await apiToken(request, DEMO.admin.email)}` },
    data: { email, first_name: 'Clara', last_name: 'Clock', role: 'admin', password: ADMIN_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

test('switching to the 24-hour clock changes the week grid', async ({ page, request }) => {
  const email = await freshAdmin(request);
  const token = await apiToken(request, email, ADMIN_PASSWORD);
  const list = await request.get('/api/v1/admin-access/contracts?per_page=50', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const contracts = ((await list.json()) as { data: Array<{ id: number; schedules_count: number }> }).data;
  const contract = contracts.find((c) => c.schedules_count > 0);
  if (!contract) throw new Error('the demo has no contract with a schedule');
  const editor = `/admin-dashboard/virtual-assistants/create-schedules?contract=${contract.id}`;

  await page.goto('/auth/login');
  await signIn(page, email, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.goto(editor);
  const grid = page.getByRole('group', { name: /schedule/i }).first();
  // English reads a 12-hour clock by default.
  await expect(grid.getByText('9:00 AM', { exact: true }).first()).toBeAttached();
  await expect(grid.getByRole('button', { name: /\d:\d\d [AP]M – / }).first()).toBeVisible();

  await page.goto('/admin-dashboard/profile');
  await choose(page, page, 'Clock', '24-hour (09:00)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();

  await page.goto(editor);
  await expect(grid.getByText('09:00', { exact: true }).first()).toBeAttached();
  await expect(grid.getByText('9:00 AM', { exact: true })).toHaveCount(0);
  await expect(grid.getByRole('button', { name: /\d\d:\d\d – \d\d:\d\d/ }).first()).toBeVisible();
  await expect(grid.getByRole('button', { name: / [AP]M/ })).toHaveCount(0);
  await page.reload();
  await expect(grid.getByText('13:00', { exact: true }).first()).toBeAttached();
});

test('an unknown page inside a dashboard keeps the frame and leads back; outside, the public 404', async ({
  page,
}) => {
  await page.goto('/admin-dashboard/nothing');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fadmin-dashboard%2Fnothing/);
  await signIn(page, DEMO.admin.email);
  await expect(page).toHaveURL(/\/admin-dashboard\/nothing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  await page.goto('/admin-dashboard/users/12345/not-built');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
});

test('an admin invites a VA, copies the link, and the VA chooses a password and lands signed in', async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const stamp = Date.now().toString(36);
  const email = `ivy.${stamp}@va.example.com`;
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  await page.goto('/admin-dashboard/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const drawer = page.getByRole('dialog', { name: 'New user' });
  await drawer.getByLabel('First name').fill('Ivy');
  await drawer.getByLabel('Last name').fill(`Invited ${stamp}`);
  await drawer.getByLabel('Email address').fill(email);
  await expect(drawer.getByRole('radio', { name: /Send an invitation/ })).toBeChecked();
  await expect(drawer.getByRole('textbox', { name: 'Password' })).toHaveCount(0);
  await drawer.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'VA', exact: true }).click();
  await drawer.getByRole('button', { name: 'Create user' }).click();

  // No mail server in this run: the link is for the admin to hand over.
  const dialog = page.getByRole('dialog', { name: `Invitation for Ivy Invited ${stamp}` });
  await expect(dialog.getByText(/No mail server is set up/)).toBeVisible();
  const link = await dialog.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  expect(link).toMatch(/\/invite\?token=/);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Not signed up yet: the security tab offers a new link.
  await page.getByRole('searchbox', { name: 'Search' }).fill(`Invited ${stamp}`);
  await page.getByRole('link', { name: `Ivy Invited ${stamp}` }).click();
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Send a new invitation link' }).click();
  await expect(page.getByRole('textbox', { name: 'Invitation link' })).toHaveValue(/\/invite\?token=/);

  // The invitee, in their own browser.
  const invitee = await browser.newContext();
  const ivy = await invitee.newPage();
  await ivy.goto(link);
  await expect(ivy.getByRole('heading', { level: 1, name: 'Welcome, Ivy' })).toBeVisible();
  await expect(ivy.getByText(email)).toBeVisible();
  await ivy.getByLabel(/^Password/).fill('ivy-own-pass-1');
  await ivy.getByLabel(/^Repeat the password/).fill('ivy-own-pass-1');
  await ivy.getByRole('button', { name: 'Set my password and sign in' }).click();
  await expect(ivy).toHaveURL(/\/va-dashboard$/);
  await expect(ivy.getByRole('button', { name: 'User menu' })).toBeVisible();
  await logout(ivy);

  // Single use.
  await ivy.goto(link);
  await expect(
    ivy.getByRole('heading', { level: 1, name: 'This invitation link cannot be used' }),
  ).toBeVisible();
  await expect(ivy.getByRole('alert')).toContainText('already used');
  await ivy.goto('/auth/login');
  await signIn(ivy, email, 'ivy-own-pass-1');
  await expect(ivy).toHaveURL(/\/va-dashboard$/);
  await invitee.close();
});

test('axe: the invitation page (a dead link) and a dashboard not-found page', async ({ page }) => {
  await expectAccessible(page, '/invite?token=not-a-token');
  await expect(page.getByRole('alert')).toContainText('This invitation link is not valid.');
  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await expectAccessible(page, '/va-dashboard/not-built-yet');
});
