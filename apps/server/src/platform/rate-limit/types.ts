/**
 * `allowed`: for `hit`, whether this hit is within the limit (count <= limit); for `peek`, whether a next
 * hit would be (count < limit). `retryAfterSeconds` is the time left in the window when not allowed, else 0.
 */
export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counters in fixed windows, shared by every instance when Redis is configured (in memory otherwise).
 * Sign-in counts failures; sign-up counts attempts. A window opens at the first hit of a key and lasts
 * `windowSeconds` by the app's clock; the next hit after it opens a new one.
 */
export interface RateLimits {
  /** Adds one to `key` and says whether it is still within `limit` for this window. */
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Reads `key` without counting. */
  peek(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
  /** Forgets every counter of this store (tests reset between cases; an operator can unlock everyone). */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/** The answer for a key with `count` hits in a window that ends at `endsAtMs`. */
export function rateLimitResult(
  count: number,
  endsAtMs: number,
  limit: number,
  nowMs: number,
  mode: 'hit' | 'peek',
): RateLimitResult {
  const allowed = mode === 'hit' ? count <= limit : count < limit;
  const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil((endsAtMs - nowMs) / 1000));
  return { allowed, count, retryAfterSeconds };
}
