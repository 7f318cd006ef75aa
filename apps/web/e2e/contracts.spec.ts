import { expectAccessible } from './axe';
import { e2eNow } from './clock';
import { choose, logout, newContractForm } from './contracts-helpers';
import { expect, test } from './fixtures';
import { apiToken, DEMO, loginAs } from './helpers';

test('an admin builds and activates a contract; the client and the VA (in their own zone) see it', async ({
  page,
  request,
}) => {
  const title = `Weekend inbox ${Date.now()}`;
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  const form = await newContractForm(page);
  await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Los_Angeles');
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  // Settings start from the organization's defaults.
  await expect(form.getByRole('combobox', { name: 'Screenshot privacy' })).toHaveValue('Full');
  await form.getByRole('button', { name: 'Create draft' }).click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/contract=\d+/);
  // The form starts the contract today; move the start two weeks back so this week's Saturday and the VA's
  // Sunday fall inside it whatever day the suite runs on.
  const contractId = new URL(page.url()).searchParams.get('contract');
  const start = new Date(e2eNow() - 14 * 86400_000).toISOString().slice(0, 10);
  const moved = await request.patch(`/api/v1/admin-access/contracts/${contractId}`, {
    headers: { Authorization: `Bearer ${await apiToken(request, DEMO.admin.email)}` },
    data: { start_date: start },
  });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  await expect(page.getByText('Vince Dela Cruz for Whitman & Co. Accounting')).toBeVisible();

  // Saturday 9 AM – 5 PM in Los Angeles, through the add form.
  const add = page.getByRole('form', { name: 'Add a block' });
  await choose(add, page, 'Weekday', 'Saturday');
  await add.getByRole('button', { name: 'Add block' }).click();
  const saturday = page.getByRole('button', { name: 'Saturday 9:00 AM – 5:00 PM' });
  await expect(saturday).toBeVisible();

  // An overlapping block is refused: the message sits on that block, which stays until discarded.
  await choose(add, page, 'Weekday', 'Saturday');
  await add.getByRole('button', { name: 'Add block' }).click();
  const refused = page.locator('[data-block][data-error]');
  await expect(refused.getByRole('alert')).toContainText('overlaps');
  await refused.getByRole('button').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard block' }).click();
  await expect(page.locator('[data-block][data-error]')).toHaveCount(0);

  // Drawing on the grid: drag down the Sunday column.
  const sunday = page.locator('[data-weekday="7"]');
  await sunday.scrollIntoViewIfNeeded();
  const box = await sunday.boundingBox();
  if (!box) throw new Error('no Sunday column');
  await page.mouse.move(box.x + box.width / 2, box.y + 13 * 40 + 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 14 * 40 + 10, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2, box.y + 15 * 40 + 2, { steps: 5 });
  await page.mouse.up();
  const drawn = page.getByRole('button', { name: 'Sunday 1:00 PM – 3:00 PM' });
  await expect(drawn).toBeVisible();
  await expect(page.locator('[data-block][data-pending]')).toHaveCount(0);
  // Keyboard: the block opens its dialog, where it is deleted.
  await drawn.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete block' }).click();
  await expect(drawn).toHaveCount(0);

  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('The contract is active.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

  // Terms and settings stay editable after activation.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit contract' });
  await edit.getByRole('textbox', { name: 'Title' }).fill(`${title} (edited)`);
  const perHour = edit.getByRole('textbox', { name: 'Screenshots per hour' });
  await perHour.fill('4');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('The contract was saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Edit contract' })
      .getByRole('textbox', { name: 'Screenshots per hour' }),
  ).toHaveValue('4');
  await page.getByRole('dialog', { name: 'Edit contract' }).getByRole('button', { name: 'Cancel' }).click();
  await logout(page);

  await loginAs(page, DEMO.client.email, DEMO.client.dashboard);
  await page.goto('/client-dashboard/schedules');
  await page.getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: `${title} (edited)` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saturday 9:00 AM – 5:00 PM' })).toBeVisible();
  await logout(page);

  // Vince lives in Manila: Saturday 9 AM in Los Angeles is his Sunday 1 AM. The block shows the client above
  // its times, and its name reads as it shows (the day first).
  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await page.goto('/va-dashboard/schedules');
  await expect(
    page.getByRole('button', { name: /^Sunday Whitman & Co\. Accounting\s*,\s*1:00\sAM – 9:00\sAM$/ }),
  ).toBeVisible();
});

test('axe: admin contracts and schedules pages', async ({ page }) => {
  // Seven pages, each analysed whole: more than one ordinary test's minute on a busy 2-core machine.
  test.setTimeout(150_000);
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  for (const path of [
    '/admin-dashboard/virtual-assistants/schedules',
    '/admin-dashboard/virtual-assistants/schedules/1',
    '/admin-dashboard/virtual-assistants/create-schedules?contract=1',
    '/admin-dashboard/virtual-assistants/scheduled-va',
    '/admin-dashboard/users/4/contracts',
    '/admin-dashboard/users/4/schedules',
    '/admin-dashboard/users/4/va-list',
  ]) {
    await expectAccessible(page, path);
  }
});

test('axe: client, manager and VA schedules pages', async ({ page }) => {
  // Nine pages, each analysed whole, and three sign-ins: more than one ordinary test's minute on a busy 2-core machine.
  test.setTimeout(150_000);
  await loginAs(page, DEMO.client.email, DEMO.client.dashboard);
  for (const path of [
    '/client-dashboard/schedules',
    '/client-dashboard/schedules/1',
    '/client-dashboard/virtual-assistants',
    '/client-dashboard/virtual-assistants/profile/5',
    '/client-dashboard/virtual-assistants/schedules/5',
  ]) {
    await expectAccessible(page, path);
  }
  await logout(page);
  await loginAs(page, DEMO.manager.email, DEMO.manager.dashboard);
  await expectAccessible(page, '/manager-dashboard/virtual-assistants/schedules');
  const first = page.locator('table a').first();
  await first.click();
  await expect(page).toHaveURL(/virtual-assistants\/schedules\/\d+/);
  await expectAccessible(page, new URL(page.url()).pathname);
  await logout(page);
  await loginAs(page, DEMO.va.email, DEMO.va.dashboard);
  await expectAccessible(page, '/va-dashboard/schedules');
  await page.addInitScript(() => localStorage.setItem('color-schema', 'dark'));
  await expectAccessible(page, '/va-dashboard/schedules');
});
