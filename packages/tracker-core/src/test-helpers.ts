import type { Attendance } from '@vahub/shared/attendance/schemas';
import type {
  CurrentShift,
  PingInput,
  PingResult,
  ServerCurrentTask,
} from '@vahub/shared/attendance/tracker-protocol';
import type { ServerMessage } from '@vahub/shared/realtime/messages';
import { hostClock, type TrackerClock } from './clock';
import type { TrackerEvents } from './socket';
import { type TrackerTransport, TransportError } from './transport';

/**
 * For the core's tests: a clock over the global timers (which the tests replace with vitest's fake timers),
 * a counting UUID source and a scripted server. The core itself never touches globals.
 */
type Host = Parameters<typeof hostClock>[0];
export const testClock = (): TrackerClock => hostClock(globalThis as unknown as Host);

export function counterUuid(prefix = '00000000-0000-4000-8000-'): () => string {
  let n = 0;
  return () => `${prefix}${String(++n).padStart(12, '0')}`;
}

export function attendance(overrides: Partial<Attendance> = {}): Attendance {
  return {
    id: 1,
    contract_id: 1,
    va_id: 7,
    client_id: 3,
    schedule_id: 1,
    date: '2026-03-02',
    timezone: 'Europe/Berlin',
    scheduled_start_at: '2026-03-02T08:00:00.000Z',
    scheduled_end_at: '2026-03-02T16:00:00.000Z',
    scheduled_seconds: 8 * 3600,
    started_at: null,
    ended_at: null,
    status: 'upcoming',
    end_reason: null,
    last_ping_at: null,
    worked_seconds: 0,
    active_seconds: 0,
    idle_seconds: 0,
    activity_percent: null,
    late_minutes: 0,
    break_seconds: 0,
    source: null,
    online: false,
    idle: false,
    ...overrides,
  };
}

export function currentShift(a: Attendance | null, overrides: Partial<CurrentShift> = {}): CurrentShift {
  return {
    state: a ? (a.status === 'ongoing' ? 'ongoing' : 'upcoming') : 'none',
    attendance: a,
    contract: a ? { id: a.contract_id, title: 'Support' } : null,
    client: null,
    clock_in_opens_at: null,
    clock_in_closes_at: null,
    can_clock_in: a !== null,
    settings: {
      ping_interval_seconds: 60,
      idle_timeout_minutes: 5,
      late_grace_minutes: 5,
      early_clock_in_minutes: 15,
      screenshots_enabled: false,
      screenshots_per_hour: 0,
      blur_screenshots: false,
      screenshot_privacy: 'activity_only',
      screenshots_on_demand: false,
    },
    agent_connected: false,
    current_task: null,
    server_time: new Date(0).toISOString(),
    ...overrides,
  };
}

/**
 * A server in memory: keeps pings by id (a repeat is a duplicate), refuses the ids it is told to, and fails
 * while `down` (nothing answers) or with `failWith` (an HTTP status).
 */
export class FakeServer implements TrackerTransport {
  readonly received = new Map<string, PingInput>();
  readonly calls: { attendanceId: number; ids: string[] }[] = [];
  down = false;
  failWith: number | null = null;
  refuse = new Set<string>();
  /** Task ids pings may not name (the project was archived): such a ping is refused as the server does. */
  refuseTaskIds = new Set<number>();
  /** General task ids pings may not name (the general task was retired). */
  refuseGeneralTaskIds = new Set<number>();
  /** Every ping is refused with this code (a refusal for another reason than its task, or for no task). */
  refuseAllWith: string | null = null;
  /** Answers accepted but "loses" the answer once (the batch is stored, the client sees an error). */
  loseNextAnswer = false;
  shift: Attendance = attendance();
  /** The VA's desktop agent has a socket open (`agent_connected`). */
  agentConnected = false;
  /** Each shift's current task as the server keeps it (per attendance), and the calls that set it. */
  readonly currentTasks = new Map<number, ServerCurrentTask | null>();
  readonly taskCalls: Array<{ attendanceId: number; task: ServerCurrentTask | null }> = [];
  /** Refuses the next task call with this status (422: a task the shift may not name). */
  refuseTaskWith: number | null = null;

