/**
 * Time as the tracker sees it. Injected everywhere so tests drive it with fake timers, and so the core needs
 * neither the DOM nor Node: the host (browser, agent, test) passes its own `setTimeout`.
 */
export type TimerHandle = unknown;

export interface TrackerClock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** A clock from the host's globals, passed in because the core does not assume they exist. */
export function hostClock(host: {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}): TrackerClock {
  return {
    now: () => Date.now(),
    setTimeout: (fn, ms) => host.setTimeout(fn, ms),
    clearTimeout: (handle) => host.clearTimeout(handle as never),
  };
}

/** Exponential backoff with jitter: half the exponential delay fixed, half random, capped. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const exp = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(exp / 2 + (random() * exp) / 2);
}
