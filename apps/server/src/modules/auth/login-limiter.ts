import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimits } from '../../platform/rate-limit/types';

// Emails are hashed so a shared store (Redis) never holds them; the address stays readable for operators.
const emailId = (email: string) => createHash('sha256').update(email).digest('base64url').slice(0, 22);

/** The longest an answer is held back. */
export const MAX_DELAY_MS = 10_000;

export type LoginLimiterOptions = {
  /** Failures of one account from one address before that address is locked out of it for the window. */
  maxFailures: number;
  windowMs: number;
  /** The first held-back answer past `maxFailures`; it doubles with each further failure. 0: never held back. */
  delayMs: number;
  /** How the limiter waits (tests record instead of waiting). */
  wait?: (ms: number) => Promise<unknown>;
};

/**
 * Three counters on the password grant, in fixed windows of the shared `RateLimits` (with Redis every instance
 * sees the same failures). None of them lets a stranger lock someone out (README, "Hardening"):
 *
 * - **per account and address, hard**: after `maxFailures` failed sign-ins to one email from one address, that
 *   address gets 429 with Retry-After for that email until the window ends, even with the right password.
 *   Every attempt is counted before its password is checked (a success then clears the count), so guesses
 *   sent in parallel cannot slip past the limit between a check and a count. Other addresses are not locked.
 * - **per account, soft**: an account failing from many addresses (a spread-out guesser) is slowed for every
 *   address: a delay before its password is checked, doubling with each failure past `maxFailures`, capped at
 *   `MAX_DELAY_MS`. Never refused.
 * - **per address, soft**: an address that keeps failing (on any emails) gets its *failures* answered later,
 *   the same doubling delay. A right password is answered at once, so another person behind the same address
 *   (an office, a carrier's NAT) is never slowed by someone else's failures.
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

  private pairKey = (email: string, ip: string) => `login-pair:${emailId(email)}:${ip}`;
  private accountKey = (email: string) => `login-account:${emailId(email)}`;
  private addressKey = (ip: string) => `login-ip:${ip}`;

  /**
   * Counts an attempt on the account from this address: 0 when its password may be checked, else the seconds
   * until this address may try the account again.
   */
  async attempt(email: string, ip: string): Promise<number> {
    const r = await this.limits.hit(this.pairKey(email, ip), this.options.maxFailures, this.windowSeconds);
    return r.retryAfterSeconds;
  }

  /** Seconds until this address may try the account again, or 0 (reads without counting). */
  async retryAfter(email: string, ip: string): Promise<number> {
    const r = await this.limits.peek(this.pairKey(email, ip), this.options.maxFailures, this.windowSeconds);
    return r.retryAfterSeconds;
  }

  private async delayOf(key: string): Promise<number> {
    if (!this.options.delayMs) return 0;
    const { count } = await this.limits.peek(key, Number.MAX_SAFE_INTEGER, this.windowSeconds);
    const over = count - this.options.maxFailures;
    if (over < 0) return 0;
    return Math.min(MAX_DELAY_MS, this.options.delayMs * 2 ** Math.min(over, 20));
  }

  /** How long a sign-in to this account waits before its password is checked, by its failures anywhere. */
  accountDelay(email: string): Promise<number> {
    return this.delayOf(this.accountKey(email));
  }

  /** How long a failed answer to this address is held back, by its failures on any accounts. */
  addressDelay(ip: string): Promise<number> {
    return this.delayOf(this.addressKey(ip));
  }

  /** Before the password is checked: an account failing from many addresses answers every one later. */
  async slowAccount(email: string): Promise<void> {
    const ms = await this.accountDelay(email);
    if (ms > 0) await this.wait(ms);
  }

  /**
   * A wrong password: the account's and the address's counts grow (the pair's attempt was counted already),
   * then the answer is held back as long as the address's failures say.
   */
  async fail(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.limits.hit(this.accountKey(email), Number.MAX_SAFE_INTEGER, this.windowSeconds),
      this.limits.hit(this.addressKey(ip), Number.MAX_SAFE_INTEGER, this.windowSeconds),
    ]);
    const ms = await this.addressDelay(ip);
    if (ms > 0) await this.wait(ms);
  }

  /** A success clears the account's failures (not the address's: it may be trying many accounts). */
  async succeed(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.limits.reset(this.pairKey(email, ip)),
      this.limits.reset(this.accountKey(email)),
    ]);
  }

  /** Forgets every counter of the store (tests call it between cases). */
  clear(): Promise<void> {
    return this.limits.clear();
  }
}
