type Prefetcher = (to: string) => void;

let prefetcher: Prefetcher = () => {};
const done = new Set<string>();

/** The router registers how to warm a path (load its lazy modules). */
export function setPrefetcher(fn: Prefetcher): void {
  prefetcher = fn;
}

/** Warm the target once per address. */
export function prefetchOnce(to: string): void {
  const address = to.split('#')[0];
  if (done.has(address)) return;
  done.add(address);
  prefetcher(address);
}
