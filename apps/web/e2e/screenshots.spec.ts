import { expectAccessible } from './axe';
import { e2eDate, e2eNow } from './clock';
import { logout } from './contracts-helpers';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from './fixtures';
import { DEMO, loginAs } from './helpers';
import { auth, json, shiftOpenNow } from './timer-helpers';

// Screenshots end to end. The demo VA gets a shift open now (their other contracts paused, as the timer test
// does) and clocks in; a fake desktop tracker in a second tab of the VA (a socket and uploads, as a tracker
// speaks them) answers on-demand requests with a canvas-drawn screen. The admin asks from the online list,
// the client from the live wall; the VA sees and deletes the capture; the shift ends at the test's end.

/** A shift of the demo VA open now (full screenshots, on demand allowed); the VA clocks in. */
async function onShiftNow(request: APIRequestContext) {
  const { vaToken } = await shiftOpenNow(request, {
    title: 'Screenshots test shift',
    settings: { screenshot_privacy: 'full', screenshots_on_demand: true },
  });
  const va = await json(request, 'GET', '/api/v1/me', vaToken);
  const attendance = await json(request, 'POST', '/api/v1/va-access/attendance/clock-in', vaToken, {});
  return { vaToken, vaName: `${va.first_name} ${va.last_name}`, attendanceId: Number(attendance.id) };
}

/**
 * A desktop tracker in a page of the app's origin: it authenticates its socket as able to capture and answers
 * each `screenshot.request` with an upload of a drawn 1280×800 screen; `uploads(page)` counts them.
 */
