import { expectAccessible } from './axe';
import { logout } from './contracts-helpers';
import { expect, test } from './fixtures';
import { DEMO, loginAs } from './helpers';
import { json, shiftOpenNow } from './timer-helpers';

// Requests end to end (issue 14): the demo VA, on a contract with a shift on today's weekday (the timer tests'
// set-up), reports next week's shift as a sick day with a medical note; her manager sees what approving does
// and approves; the shift is on leave in the VA's attendance, and the VA heard of it under the bell.

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

test('a VA reports a sick day with a file, the manager approves, the shift shows on leave', async ({
  page,
  request,
}) => {
  // Next week's shift is a week after the open one's date (yesterday's just after midnight UTC, not today's).
  const { shiftDate, admin, vaToken } = await shiftOpenNow(request, { title: 'Requests test shift' });
  const nextWeek = new Date(Date.parse(shiftDate) + 7 * 86_400_000).toISOString().slice(0, 10);
  // A retry starts clean: an earlier try's request on that day would overlap (an admin's delete undoes it).
  const va = await json(request, 'GET', '/api/v1/me', vaToken);
  const earlier = await json(
    request,
    'GET',
    `/api/v1/admin-access/user-requests?va_id=${va.id}&per_page=100`,
    admin,
  );
  for (const r of earlier.data as { id: number; target_start_date: string; target_end_date: string }[])
    if (r.target_start_date <= nextWeek && nextWeek <= r.target_end_date)
      await json(request, 'DELETE', `/api/v1/admin-access/user-requests/${r.id}`, admin);

  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await expectAccessible(page, '/va-dashboard/requests/sick-leave-approval');
  const first = page.getByRole('textbox', { name: /^First day/ });
  await first.fill(nextWeek);
  await first.press('Tab');
  await expect(page.getByText(/^1 working day · \d+ of \d+ sick days left in \d{4}/)).toBeVisible();
  await page.getByTestId('attachment-input').setInputFiles({
    name: 'doctor-note.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await expect(page.getByText('doctor-note.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/va-dashboard\/requests\/status\/\d+$/);
  const id = page.url().split('/').pop();
  await expect(page.getByText('Pending').first()).toBeVisible();
  await logout(page);

  // The manager over the VA's client: the effect before confirming, then the approval.
  await loginAs(page, DEMO.manager.email, DEMO.manager.dashboard);
  await expectAccessible(page, '/manager-dashboard/requests');
  await page.goto(`/manager-dashboard/requests?request=${id}`);
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Approving marks 1 shift on leave:')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Open doctor-note.pdf' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('The request was approved')).toBeVisible();
  await expect(drawer.getByText('Approval marked 1 shift on leave:')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await logout(page);

  // The VA: the shift of next week is on leave, and the bell says the request was decided.
  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await page.goto('/va-dashboard/attendance');
  const shift = page.getByTestId('va-shift').filter({ hasText: nextWeek });
  await expect(shift).toContainText('On leave');
  await expect(page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByText('Your sick leave request was approved').first()).toBeVisible();
  await page.goto(`/va-dashboard/requests/status/${id}`);
  await expect(page.getByText('Approved').first()).toBeVisible();
});
