import { logout } from './contracts-helpers';
import { expect, test } from './fixtures';
import { apiToken, DEMO, loginAs } from './helpers';
import { json } from './timer-helpers';

// Issue 23, item 8: every timestamp in the viewer's profile zone, whatever zone the browser runs in. Chromium
// runs in Honolulu here; the demo VA's profile is Manila (18 hours apart), the admin's Chicago.
test.use({ timezoneId: 'Pacific/Honolulu' });

/** What the web's formatter says for an instant in a zone (English, 12-hour clock: the demo users' habit). */
const dateTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en', {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h12',
    timeZone,
  }).format(new Date(iso));

/** The text as a pattern that takes any space for a space (ICU versions differ in the one before AM/PM). */
const loose = (text: string, whole = false) => {
  const pattern = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\s\u202f]+/g, '[\\s\\u202f]+');
  return new RegExp(whole ? `^${pattern}$` : pattern);
};

test("a request's asked and decided times and a timesheet's approval are in the viewer's zone", async ({
  page,
  request,
}) => {
  const vaToken = await apiToken(request, DEMO.va.email);
  // The test owns its world: another spec may have moved the demo people's zones.
  await json(request, 'PATCH', '/api/v1/me', vaToken, { timezone: 'Asia/Manila' });
  await json(request, 'PATCH', '/api/v1/me', await apiToken(request, DEMO.admin.email), {
    timezone: 'America/Chicago',
  });
  const mine = await json(request, 'GET', '/api/v1/va-access/user-requests?per_page=100', vaToken);
  const decided = (
    mine.data as { id: number; created_at: string; decided_at: string | null; status: string }[]
  ).find((r) => r.decided_at && r.status === 'approved');
  expect(decided, 'the demo has an approved request of the VA').toBeTruthy();
  if (!decided?.decided_at) return;

  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    'Pacific/Honolulu',
  );
  await page.goto(`/va-dashboard/requests/status/${decided.id}`);
  // "Asked at" is the whole text of its field (a request decided in the minute it was asked also shows the same
  // time in "Approved by … on …").
  const asked = dateTime(decided.created_at, 'Asia/Manila');
  await expect(page.getByText(loose(asked, true))).toBeVisible();
  await expect(page.getByText(loose(dateTime(decided.created_at, 'Pacific/Honolulu')))).toHaveCount(0);
  await expect(page.getByTestId('decision')).toContainText(
    loose(`on ${dateTime(decided.decided_at, 'Asia/Manila')}`),
  );

  // The admin (Chicago) on an approved timesheet.
  const admin = await apiToken(request, DEMO.admin.email);
  const sheets = await json(
    request,
    'GET',
    '/api/v1/admin-access/timesheets?status=approved&per_page=1',
    admin,
  );
  const sheet = (sheets.data as { id: number; approved_at: string }[])[0];
  expect(sheet, 'the demo has an approved timesheet').toBeTruthy();
  await logout(page);
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  await page.goto(`/admin-dashboard/reports/timesheets/timesheet/${sheet.id}`);
  await expect(page.getByText(/^Approved by .+ on /)).toHaveText(
    loose(`on ${dateTime(sheet.approved_at, 'America/Chicago')}`),
  );
});
