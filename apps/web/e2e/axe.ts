import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './fixtures';
import { settled } from './people-helpers';

type AxeOptions = {
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** Every finding fails, not only serious and critical ones. */
  everyImpact?: boolean;
};

/**
 * axe's findings on the page as it is now, one line each (rule, help, the elements). Only violations are
 * collected in full (`resultTypes`): the passes and incomplete lists are what made a walk of ten pages slow.
 */
export async function axeFindings(page: Page, { include, everyImpact = false }: AxeOptions = {}) {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => everyImpact || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Runs axe on the page once it has settled and fails on serious or critical violations. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  await settled(page);
  expect(await axeFindings(page), `axe on ${label}`).toEqual([]);
}

/** Opens `path`, waits for its one h1 and its data, and fails on serious or critical axe violations. */
export async function expectAccessible(page: Page, path: string) {
  await page.goto(path);
  await expectNoSeriousViolations(page, path);
}
