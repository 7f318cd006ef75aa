import { expect, test } from './fixtures';

// The browser tests' server runs the demo (playwright.config.ts sets SEED_DEMO=true).

test('the demo says it is a demo, offers its accounts and their password, and the API sends no password', async ({
  page,
}) => {
  const realm = page.waitForResponse((r) => r.url().endsWith('/api/v1/realm'));
  await page.goto('/auth/login');
  const body = await (await realm).text();
  expect(body).not.toMatch(/password|demo12345/i);
  await expect(page.getByRole('alert').filter({ hasText: 'This is a demo' })).toContainText('demo12345');
  const demo = page.getByRole('region', { name: 'Demo accounts' });
  await demo.getByRole('button', { name: /va@example\.com/ }).click();
  await expect(page.getByLabel('Email address')).toHaveValue('va@example.com');
  await expect(page.getByPlaceholder('Your password')).toHaveValue('demo12345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/va-dashboard$/);
});

test('a setup link that is forged or already used explains itself and points to create-admin', async ({
  page,
}) => {
  await page.goto('/setup?token=not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your installation' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('not valid or has expired');
  await expect(page.getByText('npm run create-admin', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
