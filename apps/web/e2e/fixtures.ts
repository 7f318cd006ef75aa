// Every spec imports `test` and `expect` from here: the same as Playwright's, but each browser context (the
// default one and those a spec opens with `browser.newContext`) runs on the test world's clock (clock.ts).
import { type BrowserContext, test as base, type Page } from '@playwright/test';
import { e2eNow } from './clock';

export type { APIRequestContext, Browser, BrowserContext, Locator, Page, WebSocket } from '@playwright/test';
export { expect } from '@playwright/test';

const onClock = new WeakSet<BrowserContext>();

/**
 * How long a full load (`goto`, `reload`) may take to show the app's first page. On a quiet machine a second or two;
 * in CI, beside the other shard and suites on two cores, a gallery of sixty captures took 10 to 12 s between its
 * data's arrival and its first paint, past the 10 s of an expectation that counted from the navigation (four flaky
 * tests in a run, one red CI run). No test times the boot; this only stops the first expectation from doing so.
 */
const FIRST_PAGE_TIMEOUT = 45_000;

/**
 * A full load returns once the app has shown its first page: the boot bar of `index.html` (`#boot`), which the first
 * page removes as it commits, is gone. A page that is not the app's (a file, another server's page) has none.
 */
function awaitFirstPage(page: Page) {
  const thenShown =
    <A extends unknown[], R>(load: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      const response = await load(...args);
      await page.locator('#boot').waitFor({ state: 'detached', timeout: FIRST_PAGE_TIMEOUT });
      return response;
    };
  page.goto = thenShown(page.goto.bind(page));
  page.reload = thenShown(page.reload.bind(page));
}

/**
 * Starts the context's clock at the world's time; it then runs at real speed (timers fire as usual). Its pages'
 * full loads wait for the app's first page (`awaitFirstPage`).
 */
async function setClock(context: BrowserContext) {
  if (onClock.has(context)) return;
  onClock.add(context);
  context.on('page', awaitFirstPage);
  for (const page of context.pages()) awaitFirstPage(page);
  await context.clock.install({ time: e2eNow() });
}

export const test = base.extend<Record<never, never>, Record<never, never>>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await setClock(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    await setClock(context);
    await use(context);
  },
});
