import type { PingInput } from '@vahub/shared/attendance/tracker-protocol';
import type { TimerHandle, TrackerClock } from './clock';
import { CORE_LIMITS } from './limits';

/** What a ping carries beyond the counts: the host fills these in when it knows them. */
export interface PingContext {
  activeWindow?: () => PingInput['active_window'];
  /**
   * The task and general task the ping names. Read when the ping is emitted, at its interval's end: after a
   * switch mid-interval the whole interval goes to the task current at its end (pings are the unit of time;
   * splitting one would need a shorter ping, which the server counts as less than a full interval anyway).
   */
  taskId?: () => number | null | undefined;
  generalTaskId?: () => number | null | undefined;
}

export interface AggregatorOptions {
  clock: TrackerClock;
  uuid: () => string;
  source: PingInput['source'];
  onPing: (ping: PingInput) => void;
  /** Seconds a ping stands for (the contract's `ping_interval_seconds`; 60 unless the host speeds it up). */
  intervalSeconds?: number;
  context?: PingContext;
  /**
   * After a gap (the machine slept) at most this many empty intervals are sent: an interval nobody could have
   * worked in is not tracked time.
   */
  maxCatchUp?: number;
}

/**
 * Counts input within each interval (60 s) and emits one ping per interval at its end, with a client UUID so
 * a replayed ping counts once. Intervals are aligned to the start of tracking, and input is put in the
 * interval its timestamp falls in, so a late timer (a throttled background tab) does not move counts across
 * an edge.
 */
export class PingAggregator {
  private readonly o: Required<Omit<AggregatorOptions, 'context'>> & { context: PingContext };
  private startedAt = 0;
  /** Index of the next interval to emit. */
  private next = 0;
  private readonly counts = new Map<number, { keyboard: number; mouse: number }>();
  private lastInputAt = 0;
  /** When the host's idle detector (system-wide) says the user went idle; null while active. */
  private systemIdleSince: number | null = null;
  private usesSystemIdle = false;
  private timer: TimerHandle | null = null;

  constructor(options: AggregatorOptions) {
    // Explicit fields: an `undefined` option (the host has no override) keeps the default.
    this.o = {
      ...options,
      intervalSeconds: options.intervalSeconds ?? CORE_LIMITS.pingIntervalSeconds,
      maxCatchUp: options.maxCatchUp ?? 5,
      context: options.context ?? {},
    };
  }

  get running(): boolean {
    return this.timer !== null;
  }

  private get intervalMs() {
    return this.o.intervalSeconds * 1000;
  }

  start(): void {
    if (this.running) return;
    this.startedAt = this.o.clock.now();
    this.lastInputAt = this.startedAt;
    this.next = 0;
    this.schedule();
  }

  /** Stops without emitting the interval in progress (a forced logout: tracking ends at once). */
  stop(): void {
    // The counts go with the run: a restart (or input recorded after the stop) starts from none.
    if (this.timer !== null) this.o.clock.clearTimeout(this.timer);
    this.timer = null;
    this.counts.clear();
  }

  /** Stops after emitting the interval in progress as a shorter ping (a clock-out keeps its last seconds). */
  finish(): void {
    if (!this.running) return;
    const now = this.o.clock.now();
    this.flush(now);
    // The part interval, unless `now` is its very start (an edge: that interval was just sent).
    if (now > this.startedAt + this.next * this.intervalMs) this.emit(this.next, now);
    this.stop();
  }

  /** One keyboard or mouse event (counts only: never which key, never where). */
  record(kind: 'keyboard' | 'mouse', at = this.o.clock.now()): void {
    if (!this.running) return;
    const index = Math.max(this.next, Math.floor((at - this.startedAt) / this.intervalMs));
    const bucket = this.counts.get(index) ?? { keyboard: 0, mouse: 0 };
    bucket[kind]++;
    this.counts.set(index, bucket);
    this.lastInputAt = Math.max(this.lastInputAt, at);
  }

  /**
   * The host's idle detector (the browser's Idle Detection API, the agent's OS idle time). Once one reports,
   * its word replaces page input for idle time: a user typing in another application is not idle.
   */
  setSystemIdle(idleSince: number | null): void {
    this.usesSystemIdle = true;
    this.systemIdleSince = idleSince;
  }

  /** Seconds without input at `at`: by the host's idle detector once it reports, else by recorded input. */
  idleSecondsAt(at: number): number {
    const since = this.usesSystemIdle ? this.systemIdleSince : this.lastInputAt;
    if (since === null) return 0;
    return Math.max(0, Math.floor((at - since) / 1000));
  }

  private schedule() {
    const edge = this.startedAt + (this.next + 1) * this.intervalMs;
    const wait = Math.max(0, edge - this.o.clock.now());
    this.timer = this.o.clock.setTimeout(() => {
      this.flush(this.o.clock.now());
      // Unless a ping's listener stopped tracking meanwhile.
      if (this.timer !== null) this.schedule();
    }, wait);
  }

  /** Emits every interval that has ended by `now`. */
  private flush(now: number) {
    const ended = Math.floor((now - this.startedAt) / this.intervalMs);
    const skipBefore = ended - this.o.maxCatchUp;
    for (let i = this.next; i < ended; i++) {
      const bucket = this.counts.get(i);
      // After a long gap only the intervals with input and the latest few are sent.
      if (i < skipBefore && !bucket) continue;
      this.emit(i, this.startedAt + (i + 1) * this.intervalMs);
    }
    this.next = Math.max(this.next, ended);
  }

  private emit(index: number, at: number) {
    const bucket = this.counts.get(index) ?? { keyboard: 0, mouse: 0 };
    this.counts.delete(index);
    const ping: PingInput = {
      id: this.o.uuid(),
      at: new Date(at).toISOString(),
      keyboard: bucket.keyboard,
      mouse: bucket.mouse,
      idle_seconds: this.idleSecondsAt(at),
      source: this.o.source,
    };
    const window = this.o.context.activeWindow?.();
    if (window) ping.active_window = window;
    // The task current now, at the interval's end, names the whole interval (see PingContext.taskId).
    const task = this.o.context.taskId?.();
    if (task) ping.task_id = task;
    const general = this.o.context.generalTaskId?.();
    if (general) ping.general_task_id = general;
    this.o.onPing(ping);
  }
}
