/**
 * Images come through signed URLs that stop working at `urls_expire_at`. A page holding them refetches a
 * little before the first of them expires, so an image never breaks on screen; nothing refetches for pages
 * without images (every capture expired, or none).
 */
export const URL_MARGIN_MS = 30_000;
/** Never refetch more often than this, whatever the server's TTL. */
export const MIN_REFRESH_MS = 10_000;

type WithExpiry = { urls_expire_at: string | null };

/** Milliseconds until the captures' URLs should be read again, or false when none expires. */
export function urlRefreshMs(
  items: ReadonlyArray<WithExpiry | null | undefined>,
  now = Date.now(),
): number | false {
  let first = Number.POSITIVE_INFINITY;
  for (const item of items) {
    if (!item?.urls_expire_at) continue;
    const at = Date.parse(item.urls_expire_at);
    if (Number.isFinite(at) && at < first) first = at;
  }
  if (first === Number.POSITIVE_INFINITY) return false;
  return Math.max(MIN_REFRESH_MS, first - now - URL_MARGIN_MS);
}

/** Query options that keep signed URLs fresh: stale and refetched just before they expire. */
export function freshUrls<T>(itemsOf: (data: T) => ReadonlyArray<WithExpiry | null | undefined>) {
  const ms = (data: T | undefined) => (data === undefined ? false : urlRefreshMs(itemsOf(data)));
  return {
    staleTime: (query: { state: { data: T | undefined } }) => {
      const left = ms(query.state.data);
      return left === false ? 60_000 : left;
    },
    refetchInterval: (query: { state: { data: T | undefined } }) => ms(query.state.data),
  };
}
