import { expect, type Page, test } from './fixtures';
import { apiToken, DEMO, loginAs, uniqueEmail } from './helpers';

// Issue 23, item 19: keyboard and prefill details of the contract form and the task comments.

async function newVa(request: Parameters<typeof apiToken>[0]) {
  const email = uniqueEmail('nina');
  const res = await request.post('/api/v1/admin-access/user', {
    headers: { Authorization: `Bearer ${await apiToken(request, DEMO.admin.email)}` },
    data: { email, first_name: 'Nina', last_name: 'Newhire', role: 'va', password: 'va-pass-12345' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The admin's "New contract" form, opened from a new VA's Contracts tab. */
async function newContractForm(page: Page, request: Parameters<typeof apiToken>[0]) {
  const vaId = await newVa(request);
  await loginAs(page, DEMO.admin.email, DEMO.admin.dashboard);
  await page.goto(`/admin-dashboard/users/${vaId}/contracts`);
  await page.getByRole('button', { name: 'New contract' }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByRole('textbox', { name: /^Title/ })).toBeVisible();
  return form;
}

test('"New contract" on a VA\'s Contracts tab fills in that VA, even one without a contract yet', async ({
  page,
  request,
}) => {
  const form = await newContractForm(page, request);
  const va = form.getByRole('combobox', { name: 'Virtual assistant', exact: true });
  await expect(va).toHaveValue(/^Nina Newhire/);
  await expect(va).toBeDisabled();
  await expect(form.getByRole('combobox', { name: 'Client', exact: true })).toBeEnabled();
});

test("Escape in the contract form's date picker closes the picker only; a second Escape the form", async ({
  page,
  request,
}) => {
  const form = await newContractForm(page, request);
  const calendar = page.locator('[data-dates-dropdown]');
  await form.getByRole('textbox', { name: /^Start date/ }).click();
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
});

test('typing "@" in a task comment offers the people of the Mention menu, by keyboard', async ({ page }) => {
  await loginAs(page, DEMO.client.email, DEMO.client.dashboard);
  await page.goto('/client-dashboard/projects');
  await page.locator('main a[href*="/board"]').first().click();
  await expect(page).toHaveURL(/\/projects\/\d+\/board/);
  await page.getByTestId('task-card').first().getByRole('button').first().click();
  const drawer = page.getByRole('dialog');
  const comment = drawer.getByRole('textbox', { name: 'New comment' });
  await expect(comment).toBeVisible();

  // The Mention menu's people.
  await drawer.getByRole('button', { name: 'Mention', exact: true }).click();
  const menu = page.getByRole('menu');
  const people = (await menu.getByRole('menuitem').allTextContents()).map((n) => n.trim());
  expect(people.length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // "@" offers the same people.
  await comment.click();
  await comment.pressSequentially('Hi @');
  const list = page.getByRole('listbox', { name: 'Mention someone' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('option')).toHaveText(people.slice(0, 8));
  await expect(comment).toHaveAttribute('aria-controls', (await list.getAttribute('id')) ?? '');

  // Escape closes the list only; the drawer stays.
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(drawer).toBeVisible();

  // Letters narrow it; ArrowDown/ArrowUp move; Enter inserts the Mention menu's syntax.
  const last = people[people.length - 1];
  const word = last.split(' ').at(-1) ?? last;
  await comment.pressSequentially(` @${word.slice(0, 2)}`);
  await expect(list).toBeVisible();
  const options = list.getByRole('option');
  await expect(options.filter({ hasText: last })).toHaveCount(1);
  const names = (await options.allTextContents()).map((n) => n.trim());
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  if (names.length > 1) {
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
  }
  for (let i = 0; i < names.indexOf(last); i++) await page.keyboard.press('ArrowDown');
  await expect(options.filter({ hasText: last })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(comment).toHaveValue(new RegExp(`^Hi @ @\\[${last}\\]\\(#user-\\d+\\) $`));
});
