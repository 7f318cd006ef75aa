import { open, readFile, rename } from 'node:fs/promises';
import type { CurrentTask } from '@vahub/tracker-core/current-task';
import type { ShiftStatus } from '@vahub/tracker-core/shift-state';

/** What the running agent (`run`) last saw, written to `state.json` for `status`. */
export interface RunState {
  pid: number;
  updated_at: string;
  shift: ShiftStatus;
  attendance_id: number | null;
  worked_seconds: number | null;
  /** The task the pings name (absent in a state file of an agent from before tasks). */
  task?: CurrentTask | null;
  /** Pings and screens are being recorded (on a shift the VA clocked in to). */
  recording: boolean;
  /** Why keyboard and mouse are not counted, or null when they are. */
  activity_problem: string | null;
  /** Why the active window is not read, or null when it is. */
  window_problem: string | null;
  /** The agent can take screenshots (what the socket tells the server). */
  can_capture: boolean;
  socket: 'connected' | 'disconnected';
  last_sync_at: string | null;
  last_capture_at: string | null;
  last_error: string | null;
}

export async function writeRunState(path: string, state: RunState): Promise<void> {
  const tmp = `${path}.tmp`;
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(state, null, 2)}\n`);
  } finally {
    await handle.close();
  }
  await rename(tmp, path);
}

export async function readRunState(path: string): Promise<RunState | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as RunState;
  } catch {
    return null;
  }
}

/** Whether a process with this pid runs (signal 0 only checks). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function runningAgentPid(pidPath: string): Promise<number | null> {
  try {
    const pid = Number((await readFile(pidPath, 'utf8')).trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** `status --json`: one object, stable field names. */
export interface StatusReport {
  signed_in: boolean;
  server: string | null;
  email: string | null;
  /** `on_shift`, `idle`, `clocked_out`, `forced_out`, or `unknown` when the server cannot be reached. */
  shift: ShiftStatus | 'unknown';
  attendance_id: number | null;
  /** Worked seconds of today's attendances as the server counts them (the agent's last word offline). */
  today_worked_seconds: number | null;
  /** The task the pings name: the running agent's, else the choice waiting for the next run. */
  task: CurrentTask | null;
  can_clock_in: boolean | null;
  clock_in_opens_at: string | null;
  /** A `run` is alive. */
  running: boolean;
  /** The running agent records this shift now. */
  recording: boolean;
  backlog: { pings: number; screens: number };
  activity_problem: string | null;
  window_problem: string | null;
  can_capture: boolean;
  last_sync_at: string | null;
  last_capture_at: string | null;
  last_error: string | null;
  /** The autostart entry when the agent starts with the computer (`install`), else null. */
  autostart: string | null;
  /** How desktop notifications are shown (`notify-send`, `gdbus`, `powershell`), or `off: <why>`. */
  notifications: string;
  /** The server's latest agent, when it says one and it is newer than this one. */
  update: { latest: string; link: string | null } | null;
}

export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${h}h ${String(m).padStart(2, '0')}m`;
}

/** `task 12 "Fix the login"`, `general task 3 "Meetings"`. */
export function describeTask(task: CurrentTask): string {
  const kind = task.kind === 'general' ? 'general task' : 'task';
  return `${kind} ${task.id}${task.title ? ` "${task.title}"` : ''}`;
}

const SHIFT_TEXT: Record<StatusReport['shift'], string> = {
  on_shift: 'on shift',
  idle: 'on shift, idle',
  clocked_out: 'clocked out',
  forced_out: 'clocked out by an admin or manager',
  unknown: 'unknown (server unreachable)',
};

/** The human `status`: a few aligned lines. */
export function formatStatus(r: StatusReport): string {
  const host: Array<[string, string]> = [
    ['Starts with computer', r.autostart ? `yes (${r.autostart})` : 'no (vahub-agent install)'],
    ['Notifications', r.notifications],
  ];
  if (r.update)
    host.push([
      'Update',
      `version ${r.update.latest} is available${r.update.link ? `: ${r.update.link}` : ''}`,
    ]);
  if (!r.signed_in) return `Not signed in. Run: vahub-agent login --server URL\n${align(host)}`;
  const lines: Array<[string, string]> = [
    ['Signed in', `${r.email || 'through the browser'} on ${r.server}`],
    ['Shift', SHIFT_TEXT[r.shift] + (r.attendance_id ? ` (attendance ${r.attendance_id})` : '')],
    ['Worked today', r.today_worked_seconds === null ? 'unknown' : formatDuration(r.today_worked_seconds)],
    ['Task', r.task ? describeTask(r.task) : 'none (choose one: vahub-agent tasks, vahub-agent task <id>)'],
    [
      'Agent',
      r.running
        ? r.recording
          ? 'running, RECORDING activity and screenshots of this shift'
          : 'running, not recording (no shift clocked in)'
        : 'not running (start it with: vahub-agent run)',
    ],
    ['Outbox', `${r.backlog.pings} ping(s), ${r.backlog.screens} screen(s) waiting to be sent`],
  ];
  if (r.shift === 'clocked_out' && r.clock_in_opens_at && !r.can_clock_in)
    lines.push(['Clock-in opens', r.clock_in_opens_at]);
  if (r.running) {
    lines.push([
      'Activity',
      r.activity_problem ? `not counted: ${r.activity_problem}` : 'keyboard and mouse counted',
    ]);
    lines.push(['Active window', r.window_problem ? `not read: ${r.window_problem}` : 'read']);
    lines.push(['Screenshots', r.can_capture ? 'can capture' : 'cannot capture']);
  }
  if (r.last_sync_at) lines.push(['Last sync', r.last_sync_at]);
  if (r.last_capture_at) lines.push(['Last screenshot', r.last_capture_at]);
  lines.push(['Last error', r.last_error ?? 'none']);
  return align([...lines, ...host]);
}

function align(lines: Array<[string, string]>): string {
  const width = Math.max(...lines.map(([k]) => k.length)) + 2;
  return lines.map(([k, v]) => `${`${k}:`.padEnd(width)}${v}`).join('\n');
}
