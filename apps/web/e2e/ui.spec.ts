import { expect, test } from './fixtures';

test('the login page sends at most 170 kB of JavaScript over the wire', async ({ page }) => {
  // What the network carried: each script's encoded body (Brotli or gzip as the server chose) and headers.
  const sizes = new Map<string, Promise<{ body: number; headers: number }>>();
  const encodings = new Set<string>();
  page.on('requestfinished', (request) => {
    const url = request.url();
    if (!new URL(url).pathname.endsWith('.js')) return;
    sizes.set(
      url,
      request.sizes().then(
        (s) => ({ body: s.responseBodySize, headers: s.responseHeadersSize }),
        () => ({ body: 0, headers: 0 }), // a request can vanish on navigation
      ),
    );
    void request.response().then((r) => encodings.add(r?.headers()['content-encoding'] ?? 'none'));
  });
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  // The demo accounts come last (after the realm answers): once they show, the page has all it loads.
  await expect(page.getByRole('heading', { name: 'Demo accounts' })).toBeVisible();
  const all = await Promise.all(sizes.values());
  const body = all.reduce((a, s) => a + s.body, 0);
  const headers = all.reduce((a, s) => a + s.headers, 0);
  const total = body + headers;
  const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(
    `login page: ${sizes.size} scripts, ${kB(total)} transferred (bodies ${kB(body)}, headers ${kB(headers)}; ${[...encodings].join(', ')})`,
  );
  expect(sizes.size).toBeGreaterThan(0);
  // Scripts under 1 kB are not worth compressing (vite.config.ts); the rest arrive as Brotli.
  expect(encodings.has('br')).toBe(true);
  expect(encodings.has('gzip')).toBe(false);
  // About 151 kB in 7 scripts (docs/decisions.md, "Performance"); the ceiling was 200 kB, its goal 150 kB.
  expect(total).toBeLessThanOrEqual(170 * 1024);
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
