import { describe, expect, it } from 'vitest';
import { electLeader, type TabRole } from './leader';

type Callback = (lock: Lock | null) => Promise<unknown>;

/** The Web Locks API for one exclusive name, as the browser runs it: one holder, a queue, ifAvailable. */
class FakeLocks {
  private held = false;
  private readonly queue: Array<{ cb: Callback; signal?: AbortSignal; resolve: (v: unknown) => void }> = [];

  request(_name: string, options: LockOptions, cb: Callback): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (!this.held) return this.grant(cb, resolve);
      if (options.ifAvailable) return cb(null).then(resolve, reject);
      options.signal?.addEventListener('abort', () => {
        const i = this.queue.findIndex((q) => q.cb === cb);
        if (i >= 0) this.queue.splice(i, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.queue.push({ cb, signal: options.signal, resolve });
    });
  }

  private grant(cb: Callback, resolve: (v: unknown) => void) {
    this.held = true;
    void cb({ name: 'x', mode: 'exclusive' } as Lock).then((v) => {
      this.held = false;
      resolve(v);
      const next = this.queue.shift();
      if (next) this.grant(next.cb, next.resolve);
    });
  }
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('electLeader', () => {
  it('makes one tab the leader, the others followers, and hands over when the leader closes', async () => {
    const locks = new FakeLocks() as unknown as LockManager;
    const roles: TabRole[][] = [[], [], []];
    const stops = roles.map((r) => electLeader({ name: 'timer', locks, onRole: (role) => r.push(role) }));
    await tick();
    expect(roles.map((r) => r.at(-1))).toEqual(['leader', 'follower', 'follower']);
    stops[0]();
    await tick();
    expect(roles.map((r) => r.at(-1))).toEqual(['leader', 'leader', 'follower']);
    expect(roles.flat().filter((r) => r === 'leader')).toHaveLength(2);
    // A follower that goes away leaves the queue: the next handover skips it.
    stops[2]();
    stops[1]();
    await tick();
    expect(roles[2]).toEqual(['follower']);
  });

  it('leads alone without Web Locks', () => {
    const roles: TabRole[] = [];
    electLeader({ name: 'timer', locks: undefined, onRole: (r) => roles.push(r) });
    expect(roles).toEqual(['leader']);
  });
});
