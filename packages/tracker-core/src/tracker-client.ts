import type { Attendance } from '@vahub/shared/attendance/schemas';
import type { CurrentShift, PingInput, ServerCurrentTask } from '@vahub/shared/attendance/tracker-protocol';
import type { ServerMessage } from '@vahub/shared/realtime/messages';
import { PingAggregator, type PingContext } from './aggregator';
import type { TrackerClock } from './clock';
import { type CurrentTask, pingTaskFields, sameTask, TaskKeeper, type TaskStore } from './current-task';
import type { OutboxStore } from './outbox';
import { type DroppedPing, OutboxReplayer, type ReplayState } from './replay';
import { INITIAL_SHIFT, isTracking, type ShiftEvent, type ShiftState, shiftReducer } from './shift-state';
import type { TrackerEvents } from './socket';
import { fromServerTask, TaskSync } from './task-sync';
import type { TrackerTransport } from './transport';

/** Everything a tracker's UI shows, replaced (never mutated) on each change. */
export interface TrackerSnapshot {
  shift: ShiftState;
  /** The server's latest word on the current or next shift. */
  current: CurrentShift | null;
  /** Pings waiting in the outbox. */
  backlog: number;
  replay: ReplayState;
  /** When the server last acknowledged a batch. */
  lastSyncAt: number | null;
  lastError: string | null;
  /**
   * What the VA works on: every ping names it. Chosen before clock-in it applies from clock-in; it lasts while
   * that shift runs and is cleared when the shift ends. Always set by `TrackerClient` (optional only so that
   * stand-ins for a snapshot, like the capture simulator's, need not name it).
   */
  task?: CurrentTask | null;
  /**
   * Another tracker records this VA's shift (`standBy` said so of the server's latest word): this host keeps
   * the shift's state, clocks out and picks tasks, but sends no pings and takes no screenshots.
   */
  standingBy?: boolean;
}

/**
 * The codes of a ping refused for its task (`PROJECT_MESSAGES.task_not_pickable`, `.general_task_not_found`;
 * written out: the core imports no message catalog). The server's tests pin them on the pings' answer.
 */
const TASK_REFUSALS = new Set(['projects.task_not_pickable', 'projects.general_task_not_found']);

/** Whether this host records the shift now: it is tracked and no other tracker records it. */
export const isRecording = (s: Pick<TrackerSnapshot, 'shift' | 'standingBy'>): boolean =>
  isTracking(s.shift) && !s.standingBy;

export interface TrackerClientOptions {
  transport: TrackerTransport;
  store: OutboxStore;
  clock: TrackerClock;
  uuid: () => string;
  source: PingInput['source'];
  /** Server messages (`attendance.logout`, `attendance.changed`); without it only calls update the state. */
  events?: TrackerEvents;
  random?: () => number;
  /** Overrides the contract's ping interval (tests and the web timer's `?timerInterval`). */
  intervalSeconds?: number;
  /** Ping context from the host (the active window); the task comes from `setTask`, not from here. */
  context?: PingContext;
  /** Keeps the current task across a restart (the agent's file, the browser's localStorage). */
  taskStore?: TaskStore;
  /** Pings the server refused for good (outside the shift, someone else's attendance). */
  onDropped?: (dropped: DroppedPing[]) => void;
  /** The shift was ended by an admin or manager. */
  onForcedLogout?: (attendance: Attendance | null) => void;
  /**
   * Whether another tracker records the shift, from the server's word (the web timer: the VA's desktop agent
   * is connected). Two trackers pinging one shift would split its minutes between their inputs, idle and
   * tasks; the one that stands by resumes once the other is gone (at its next `refresh`).
   */
  standBy?: (current: CurrentShift) => boolean;
  replayBaseDelayMs?: number;
  replayMaxDelayMs?: number;
}

/**
 * The protocol client every tracker runs: the shift state machine fed by the server's answers and messages,
 * the ping aggregator while on shift, and the outbox replayed to the server. Hosts supply input counts,
 * idle, storage, transport and time.
 */
export class TrackerClient {
  private snapshot: TrackerSnapshot = {
    shift: INITIAL_SHIFT,
    current: null,
    backlog: 0,
    replay: 'idle',
    lastSyncAt: null,
    lastError: null,
    task: null,
    standingBy: false,
  };
  private readonly tasks: TaskKeeper;
  private readonly taskSync: TaskSync;
  private readonly listeners = new Set<() => void>();
  private readonly replayer: OutboxReplayer;
  private aggregator: PingAggregator | null = null;
  private appending: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  /** Kept for an aggregator started later (a new shift): undefined until the host has a detector. */
  private systemIdleSince: number | null | undefined = undefined;

