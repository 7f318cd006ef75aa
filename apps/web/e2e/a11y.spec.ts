import { expectAccessible } from './axe';
import { test } from './fixtures';
import { DEMO, loginAs } from './helpers';

const PUBLIC_PAGES = [
  '/',
  '/auth/login',
  '/auth/signup',
  '/auth/verify',
  '/email-verify',
  '/email/verify/success',
  '/email/verify/fail',
  '/checkout/success',
  '/checkout/cancel',
  '/403',
  '/no-such-page',
  '/setup?token=not-a-real-token',
];

for (const path of PUBLIC_PAGES) {
  test(`axe: ${path}`, async ({ page }) => {
    await expectAccessible(page, path);
  });
}

test('axe: public pages in dark mode', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('color-schema', 'dark'));
  for (const path of ['/', '/auth/login', '/auth/signup']) await expectAccessible(page, path);
});

test('axe: VA dashboard, profile and security', async ({ page }) => {
  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  for (const path of ['/va-dashboard', '/va-dashboard/profile', '/va-dashboard/profile/security']) {
    await expectAccessible(page, path);
  }
});

test('axe: client and manager profiles', async ({ page }) => {
  await loginAs(page, DEMO.client.email, DEMO.client.dashboard);
  await expectAccessible(page, '/client-dashboard/profile');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await loginAs(page, DEMO.manager.email, DEMO.manager.dashboard);
  await expectAccessible(page, '/manager-dashboard/profile');
});

test('axe: admin dashboard, mail outbox, billing and plans', async ({ page }) => {
  await loginAs(page, DEMO.super_admin.email, DEMO.super_admin.dashboard);
  for (const path of [
    '/admin-dashboard',
    '/admin-dashboard/profile',
    '/admin-dashboard/outbox',
    '/admin-dashboard/billing',
    '/admin-dashboard/plans',
  ]) {
    await expectAccessible(page, path);
  }
});
