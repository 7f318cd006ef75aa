import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

/** Runs axe on the page as it is and fails on serious or critical violations. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  // Settled once nothing spins (the page's data came): the network never idles while a socket is open.
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `axe on ${label}`,
  ).toEqual([]);
}
