import { expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { DEMO, loginAs } from './helpers';
import { choose, unique } from './people-helpers';

test('an admin creates a client and a VA, assigns a manager and puts the client on hold', async ({
  page,
}) => {
  const company = unique('Acme Test');
  const stamp = Date.now().toString(36);
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);

  // A client, from the "Add client" page; it opens the new client's page.
  await page.goto('/admin-dashboard/clients/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add client' })).toBeVisible();
  await page.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await page.getByLabel('Company').fill(company);
  await page.getByLabel('Contact person').fill('Casey Client');
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Client');
  await page.getByLabel('Email address').fill(`casey.${stamp}@client.example.com`);
  await page.getByRole('textbox', { name: 'Password' }).fill('client-pass-1');
  await page.getByRole('button', { name: 'Create client' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\/users\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');

  // A VA, from the users table's drawer.
  await page.goto('/admin-dashboard/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const drawer = page.getByRole('dialog', { name: 'New user' });
  await drawer.getByLabel('First name').fill('Vera');
  await drawer.getByLabel('Last name').fill(`Assistant ${stamp}`);
  await drawer.getByLabel('Email address').fill(`vera.${stamp}@va.example.com`);
  await drawer.getByRole('radio', { name: 'Set a password' }).check();
  await drawer.getByRole('textbox', { name: 'Password' }).fill('va-pass-123');
  await drawer.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'VA', exact: true }).click();
  await drawer.getByLabel('Client', { exact: true }).check();
  await drawer.getByRole('button', { name: 'Create user' }).click();
  await expect(drawer.getByText('The Client flag requires the selected role to be Client.')).toBeVisible();
  await drawer.getByLabel('Client', { exact: true }).uncheck();
  await drawer.getByRole('button', { name: 'Create user' }).click();
  await expect(drawer).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`Assistant ${stamp}`);
  await expect(page).toHaveURL(/search=Assistant/);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByRole('link', { name: `Vera Assistant ${stamp}` })).toBeVisible();

  // Assign a manager to the new client.
  await page.goto(`/admin-dashboard/clients?search=${encodeURIComponent(company)}`);
  const row = page.getByTestId('client-row').filter({ hasText: company });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Actions for ${company}` }).click();
  await page.getByRole('menuitem', { name: 'Assign managers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign managers' });
  await choose(page, 'Managers', 'Maria Santos', dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Maria Santos');

  // Put it on hold (confirmed), then find it under clients/onhold.
  await row.getByRole('button', { name: `Actions for ${company}` }).click();
  await page.getByRole('menuitem', { name: 'Put on hold' }).click();
  await page.getByRole('button', { name: 'Set On hold' }).click();
  await expect(row.getByTestId('status-badge')).toHaveText('On hold');
  await page.getByRole('tab', { name: /On hold/ }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\/clients\/onhold\?search=/);
  await expect(page.getByTestId('client-row').filter({ hasText: company })).toHaveCount(1);

  await page.goto('/admin-dashboard/clients/onhold');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients on hold' })).toBeVisible();
  await expect(page.getByTestId('client-row').filter({ hasText: company })).toHaveCount(1);
  await page.goto('/admin-dashboard/clients/active');
  await expect(page.getByTestId('client-row').first()).toBeVisible();
  await expect(page.getByTestId('client-row').filter({ hasText: company })).toHaveCount(0);
});

test('a manager sees only their own clients', async ({ page }) => {
  await loginAs(page, DEMO.manager.email, DEMO.manager.dashboard);
  await page.goto('/manager-dashboard/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  const rows = page.getByTestId('client-row');
  await expect(rows.filter({ hasText: 'client@example.com' })).toHaveCount(1);
  // Atlas Fitness is managed by another manager.
  await expect(rows.filter({ hasText: 'Atlas Fitness' })).toHaveCount(0);
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText('Maria Santos');

  // No admin actions for a manager; the client's page is read-only.
  await rows
    .filter({ hasText: 'client@example.com' })
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Assign managers' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/manager-dashboard\/users\/\d+$/);
  await expect(page.getByText('client@example.com')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // Someone else's client is not shown.
  await page.goto('/manager-dashboard/clients?search=Atlas');
  await expect(page.getByTestId('empty-state')).toBeVisible();

  await page.goto('/manager-dashboard/virtual-assistants');
  await expect(page.getByRole('heading', { level: 1, name: 'Virtual assistants' })).toBeVisible();
});

test('axe: people pages of the admin and super admin', async ({ page }) => {
  // Ten pages and eleven axe runs; the settings page grew three integration sections (issue 29).
  test.slow();
  await loginAs(page, DEMO.super_admin.email, DEMO.super_admin.dashboard);
  for (const path of [
    '/admin-dashboard/users',
    '/admin-dashboard/clients',
    '/admin-dashboard/clients/onhold',
    '/admin-dashboard/teams',
    '/admin-dashboard/settings',
    '/admin-dashboard/virtual-assistants',
    '/admin-dashboard/organizations',
    '/admin-dashboard/organizations/1/users',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByTestId('skeleton-row')).toHaveCount(0);
    await expectNoSeriousViolations(page, path);
  }
  await page.goto('/admin-dashboard/users');
  await page.getByTestId('user-row').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
  await expectNoSeriousViolations(page, 'users/:id');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/users\/\d+\/security$/);
  await expect(page.getByRole('button', { name: 'Revoke all sessions' })).toBeVisible();
  await expectNoSeriousViolations(page, 'users/:id/security');
});

test('axe: people pages in dark mode and of the manager', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('color-schema', 'dark'));
  await loginAs(page, DEMO.manager.email, DEMO.manager.dashboard);
  for (const path of ['/manager-dashboard/clients', '/manager-dashboard/virtual-assistants']) {
    await page.goto(path);
    await expect(page.getByTestId('skeleton-row')).toHaveCount(0);
    await expectNoSeriousViolations(page, path);
  }
});