async function fakeTracker(context: BrowserContext, token: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/api/health');
  await page.evaluate(async (accessToken) => {
    const screenPng = () => {
      const canvas = document.createElement('canvas');
      canvas.width = 1280;
      canvas.height = 800;
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      g.fillStyle = '#1e3a5f';
      g.fillRect(0, 0, 1280, 800);
      g.fillStyle = '#f4f6fb';
      g.fillRect(120, 90, 820, 520);
      g.fillStyle = '#3b6fd8';
      g.fillRect(120, 90, 820, 40);
      g.fillStyle = '#222';
      g.font = '28px sans-serif';
      // In the page: its clock is the e2e clock (fixtures.ts installs it); the test's helpers do not exist here.
      g.fillText(`Inbox – ${new Date().toISOString()}`, 150, 190);
      for (let i = 0; i < 8; i++) g.fillRect(150, 230 + i * 40, 500 + ((i * 97) % 250), 14);
      g.fillStyle = '#0d1b2a';
      g.fillRect(0, 760, 1280, 40);
      return new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
    };
    const state = { uploads: 0 };
    (window as unknown as { tracker: typeof state }).tracker = state;
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/v1/ws`);
    await new Promise<void>((resolve, reject) => {
      ws.onerror = () => reject(new Error('socket failed'));
      ws.onopen = () =>
        ws.send(
          JSON.stringify({ type: 'auth', token: accessToken, client: { kind: 'desktop', capture: true } }),
        );
      ws.onmessage = async (event) => {
        const { type, data } = JSON.parse(String(event.data));
        if (type === 'ready') resolve();
        if (type !== 'screenshot.request') return;
        const form = new FormData();
        form.set('file', await screenPng(), 'screen.png');
        form.set('id', crypto.randomUUID());
        form.set('attendance_id', String(data.attendance_id));
        form.set('taken_at', new Date().toISOString());
        form.set('request_id', data.request_id);
        form.set('screen', '0');
        form.set('source', 'desktop');
        const res = await fetch('/api/v1/va-access/screenshots', {
          method: 'POST',
          headers: { Authorization: `Bearer ${accessToken}` },
          body: form,
        });
        if (res.ok) state.uploads++;
      };
    });
  }, token);
  return page;
}

const uploads = (tracker: Page) =>
  tracker.evaluate(() => (window as unknown as { tracker: { uploads: number } }).tracker.uploads);

/** The image in the "just taken" dialog has loaded (a real picture, not a broken link). */
async function expectArrived(page: Page, vaName: string) {
  const dialog = page.getByRole('dialog', { name: `${vaName}'s screen, just now` });
  const img = dialog.getByRole('img', { name: `Screenshot of ${vaName}` });
  await expect(img).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  return dialog;
}

test('on demand: the admin and the client ask, the image appears; the VA sees it and deletes it', async ({
  page,
  context,
  request,
}) => {
  const { vaToken, vaName, attendanceId } = await onShiftNow(request);
  const tracker = await fakeTracker(context, vaToken);
  try {
    await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
    await page.goto('/admin-dashboard/virtual-assistants/online');
    await page.getByRole('button', { name: `Take screenshot of ${vaName} now` }).click();
    const dialog = await expectArrived(page, vaName);
    await expect(dialog.getByText('On demand')).toBeVisible();
    await dialog.getByRole('link', { name: 'Open in the viewer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Screenshot of ${vaName}` })).toBeVisible();
    await expect(page.getByTestId('viewer-details')).toContainText('Screenshots test shift');
    expect(await uploads(tracker)).toBe(1);
    await logout(page);

    // The client's live wall: the VA on shift with that capture, and their own "Take screenshot".
    await loginAs(page, DEMO.client.email, DEMO.client.dashboard);
    await page.goto('/client-dashboard/screenshots/online');
    const card = page.getByTestId('live-card').filter({ hasText: vaName });
    await expect(card.getByRole('link', { name: /^Open: Screenshot of/ })).toBeVisible();
    await card.getByRole('button', { name: `Take screenshot of ${vaName} now` }).click();
    await (await expectArrived(page, vaName)).getByRole('button').first().click();
    await expect.poll(() => uploads(tracker)).toBe(2);
    await logout(page);

    // The VA sees both captures on their page and deletes one within the grace period.
    await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
    await page.goto('/va-dashboard/screenshots');
    await expect(page.getByTestId('own-note')).toContainText('Every screenshot taken of you appears here');
    // The two just taken (the demo's own captures of the day are older than the grace period).
    const ours = page
      .getByTestId('capture')
      .filter({ hasText: 'On demand' })
      .filter({ has: page.getByRole('button', { name: /, \d+:\d\d left$/ }) });
    await expect(ours).toHaveCount(2);
    await ours
      .first()
      .getByRole('button', { name: /^Delete your screenshot at / })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(ours).toHaveCount(1);
  } finally {
    await tracker.close();
    await request.fetch('/api/v1/va-access/attendance/clock-out', {
      method: 'POST',
      headers: auth(vaToken),
      data: { attendance_id: attendanceId },
    });
  }
});

test('the gallery by hour and the viewer by keyboard; screenshot pages pass axe in light and dark', async ({
  page,
}) => {
  // Three sign-ins and six axe runs over pages of hundreds of images: more than one test's usual minute.
  test.slow();
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  // The demo holds captures of the last two days.
  const today = e2eDate().toISOString().slice(0, 10);
  const from = new Date(e2eNow() - 3 * 86_400_000).toISOString().slice(0, 10);
  const gallery = `/admin-dashboard/screenshots?from=${from}&to=${today}`;
  await expectAccessible(page, gallery);
  await expect(page.getByTestId('hour').first()).toBeVisible();
  await expect(page.getByTestId('hour-row').first().getByTestId('block')).toHaveCount(6);

  await page
    .getByRole('link', { name: /^Open: Screenshot of/ })
    .nth(1)
    .click();
  const stage = page.getByTestId('viewer-stage');
  await expect(stage).toBeFocused();
  // The capture (its instant): the screens of one capture share it, and "back" may land on another screen
  // of the same capture than the one opened.
  const first = await stage.getAttribute('data-capture');
  // Away to a neighbour and back, whichever side has one.
  const [away, back] = (await page.getByRole('button', { name: 'Next' }).isEnabled())
    ? ['ArrowRight', 'ArrowLeft']
    : ['ArrowLeft', 'ArrowRight'];
  await page.keyboard.press(away);
  await expect(stage).not.toHaveAttribute('data-capture', String(first));
  await expect(stage).toBeFocused();
  await page.keyboard.press(back);
  await expect(stage).toHaveAttribute('data-capture', String(first));
  await page.keyboard.press('+');
  await expect(page.getByTestId('zoom-level')).toHaveText('150%');
  await expectAccessible(page, page.url().replace(/^https?:\/\/[^/]+/, ''));
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/admin-dashboard/screenshots\\?from=${from}&to=${today}$`));

  // Dark from here on (the choice stays in the browser): settings, the live wall, the VA's page.
  await page.getByRole('banner').getByText('Dark', { exact: true }).click();
  await expectAccessible(page, '/admin-dashboard/settings');
  await logout(page);
  await loginAs(page, DEMO.client.email, DEMO.client.dashboard);
  await expectAccessible(page, '/client-dashboard/screenshots/online');
  await logout(page);
  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await expectAccessible(page, '/va-dashboard/screenshots');
});
