// Every spec imports `test` and `expect` from here: the same as Playwright's, but each browser context (the
// default one and those a spec opens with `browser.newContext`) runs on the test world's clock (clock.ts).
import { type BrowserContext, test as base } from '@playwright/test';
import { e2eNow } from './clock';

export type { APIRequestContext, Browser, BrowserContext, Locator, Page, WebSocket } from '@playwright/test';
export { expect } from '@playwright/test';

const onClock = new WeakSet<BrowserContext>();

/** Starts the context's clock at the world's time; it then runs at real speed (timers fire as usual). */
async function setClock(context: BrowserContext) {
  if (onClock.has(context)) return;
  onClock.add(context);
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
