import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

test('the login page loads at most 200 kB of gzipped JavaScript', async ({ page }) => {
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || !response.ok()) return;
    sizes.set(
      url,
      response.body().then(
        (body) => gzipSync(body).length,
        () => 0, // a body can vanish on navigation
      ),
    );
  });
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  // The demo accounts come last (after the realm answers): once they show, the page has all it loads.
  await expect(page.getByRole('heading', { name: 'Demo accounts' })).toBeVisible();
  const total = (await Promise.all(sizes.values())).reduce((a, b) => a + b, 0);
  console.log(`login page: ${sizes.size} scripts, ${(total / 1024).toFixed(1)} kB gzipped`);
  expect(total).toBeLessThanOrEqual(200 * 1024);
});

test('dark mode persists across reloads', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByText('Dark', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('color-schema'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByText('Light', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('the language selector switches and remembers the language', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Select Language').selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen zurück' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('de');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen zurück' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByLabel('Select Language').selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Bon retour' })).toBeVisible();
  await page.getByLabel('Select Language').selectOption('en');
});

test('the reload prompt shows both states', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pwa-test', '1'));
  await page.goto('/');
  await page.waitForFunction(() => Boolean(window.__pwaTest));
  await page.evaluate(() => window.__pwaTest?.offlineReady());
  const prompt = page.getByRole('alert').filter({ hasText: 'ready to work offline' });
  await expect(prompt).toContainText('VA Hub is ready to work offline');
  await prompt.getByRole('button', { name: 'Close' }).click();
  await expect(prompt).toBeHidden();

  await page.evaluate(() => window.__pwaTest?.needRefresh());
  const update = page.getByRole('alert').filter({ hasText: 'A new version' });
  await expect(update).toContainText('click on reload button to update.');
  await expect(update.getByRole('button', { name: 'Reload' })).toBeVisible();
  await update.getByRole('button', { name: 'Close' }).click();
  await expect(update).toBeHidden();

  await page.getByLabel('Select Language').selectOption('es');
  await page.evaluate(() => window.__pwaTest?.offlineReady());
  await expect(page.getByRole('alert').filter({ hasText: 'sin conexión' })).toBeVisible();
  await page.getByLabel('Select Language').selectOption('en');
});

test('the service worker and manifest are served', async ({ request }) => {
  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBeTruthy();
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBeTruthy();
  expect(((await manifest.json()) as { name: string }).name).toBe('VA Hub');
});

test('unknown addresses show the not-found page; /login leads to /auth/login', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('home page explains the product and links to sign in and sign up', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign up' }).first().click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
});

test('phone widths collapse the sidebar behind a burger', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill('va@example.com');
  await page.getByPlaceholder('Your password').fill('demo12345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/va-dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Profile' })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(nav.getByRole('link', { name: 'Profile' })).toBeInViewport();
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/va-dashboard\/profile$/);
});