  constructor(private readonly o: TrackerClientOptions) {
    this.tasks = new TaskKeeper({
      store: o.taskStore,
      onChange: (task) => this.patch({ task }),
      onError: (error) => this.patch({ lastError: error instanceof Error ? error.message : String(error) }),
    });
    const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
    this.taskSync = new TaskSync({
      transport: o.transport,
      target: () => {
        const id = this.trackedId();
        return id === null ? null : { attendanceId: id, task: this.tasks.task };
      },
      // The server refused the choice (a task this shift may not name): its own word stands.
      onRefused: (error) => {
        this.patch({ lastError: errorText(error) });
        void this.refresh().catch(() => {});
      },
      onError: (error) => this.patch({ lastError: errorText(error) }),
    });
    this.replayer = new OutboxReplayer({
      store: o.store,
      transport: o.transport,
      clock: o.clock,
      random: o.random,
      baseDelayMs: o.replayBaseDelayMs,
      maxDelayMs: o.replayMaxDelayMs,
      onDropped: (dropped) => {
        this.dropTaskRefused(dropped);
        o.onDropped?.(dropped);
      },
      onDelivered: (result) => this.dispatch({ type: 'figures', attendance: result.attendance }),
      onChange: () => void this.syncReplay(),
    });
  }

  getSnapshot = (): TrackerSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads the current shift, listens to the server, and sends what the outbox still holds. */
  async start(): Promise<void> {
    this.stopped = false;
    this.replayer.start();
    this.unsubscribe ??= this.o.events?.subscribe((message) => this.onMessage(message)) ?? null;
    await this.tasks.load();
    await this.syncReplay();
    void this.replayer.kick();
    await this.refresh();
  }

