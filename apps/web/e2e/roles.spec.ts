import { expect, test } from './fixtures';
import { DEMO, loginAs } from './helpers';

// Daniel Brooks is seeded as both manager and VA.
const BOTH = 'daniel.brooks@example.com';

test('a manager who is also a VA chooses the VA role; the app reloads as a VA and remembers it', async ({
  page,
}) => {
  await loginAs(page, BOTH, '/manager-dashboard');
  await expect(page.getByTestId('dashboard-role')).toHaveText('Manager');

  await page.getByTestId('user-menu').click();
  await expect(page.getByText('Act as')).toBeVisible();
  await page.getByRole('menuitem', { name: 'VA' }).click();
  // The spec: saving a chosen role reloads the app at the site root.
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await page.getByRole('link', { name: 'Go to my dashboard' }).click();
  await expect(page).toHaveURL(/\/va-dashboard$/);
  await expect(page.getByTestId('dashboard-role')).toHaveText('VA');

  // The choice outlives a reload, and any dashboard link leads to the chosen one.
  await page.goto('/manager-dashboard');
  await expect(page).toHaveURL(/\/va-dashboard$/);
  await page.reload();
  await expect(page.getByTestId('dashboard-role')).toHaveText('VA');

  // And back.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Manager' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await page.goto('/va-dashboard');
  await expect(page).toHaveURL(/\/manager-dashboard$/);
});

test('a single-role user is offered no role choice', async ({ page }) => {
  await loginAs(page, 'va@example.com', '/va-dashboard');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(page.getByText('Act as')).toHaveCount(0);
});

test('a super admin wears the role they act as, and an admin theirs', async ({ page }) => {
  await loginAs(page, DEMO.super_admin.email, DEMO.super_admin.dashboard);
  await expect(page.getByTestId('dashboard-role')).toHaveText('Super Admin');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  await expect(page.getByTestId('dashboard-role')).toHaveText('Admin');
});
