import type { CurrentTask } from '@vahub/tracker-core/current-task';
import type { TrackerSnapshot } from '@vahub/tracker-core/tracker-client';

/**
 * Exactly one timer per browser: the tab holding the Web Lock runs it; the others wait in the lock's queue
 * and show its state read-only. When the leading tab closes (or crashes) the browser releases its lock and
 * the next tab in the queue takes over. A browser without Web Locks runs a timer in every tab (each with
 * its own UUIDs, so nothing is counted twice, only more often).
 */
export type TabRole = 'starting' | 'leader' | 'follower';

export function electLeader(options: {
  name: string;
  locks?: LockManager | undefined;
  onRole: (role: TabRole) => void;
}): () => void {
  const { name, locks, onRole } = options;
  if (!locks) {
    onRole('leader');
    return () => {};
  }
  let stopped = false;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const controller = new AbortController();
  const lead = async () => {
    if (stopped) return;
    onRole('leader');
    await held; // hold the lock until this tab stops
  };
  locks
    .request(name, { ifAvailable: true }, async (lock) => {
      if (lock) return lead();
      if (stopped) return;
      onRole('follower');
      // Queue for the lock: granted when the leading tab goes away.
      locks.request(name, { signal: controller.signal }, lead).catch(() => {});
    })
    .catch(() => {});
  return () => {
    stopped = true;
    controller.abort();
    release();
  };
}

type ChannelMessage =
  | { type: 'hello' }
  | { type: 'snapshot'; snapshot: TrackerSnapshot }
  /** A task picked in another tab: the leader's timer is the one whose pings name it. */
  | { type: 'set-task'; task: CurrentTask | null };

/**
 * The leader's state, told to the other tabs of the same user (they ask with `hello` when they open); the
 * other tabs send it the task picked there.
 */
export class TimerChannel {
  private readonly channel: BroadcastChannel | null;

  constructor(name: string, onMessage: (message: ChannelMessage) => void) {
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
    if (this.channel) this.channel.onmessage = (event: MessageEvent<ChannelMessage>) => onMessage(event.data);
  }

  post(message: ChannelMessage): void {
    this.channel?.postMessage(message);
  }

  close(): void {
    this.channel?.close();
  }
}
