import { expect, type Page } from './fixtures';

/** A name no other run has used, so tests can run against the same database again. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** Picks an option of a Mantine Select or MultiSelect found by its label. */
export async function choose(page: Page, label: string, option: string, scope = page.locator('body')) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // A MultiSelect keeps its list open; leaving the field closes it.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('listbox', { name: label })).toBeHidden();
}

/**
 * The page has drawn what it fetched: no placeholder rows or skeletons, no table waiting for a newer page,
 * no loader. (Waiting for the network to go quiet is no sign: the realtime socket and refetches keep it busy.)
 */
export async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  for (const selector of ['.mantine-Skeleton-root', '[aria-busy="true"]', '.mantine-Loader-root']) {
    await expect(page.locator(selector)).toHaveCount(0);
  }
}
