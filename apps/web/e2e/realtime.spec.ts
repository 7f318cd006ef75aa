import { axeFindings } from './axe';
import { expect, type Page, type WebSocket as PageSocket, test } from './fixtures';
import { DEMO, loginAs } from './helpers';

test('the dashboard opens the live connection, shows it, and closes it on sign-out', async ({ page }) => {
  const sockets: PageSocket[] = [];
  const received: string[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/api/v1/ws')) return;
    sockets.push(ws);
    ws.on('framereceived', (frame) => received.push(String(frame.payload)));
  });
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  // The page's CSP (connect-src 'self') lets the same-origin socket through: it authenticates and goes live.
  const status = page.getByRole('status', { name: 'Live updates: Live' });
  await expect(status).toBeVisible();
  expect(sockets).toHaveLength(1);
  expect(received.map((p) => JSON.parse(p).type)).toContain('ready');
  await status.hover();
  await expect(page.getByRole('tooltip')).toContainText('Changes made elsewhere show up here');

  const closed = sockets[0].isClosed() ? Promise.resolve() : sockets[0].waitForEvent('close');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await closed;
  expect(sockets).toHaveLength(1);
});

async function expectReadableBanner(page: Page) {
  expect(await axeFindings(page, { include: 'header', everyImpact: true })).toEqual([]);
}

test('shows Reconnecting… while the server refuses, then Live again', async ({ page }) => {
  let refuse = true;
  // Stands in for a restarting server: each socket is closed with 1012 until it is let through.
  await page.routeWebSocket('**/api/v1/ws', (ws) => {
    if (refuse) ws.close({ code: 1012, reason: 'restarting' });
    else ws.connectToServer();
  });
  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await expect(page.getByRole('status', { name: 'Live updates: Reconnecting…' })).toBeVisible();
  await expectReadableBanner(page);
  await page.getByRole('banner').getByText('Dark', { exact: true }).click();
  await expectReadableBanner(page);
  refuse = false;
  // Backoff is at most 30 s; the page retries at once when it becomes visible or comes back online.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  await expectReadableBanner(page);
});
