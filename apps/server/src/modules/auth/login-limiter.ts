import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimits } from '../../platform/rate-limit/types';

// Emails are hashed so a shared store (Redis) never holds them; the address stays readable for operators.
const emailId = (email: string) => createHash('sha256').update(email).digest('base64url').slice(0, 22);

/** The longest an answer to one address is held back. */
export const MAX_DELAY_MS = 10_000;

export type LoginLimiterOptions = {
  /** Failures of one account (from any address) before it is locked for the rest of the window. */
  maxFailures: number;
  windowMs: number;
  /** The first held-back answer to an address; it doubles with each further failure. 0: never held back. */
  delayMs: number;
  /** How the limiter waits (tests record instead of waiting). */
  wait?: (ms: number) => Promise<unknown>;
};

/**
 * Two limits on the password grant, in fixed windows of the shared `RateLimits` (with Redis every instance
 * sees the same failures):
 *
 * - **per account, hard**: after `maxFailures` failed sign-ins to one email, from whatever addresses, the
 *   grant answers 429 with Retry-After until the window ends, even to the right password. Every attempt
 *   is counted before its password is checked (a success then clears the count), so guesses sent in
 *   parallel cannot slip past the limit between a check and a count.
 * - **per address, soft**: an address that keeps failing (on any emails) gets slower answers, a delay that
 *   doubles with each failure past `maxFailures`, capped at `MAX_DELAY_MS`. It is never refused: a shared
 *   address (an office, a carrier's NAT) full of failures must not lock its other people out.
 */
export class LoginLimiter {
  private readonly windowSeconds: number;
  private readonly wait: (ms: number) => Promise<unknown>;

  constructor(
    private readonly limits: RateLimits,
    private readonly options: LoginLimiterOptions,
  ) {
    this.windowSeconds = Math.ceil(options.windowMs / 1000);
    this.wait = options.wait ?? ((ms) => sleep(ms));
  }

  private accountKey = (email: string) => `login-account:${emailId(email)}`;
  private addressKey = (ip: string) => `login-ip:${ip}`;

  /**
   * Counts an attempt on the account: 0 when its password may be checked, else the seconds until the
   * account takes a sign-in again.
   */
  async attempt(email: string): Promise<number> {
    const r = await this.limits.hit(this.accountKey(email), this.options.maxFailures, this.windowSeconds);
    return r.retryAfterSeconds;
  }

  /** Seconds until the account takes a sign-in again, or 0 (reads without counting). */
  async retryAfter(email: string): Promise<number> {
    const r = await this.limits.peek(this.accountKey(email), this.options.maxFailures, this.windowSeconds);
    return r.retryAfterSeconds;
  }

  /** How long to hold back an answer to this address, by its failures in the window. */
  async delayFor(ip: string): Promise<number> {
    if (!this.options.delayMs) return 0;
    const { count } = await this.limits.peek(
      this.addressKey(ip),
      Number.MAX_SAFE_INTEGER,
      this.windowSeconds,
    );
    const over = count - this.options.maxFailures;
    if (over < 0) return 0;
    return Math.min(MAX_DELAY_MS, this.options.delayMs * 2 ** Math.min(over, 20));
  }

  /** Holds the answer back as long as `delayFor` says. */
  async slowDown(ip: string): Promise<void> {
    const ms = await this.delayFor(ip);
    if (ms > 0) await this.wait(ms);
  }

  /** A wrong password: the address's count grows (the account's attempt was counted already). */
  async fail(ip: string) {
    await this.limits.hit(this.addressKey(ip), Number.MAX_SAFE_INTEGER, this.windowSeconds);
  }

  /** A success clears the account's failures (not the address's: it may be trying many accounts). */
  async succeed(email: string) {
    await this.limits.reset(this.accountKey(email));
  }

  /** Forgets every counter of the store (tests call it between cases). */
  clear(): Promise<void> {
    return this.limits.clear();
  }
}
