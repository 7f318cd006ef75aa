import type { Clock } from '../../lib/clock';
import { type RateLimitResult, type RateLimits, rateLimitResult } from './types';

type Window = { count: number; endsAt: number };

// Expired windows are dropped on a sweep every so many hits, so memory stays bounded under a flood.
const SWEEP_EVERY = 1000;

/** Counters of one instance: the default without REDIS_URL. */
export class MemoryRateLimits implements RateLimits {
  private windows = new Map<string, Window>();
  private hitsSinceSweep = 0;

  constructor(private readonly clock: Clock) {}

  private current(key: string, now: number): Window | undefined {
    const w = this.windows.get(key);
    if (w && now >= w.endsAt) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep(now: number) {
    if (++this.hitsSinceSweep < SWEEP_EVERY) return;
    this.hitsSinceSweep = 0;
    for (const [key, w] of this.windows) if (now >= w.endsAt) this.windows.delete(key);
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const w = this.current(key, now) ?? { count: 0, endsAt: now + windowSeconds * 1000 };
    w.count += 1;
    this.windows.set(key, w);
    return rateLimitResult(w.count, w.endsAt, limit, now, 'hit');
  }

  async peek(key: string, limit: number, _windowSeconds: number): Promise<RateLimitResult> {
    const now = this.clock.now().getTime();
    const w = this.current(key, now);
    return rateLimitResult(w?.count ?? 0, w?.endsAt ?? now, limit, now, 'peek');
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  async clear() {
    this.windows.clear();
  }

  async close() {}
}