  /** Stops tracking in this host (the tab lost its lock, the page closes); the shift goes on server-side. */
  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.aggregator?.stop();
    this.aggregator = null;
    this.replayer.stop();
  }

  async refresh(): Promise<CurrentShift> {
    const current = await this.o.transport.current();
    this.patch({ current, standingBy: this.o.standBy?.(current) ?? false });
    // The dispatch starts or stops the aggregator (a refresh always hands the reducer a new state, except to a
    // forced logout, which does not track whatever `standingBy` says).
    this.dispatch({ type: 'refreshed', current });
    // The server's word on the task of the tracked shift, unless a choice made here is still on its way (a
    // shift that is not ongoing is not tracked: `adoptTask` ignores it).
    if (current.current_task !== undefined) {
      if (this.taskSync.pending) void this.taskSync.kick();
      else this.adoptTask(current.attendance?.id ?? null, current.current_task);
    }
    return current;
  }

  /** Clocks in to the current or next shift; the server says when clock-in opens if it is too early. */
  async clockIn(): Promise<Attendance> {
    const id = this.snapshot.current?.attendance?.id;
    const attendance = await this.o.transport.clockIn(id);
    this.dispatch({ type: 'clocked_in', attendance });
    void this.refresh().catch(() => {});
    return attendance;
  }

  /** Sends the last seconds as a ping, then clocks out; a failed clock-out goes on tracking. */
  async clockOut(): Promise<Attendance> {
    const attendance = this.snapshot.shift.attendance;
    if (!attendance || !isTracking(this.snapshot.shift)) throw new Error('Not on shift');
    this.aggregator?.finish();
    this.aggregator = null;
    await this.appending;
    try {
      const ended = await this.o.transport.clockOut(attendance.id);
      this.dispatch({ type: 'clocked_out', attendance: ended });
      void this.refresh().catch(() => {});
      return ended;
    } catch (error) {
      this.syncTracking();
      throw error;
    }
  }

  /**
   * Switches the task the pings name (null: none). It takes the interval in progress: that ping, sent at the
   * interval's end, names the task current then. Before clock-in the choice waits for the next shift.
   */
  setTask(task: CurrentTask | null): void {
    this.tasks.choose(task, this.trackedId());
    // Before clock-in there is nothing to tell yet: the sync sends the choice once it joins a shift.
    this.taskSync.changed();
  }

  /** One keyboard or mouse event from the host (counts only). Ends an idle spell. */
  record(kind: 'keyboard' | 'mouse'): void {
    this.aggregator?.record(kind);
    this.dispatch({ type: 'idle_ended' });
  }

  /**
   * The host's idle detector: the moment the user went idle, or null when active again. The shift turns
   * `idle` only once a ping reports idle beyond the contract's timeout, like page input.
   */
  setSystemIdle(idleSince: number | null): void {
    this.systemIdleSince = idleSince;
    this.aggregator?.setSystemIdle(idleSince);
    if (idleSince === null) this.dispatch({ type: 'idle_ended' });
  }

  /** Seconds without input now, as the next ping would report them (0 when not tracking). */
  idleSeconds(): number {
    return this.aggregator?.idleSecondsAt(this.o.clock.now()) ?? 0;
  }

  /** The network is back, or the host has a new token after a 401: send the outbox now. */
  retryNow(): Promise<void> {
    void this.taskSync.kick();
    return this.replayer.retryNow();
  }

  /** Waits until the outbox is empty or the replay stops to wait (tests, clock-out screens). */
  async flush(): Promise<void> {
    await this.tasks.flush();
    await this.appending;
    await this.replayer.kick();
  }

  private onMessage(message: ServerMessage) {
    if (this.stopped) return;
    if (message.type === 'attendance.logout') {
      const attendance = this.snapshot.shift.attendance;
      const before = this.snapshot.shift.status;
      this.dispatch({ type: 'logout', attendanceId: message.data.attendance_id });
      if (before !== 'forced_out' && this.snapshot.shift.status === 'forced_out')
        this.o.onForcedLogout?.(attendance);
      void this.refresh().catch(() => {});
    } else if (message.type === 'attendance.task') {
      // Another tracker of the VA chose: follow it, unless a choice made here is still on its way.
      if (!this.taskSync.pending) this.adoptTask(message.data.attendance_id, message.data.task);
    } else if (message.type === 'attendance.changed') {
      const mine = this.snapshot.shift.attendance?.id === message.data.attendance_id;
      this.dispatch({
        type: 'changed',
        attendanceId: message.data.attendance_id,
        status: message.data.status,
      });
      // A shift started or ended elsewhere (another tab, the agent, a job): read it again.
      if (!mine || message.data.status !== 'ongoing') void this.refresh().catch(() => {});
    }
  }

  private dispatch(event: ShiftEvent) {
    const shift = shiftReducer(this.snapshot.shift, event);
    if (shift === this.snapshot.shift) return;
    this.patch({ shift });
    this.syncTracking();
    // After the aggregator: a clock-out's last ping went out (naming the task) before the task is cleared.
    const joined = this.tasks.attendanceId;
    this.tasks.follow(shift);
    // A choice made before clock-in joined the shift: the server (and the VA's other trackers) hear of it.
    if (this.tasks.attendanceId !== null && this.tasks.attendanceId !== joined) this.taskSync.changed();
  }

  /** The attendance tracked now (null: not on shift). */
  private trackedId(): number | null {
    const { shift } = this.snapshot;
    return isTracking(shift) ? (shift.attendance?.id ?? null) : null;
  }

  /**
   * The server refused pings for the task they name (one this shift may not name: the project was archived,
   * the general task retired). Those pings are gone; if the task is still the current one, it is cleared (the
   * server hears it), so the next pings count on no task instead of being refused one by one all shift.
   */
  private dropTaskRefused(dropped: DroppedPing[]) {
    const task = this.tasks.task;
    if (!task) return;
    const named = pingTaskFields(task);
    const refusedNow = dropped.some(
      (d) =>
        d.code !== undefined &&
        TASK_REFUSALS.has(d.code) &&
        d.item.ping.task_id === named.task_id &&
        d.item.ping.general_task_id === named.general_task_id,
    );
    if (refusedNow) this.setTask(null);
  }

  /** Takes the server's task for the tracked shift (said for `attendanceId`; another shift's is ignored). */
  private adoptTask(attendanceId: number | null, task: ServerCurrentTask | null) {
    const tracked = this.trackedId();
    if (tracked === null || tracked !== attendanceId) return;
    const next = fromServerTask(task, this.tasks.task);
    if (!sameTask(next, this.tasks.task)) this.tasks.choose(next, tracked);
  }

  /** Runs the aggregator exactly while the state machine says the shift is tracked. */
  private syncTracking() {
    const tracking = !this.stopped && isRecording(this.snapshot);
    if (tracking && !this.aggregator) {
      const attendanceId = this.snapshot.shift.attendance?.id ?? 0;
      this.aggregator = new PingAggregator({
        clock: this.o.clock,
        uuid: this.o.uuid,
        source: this.o.source,
        intervalSeconds:
          this.o.intervalSeconds ?? this.snapshot.current?.settings?.ping_interval_seconds ?? undefined,
        context: {
          ...this.o.context,
          taskId: () => pingTaskFields(this.tasks.task).task_id,
          generalTaskId: () => pingTaskFields(this.tasks.task).general_task_id,
        },
        onPing: (ping) => this.enqueue(attendanceId, ping),
      });
      this.aggregator.start();
      if (this.systemIdleSince !== undefined) this.aggregator.setSystemIdle(this.systemIdleSince);
    } else if (!tracking && this.aggregator) {
      // Leaving the shift without a clock-out from here (forced logout, ended elsewhere): stop at once.
      this.aggregator.stop();
      this.aggregator = null;
    }
  }

  private enqueue(attendanceId: number, ping: PingInput) {
    const timeout = this.snapshot.current?.settings?.idle_timeout_minutes;
    if (timeout && ping.idle_seconds >= timeout * 60) this.dispatch({ type: 'idle_started' });
    this.appending = this.appending
      .then(() => this.o.store.append([{ id: ping.id, attendanceId, ping }]))
      .then(() => this.syncReplay())
      .then(() => void this.replayer.kick())
      .catch((error: unknown) => {
        this.patch({ lastError: error instanceof Error ? error.message : String(error) });
      });
  }

  private async syncReplay() {
    const backlog = await this.o.store.size();
    this.patch({
      backlog,
      replay: this.replayer.getState(),
      lastSyncAt: this.replayer.lastDeliveredAt,
      lastError: this.replayer.lastError,
    });
  }

  private patch(changes: Partial<TrackerSnapshot>) {
    const next = { ...this.snapshot, ...changes };
    const same = (Object.keys(changes) as (keyof TrackerSnapshot)[]).every(
      (key) => next[key] === this.snapshot[key],
    );
    if (same) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
