import { expect, type Locator, type Page } from './fixtures';

/** Picks an option of a Mantine Select (searchable or not) inside `scope`. */
export async function choose(
  scope: Page | Locator,
  page: Page,
  label: string,
  option: string,
  search = false,
) {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  if (search) await input.fill(option);
  await page.getByRole('option', { name: option }).first().click();
}

/** The admin's "New contract" form in the schedule editor, for the demo's Vince Dela Cruz and Claire Whitman. */
export async function newContractForm(page: Page) {
  await page.goto('/admin-dashboard/virtual-assistants/create-schedules');
  await page.getByRole('button', { name: 'New contract' }).click();
  const form = page.getByRole('dialog');
  await choose(form, page, 'Virtual assistant', 'Vince Dela Cruz', true);
  await choose(form, page, 'Client', 'Claire Whitman', true);
  return form;
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login|\/login|\/$/);
}
