import { createHash } from 'node:crypto';
import type { RateLimits } from '../../platform/rate-limit/types';

// Emails are hashed so a shared store (Redis) never holds them; the address stays readable for operators.
const emailId = (email: string) => createHash('sha256').update(email).digest('base64url').slice(0, 22);

/**
 * Counts failed sign-ins per (address, email) and per address (4x the limit, for one address trying many
 * emails) in fixed windows; past the limit the password grant answers 429 until the window ends. The
 * counters live in the shared `RateLimits`, so with Redis every instance sees the same failures.
 */
export class LoginLimiter {
  private readonly windowSeconds: number;

  constructor(
    private readonly limits: RateLimits,
    private readonly maxFailures: number,
    windowMs: number,
  ) {
    this.windowSeconds = Math.ceil(windowMs / 1000);
  }

  private checks(ip: string, email: string): Array<[string, number]> {
    return [
      [`login:${ip}:${emailId(email)}`, this.maxFailures],
      [`login-ip:${ip}`, this.maxFailures * 4],
    ];
  }

  /** Seconds until a new attempt is allowed, or 0 when it is allowed now. */
  async retryAfter(ip: string, email: string): Promise<number> {
    const results = await Promise.all(
      this.checks(ip, email).map(([key, max]) => this.limits.peek(key, max, this.windowSeconds)),
    );
    return Math.max(0, ...results.map((r) => r.retryAfterSeconds));
  }

  async fail(ip: string, email: string) {
    await Promise.all(
      this.checks(ip, email).map(([key, max]) => this.limits.hit(key, max, this.windowSeconds)),
    );
  }

  /** A success clears that email's failures from that address (not the address's own count). */
  async succeed(ip: string, email: string) {
    await this.limits.reset(this.checks(ip, email)[0][0]);
  }

  /** Forgets every counter of the store (tests call it between cases). */
  clear(): Promise<void> {
    return this.limits.clear();
  }
}
