import { expect, test } from './fixtures';
import { apiToken, DEMO, loginAs } from './helpers';
import { json, shiftOpenNow } from './timer-helpers';

// Issue 23 (items 7, 13, 14): the VA's card for a shift in progress, before and after a clock-out mid-shift.
// The demo VA lives in Manila; `shiftOpenNow` gives them a UTC contract whose block began 30 minutes ago.

const HOME = `${DEMO.va.dashboard}?timerInterval=5`;

test('a shift in progress is the current one; after a clock-out mid-shift the VA clocks in again to it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await shiftOpenNow(request, { title: 'Clock in again shift' });
  const vaToken = await apiToken(request, DEMO.va.email);
  // The test owns its world: another spec may have moved the demo VA's zone.
  await json(request, 'PATCH', '/api/v1/me', vaToken, { timezone: 'Asia/Manila' });

  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await page.goto(HOME);
  await expect(page.getByTestId('timer-contract')).toContainText('Clock in again shift');
  // Not yet clocked in, but the block has begun: the current shift, not the next one.
  await expect(page.getByTestId('timer-shift-label')).toHaveText('Current shift');
  // The times shown are Manila's (the VA's zone): the flag beside them is the Philippines', not the contract's.
  const scheduled = await page.getByTestId('timer-scheduled').textContent();
  const panel = page.getByTestId('timer-panel');
  await expect(panel.getByRole('img', { name: 'Philippines' })).toBeVisible();
  await expect(panel.getByRole('img', { name: 'United States' })).toHaveCount(0);

  await page.getByTestId('timer-clock-in').click();
  await expect(page.getByTestId('timer-status')).toHaveText('On shift');
  const elapsed = page.getByTestId('timer-elapsed');
  await expect(elapsed).not.toHaveText(/^0:00:0[0-3]$/, { timeout: 10_000 });
  const first = await json(request, 'GET', '/api/v1/va-access/attendance/current/user', vaToken);
  const attendanceId = (first.attendance as { id: number }).id;

  await page.getByTestId('timer-clock-out').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clock out' }).click();
  await expect(page.getByTestId('timer-status')).toHaveText('Clocked out');
  const workedBefore = Number(
    (
      (await json(request, 'GET', '/api/v1/va-access/attendance/current/user', vaToken)).attendance as {
        worked_seconds: number;
      }
    ).worked_seconds,
  );

  // The card stays on this shift (not the next day's) and "Clock in" works, as the clock-out dialog promised.
  await expect(page.getByTestId('timer-shift-label')).toHaveText('Current shift');
  await expect(page.getByTestId('timer-scheduled')).toHaveText(scheduled ?? '');
  await page.waitForTimeout(3_000);
  await page.getByTestId('timer-clock-in').click();
  await expect(page.getByTestId('timer-status')).toHaveText('On shift');
  await expect(page.getByTestId('timer-error')).toHaveCount(0);
  // The running time goes on from where it stopped, without the break: never back to zero, never the break.
  const shown = (await elapsed.textContent()) ?? '';
  const [h, m, s] = shown.split(':').map(Number);
  expect(h * 3600 + m * 60 + s).toBeGreaterThanOrEqual(4);
  const again = await json(request, 'GET', '/api/v1/va-access/attendance/current/user', vaToken);
  expect(again).toMatchObject({ state: 'ongoing', attendance: { id: attendanceId, status: 'ongoing' } });
  const attendance = again.attendance as { worked_seconds: number; break_seconds: number };
  expect(attendance.worked_seconds).toBeGreaterThanOrEqual(workedBefore);
  expect(attendance.break_seconds).toBeGreaterThanOrEqual(3);

  await page.getByTestId('timer-clock-out').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clock out' }).click();
  await expect(page.getByTestId('timer-status')).toHaveText('Clocked out');
});
