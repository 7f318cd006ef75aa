export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counters in fixed windows, shared by every instance when Redis is configured (in memory otherwise).
 * Sign-in counts failures; sign-up counts attempts.
 */
export interface RateLimits {
  /** Adds one to `key` and says whether it is still within `limit` for this window. */
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Reads `key` without counting. */
  peek(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
