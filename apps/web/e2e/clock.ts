// The end-to-end world's time. playwright.config.ts sets one offset from the machine's clock
// (E2E_CLOCK_OFFSET_MS, from E2E_CLOCK_START); the server runs on it (CLOCK_OFFSET_MS), every browser context
// starts on it (fixtures.ts) and the specs compute their dates with these, so a test's shift is where the test
// expects it at whatever hour and on whatever day CI runs.

const offset = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);

/** Milliseconds since the epoch in the test world (what `Date.now()` is in the browser and on the server). */
export const e2eNow = (): number => Date.now() + offset;

/** `new Date()` in the test world. */
export const e2eDate = (): Date => new Date(e2eNow());
