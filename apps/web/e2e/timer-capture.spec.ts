import { axeFindings } from './axe';
import { expect, type Page, test } from './fixtures';
import { DEMO, loginAs } from './helpers';
import { type Json, json, shiftOpenNow } from './timer-helpers';

// Screenshots from the web timer: the VA shares a (fake) screen, an admin clicks "Take screenshot" on the
// online list and sees the image, which is stored as an on-demand web capture and shown in the VA's timer;
// once the VA stops sharing from the browser, the server knows at once that nobody can capture.

/** `TIMER_SHOTS=<dir>` keeps screenshots of the timer panel (light, dark, phone). */
const shot = async (page: Page, name: string) => {
  if (!process.env.TIMER_SHOTS) return;
  const dir = process.env.TIMER_SHOTS;
  const panel = page.getByTestId('timer-panel');
  await page.emulateMedia({ colorScheme: 'light' });
  await panel.screenshot({ path: `${dir}/${name}-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await panel.screenshot({ path: `${dir}/${name}-dark.png` });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-phone-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `${dir}/${name}-phone-light.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
};

/** No serious or critical axe finding in the timer panel, in light and in dark. */
async function expectPanelAccessible(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeFindings(page, { include: '[data-testid="timer-panel"]' }), colorScheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

/**
 * Replaces the browser's screen picker: each share is a 1280x720 canvas that draws a recognisable "screen"
 * (and keeps drawing, so frames flow). `window.__fakeScreen.end()` is the browser's own "Stop sharing".
 */
function fakeScreen() {
  const w = window as unknown as { __fakeScreen?: { end(): void } };
  if (!navigator.mediaDevices) Object.defineProperty(navigator, 'mediaDevices', { value: {} });
  navigator.mediaDevices.getDisplayMedia = async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    const draw = () => {
      g.fillStyle = '#1e3a8a';
      g.fillRect(0, 0, 1280, 720);
      g.fillStyle = '#facc15';
      g.fillRect(80, 80, 360, 220);
      g.fillStyle = '#ffffff';
      g.font = 'bold 72px sans-serif';
      g.fillText('FAKE SCREEN', 480, 380);
      // In the page, on its (e2e) clock: the test's helpers do not exist here.
      g.fillText(new Date().toISOString().slice(11, 19), 480, 480);
    };
    draw();
    const timer = setInterval(draw, 250);
    const stream = canvas.captureStream(4);
    const [track] = stream.getVideoTracks();
    w.__fakeScreen = {
      end() {
        clearInterval(timer);
        track.stop();
        track.dispatchEvent(new Event('ended'));
      },
    };
    return stream;
  };
}

test('an admin takes a screenshot of a VA sharing a screen in the web timer; stopping the share ends capture', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { admin, vaToken } = await shiftOpenNow(request, {
    title: 'Capture test shift',
    settings: { screenshot_privacy: 'full', screenshots_on_demand: true, screenshots_per_hour: 1 },
  });
  const va = await json(request, 'GET', '/api/v1/me', vaToken);
  const adminMe = await json(request, 'GET', '/api/v1/me', admin);

  const context = await browser.newContext();
  await context.addInitScript(fakeScreen);
  const page = await context.newPage();
  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await page.getByTestId('timer-clock-in').click();
  await expect(page.getByTestId('timer-status')).toHaveText('On shift');

  const control = page.getByTestId('capture-control');
  await expect(control).toContainText('You see every capture on your Screenshots page.');
  await expect(page.getByTestId('capture-state')).toHaveText('No screen shared — screenshots off');
  await shot(page, 'capture-off');
  await page.getByRole('button', { name: 'Share your screen for screenshots' }).click();
  await expect(page.getByTestId('capture-state')).toHaveText('Screen shared — screenshots on');
  await expect(page.getByTestId('capture-last')).toHaveText('No screenshot taken yet');

  // The admin asks from the online list, and sees the image arrive.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await loginAs(adminPage, DEMO.admin.email, DEMO.admin.dashboard);
  await adminPage.goto('/admin-dashboard/virtual-assistants/online');
  const vaName = `${va.first_name} ${va.last_name}`;
  await adminPage.getByRole('button', { name: `Take screenshot of ${vaName} now` }).click();
  const arrived = adminPage.getByRole('dialog', { name: `${vaName}'s screen, just now` });
  const img = arrived.getByRole('img', { name: `Screenshot of ${vaName}` });
  await expect(img).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1280);
  await adminContext.close();

  // The VA sees the capture in the timer, as it happens.
  await expect(page.getByTestId('capture-log')).toContainText('Screenshot taken at a supervisor’s request', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('capture-last')).toContainText('Last screenshot at');
  await expect(page.getByTestId('capture-pending')).toHaveCount(0, { timeout: 15_000 });
  await shot(page, 'capture-on');
  await expectPanelAccessible(page);

  // Stored: an on-demand capture from the web timer, of the fake screen's size, whose image loads.
  const list = await json(
    request,
    'GET',
    `/api/v1/admin-access/screenshots?va_id=${va.id}&source=on_demand`,
    admin,
  );
  const stored = (list.data as Json[])[0];
  expect(stored).toMatchObject({
    source: 'on_demand',
    tracker: 'web',
    requested_by: adminMe.id,
    width: 1280,
    height: 720,
    status: 'stored',
  });
  const image = await request.get(String(stored.image_url));
  expect(image.ok()).toBeTruthy();
  expect(image.headers()['content-type']).toMatch(/^image\/(webp|jpeg)/);
  const own = await json(request, 'GET', '/api/v1/va-access/screenshots', vaToken);
  expect((own.data as Json[]).map((s) => s.id)).toContain(stored.id);

  // The VA stops sharing from the browser's bar: capture ends at once, and the server knows it.
  await page.evaluate(() => (window as unknown as { __fakeScreen: { end(): void } }).__fakeScreen.end());
  await expect(page.getByTestId('capture-state')).toHaveText('No screen shared — screenshots off');
  const take = async () =>
    (
      await request.post('/api/v1/admin-access/screenshots/take', {
        headers: { Authorization: `Bearer ${admin}` },
        data: { user_id: va.id },
      })
    ).status();
  await expect.poll(take, { timeout: 10_000 }).toBe(422);

  await page.getByTestId('timer-clock-out').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clock out' }).click();
  await expect(page.getByTestId('timer-status')).toHaveText('Clocked out');
  await context.close();
});