  async current() {
    return currentShift(this.shift, {
      agent_connected: this.agentConnected,
      current_task: this.shift.status === 'ongoing' ? (this.currentTasks.get(this.shift.id) ?? null) : null,
    });
  }
  async setCurrentTask(attendanceId: number, task: ServerCurrentTask | null) {
    this.taskCalls.push({ attendanceId, task });
    if (this.down) throw new TransportError('Failed to fetch');
    if (this.refuseTaskWith) {
      const status = this.refuseTaskWith;
      this.refuseTaskWith = null;
      throw new TransportError('This task is not one you can track time on under this contract', status);
    }
    this.currentTasks.set(attendanceId, task);
    return { attendance_id: attendanceId, task };
  }
  async clockIn() {
    this.shift = { ...this.shift, status: 'ongoing', started_at: new Date().toISOString() };
    return this.shift;
  }
  async clockOut() {
    this.shift = { ...this.shift, status: 'completed', ended_at: new Date().toISOString() };
    return this.shift;
  }
  async sendPings(attendanceId: number, pings: PingInput[]): Promise<PingResult> {
    this.calls.push({ attendanceId, ids: pings.map((p) => p.id) });
    if (this.down) throw new TransportError('Failed to fetch');
    if (this.failWith) throw new TransportError(`status ${this.failWith}`, this.failWith);
    let accepted = 0;
    let duplicates = 0;
    const rejected: PingResult['rejected'] = [];
    pings.forEach((ping, index) => {
      if (this.refuseAllWith !== null) {
        rejected.push({ index, id: ping.id, status: 422, message: 'Refused', code: this.refuseAllWith });
      } else if (this.refuse.has(ping.id)) {
        rejected.push({
          index,
          id: ping.id,
          status: 422,
          message: 'This ping lies outside the shift',
          code: 'x',
        });
      } else if (ping.task_id != null && this.refuseTaskIds.has(ping.task_id)) {
        rejected.push({
          index,
          id: ping.id,
          status: 422,
          message: 'This task is not one you can track time on under this contract',
          code: 'projects.task_not_pickable',
        });
      } else if (ping.general_task_id != null && this.refuseGeneralTaskIds.has(ping.general_task_id)) {
        rejected.push({
          index,
          id: ping.id,
          status: 422,
          message: 'This general task does not exist',
          code: 'projects.general_task_not_found',
        });
      } else if (this.received.has(ping.id)) duplicates++;
      else {
        this.received.set(ping.id, ping);
        accepted++;
      }
    });
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new TransportError('socket hang up');
    }
    const worked = this.received.size * 60;
    this.shift = { ...this.shift, worked_seconds: worked };
    return { accepted, duplicates, rejected, attendance: this.shift };
  }
}

/** Server messages pushed by hand (`emit`), as a socket would deliver them. */
export class FakeEvents implements TrackerEvents {
  private readonly listeners = new Set<(m: ServerMessage) => void>();
  subscribe(listener: (m: ServerMessage) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(message: ServerMessage) {
    for (const l of this.listeners) l(message);
  }
}

/**
 * A clock the test moves by hand, whose timers can fire late or early (a throttled background tab, a busy
 * event loop, a wall clock that is slewed): `advanceTo` runs each timer due by then `lateMs` after its time.
 */
export class ManualClock implements TrackerClock {
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  private ids = 0;
  constructor(public t: number) {}
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    this.timers.set(++this.ids, { at: this.t + ms, fn });
    return this.ids;
  };
  clearTimeout = (handle: unknown) => {
    this.timers.delete(handle as number);
  };
  /** The moments the pending timers are due at, earliest first. */
  get due(): number[] {
    return [...this.timers.values()].map((timer) => timer.at).sort((a, b) => a - b);
  }
  /** Fires the earliest timer now, whatever its time (one that fires early or late). */
  fireNext(): void {
    const [id, timer] = [...this.timers.entries()].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
    if (id === undefined || !timer) throw new Error('No timer pending');
    this.timers.delete(id);
    timer.fn();
  }
  /** Moves to `to`, firing every timer due by then, each `lateMs` after its time. */
  advanceTo(to: number, lateMs = 0): void {
    for (;;) {
      const next = [...this.timers.entries()]
        .filter(([, timer]) => timer.at + lateMs <= to)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      const [id, timer] = next;
      this.timers.delete(id);
      this.t = Math.max(this.t, timer.at + lateMs);
      timer.fn();
    }
    this.t = to;
  }
}
