/**
 * Counts failed sign-ins per (ip, email) and per ip in a sliding window; past the limit the password
 * grant answers 429 until the window passes. In memory: each server instance limits on its own.
 */
export class LoginLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number) {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds until a new attempt is allowed, or 0 when it is allowed now. */
  retryAfter(ip: string, email: string, now: number): number {
    const checks: Array<[string, number]> = [
      [`${ip}|${email}`, this.maxFailures],
      [ip, this.maxFailures * 4],
    ];
    for (const [key, max] of checks) {
      const list = this.recent(key, now);
      if (list.length >= max) return Math.max(1, Math.ceil((list[0] + this.windowMs - now) / 1000));
    }
    return 0;
  }

  fail(ip: string, email: string, now: number) {
    for (const key of [`${ip}|${email}`, ip]) this.failures.set(key, [...this.recent(key, now), now]);
  }

  clear() {
    this.failures.clear();
  }

  succeed(ip: string, email: string) {
    this.failures.delete(`${ip}|${email}`);
  }
}
