import { choose, newContractForm } from './contracts-helpers';
import { expect, test } from './fixtures';
import { DEMO, loginAs } from './helpers';

// Issue 23, item 16: the overlap message speaks the viewer's 12-hour clock, names the block by its day and
// times, and shows no internal id (it said "overlaps block #309 (Saturday 09:00–17:00)").
test("an overlapping block is refused in the admin's 12-hour clock, by day and times, without an id", async ({
  page,
}) => {
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  const form = await newContractForm(page);
  await form.getByRole('textbox', { name: 'Title' }).fill(`Overlap check ${Date.now()}`);
  await form.getByRole('button', { name: 'Create draft' }).click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/contract=\d+/);

  // Saturday 9 AM – 5 PM, then the same block again.
  const add = page.getByRole('form', { name: 'Add a block' });
  await choose(add, page, 'Weekday', 'Saturday');
  await add.getByRole('button', { name: 'Add block' }).click();
  await expect(page.getByRole('button', { name: 'Saturday 9:00 AM – 5:00 PM' })).toBeVisible();
  await choose(add, page, 'Weekday', 'Saturday');
  await add.getByRole('button', { name: 'Add block' }).click();

  const alert = page.locator('[data-block][data-error]').getByRole('alert');
  await expect(alert).toHaveText('This block overlaps the Saturday 9:00 AM–5:00 PM block of this contract.');
  const text = (await alert.textContent()) ?? '';
  expect(text).not.toMatch(/#\s*\d/);
  expect(text).not.toMatch(/\b(0\d|1[3-9]|2[0-3]):\d\d\b/);
  await page.locator('[data-block][data-error]').getByRole('button').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard block' }).click();
  await expect(page.locator('[data-block][data-error]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Saturday / })).toHaveCount(1);
});
