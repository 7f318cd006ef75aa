import type { Attendance } from '@vahub/shared/attendance/schemas';
import type { CurrentShift } from '@vahub/shared/attendance/tracker-protocol';
import { type AgentLine, askAgent, type ClockOutAnswer } from './agent-requests';
import { installedEntry } from './autostart';
import { outboxBacklog } from './file-outbox';
import { type FetchFn, HttpError, requestJson } from './http';
import { detectNotifier } from './notify';
import type { files } from './paths';
import { readSession, TokenKeeper } from './session';
import { formatDuration, readRunState, runningAgentPid, type StatusReport } from './state';
import { FileTaskStore } from './task-store';
import { checkForUpdate } from './update-check';

/** The outside world of a command: output, environment, network, time. */
export interface Io extends AgentLine {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  fetch: FetchFn;
  now(): number;
  /** Asks the VA a yes/no question on the terminal (absent without one). */
  ask?: (question: string) => Promise<string>;
  /** Waits (the device flow's polling); tests answer at once. */
  sleep?: (ms: number) => Promise<void>;
}

type Paths = ReturnType<typeof files>;

export function keeperFor(paths: Paths, io: Io, onSignedOut?: (reason: string) => void): TokenKeeper {
  return new TokenKeeper({
    path: paths.session,
    lockPath: paths.sessionLock,
    fetch: io.fetch,
    now: io.now,
    onSignedOut,
  });
}

const VA = '/api/v1/va-access';

/** A signed-in call: refreshes the token before it expires and once after a 401. */
export async function call<T>(
  { keeper, fetch }: Signed,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  const server = keeper.server;
  let token = await keeper.getToken();
  if (!token || !server)
    throw new HttpError('Not signed in. Run: vahub-agent login --server URL --email E --password P');
  try {
    return await requestJson<T>(fetch, `${server}${path}`, { ...init, token });
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 401) throw error;
    token = (await keeper.refresh(token)).access_token;
    return requestJson<T>(fetch, `${server}${path}`, { ...init, token });
  }
}

export interface Signed {
  keeper: TokenKeeper;
  fetch: FetchFn;
}

export async function signedIn(paths: Paths, io: Io): Promise<Signed> {
  const keeper = keeperFor(paths, io);
  if (!(await keeper.load()))
    throw new HttpError('Not signed in. Run: vahub-agent login --server URL --email E --password P');
  return { keeper, fetch: io.fetch };
}

const title = (c: CurrentShift) => (c.contract ? `"${c.contract.title}"` : 'your shift');

export async function clockIn(paths: Paths, io: Io): Promise<number> {
  const keeper = await signedIn(paths, io);
  const current = await call<CurrentShift>(keeper, `${VA}/attendance/current/user`);
  if (current.state === 'ongoing' && current.attendance) {
    io.stdout(`Already on shift: ${title(current)} (attendance ${current.attendance.id}).`);
    return 0;
  }
  if (current.state === 'none' || !current.attendance) {
    io.stderr('No shift to clock in to: you have no current or upcoming shift.');
    return 1;
  }
  const attendance = await call<Attendance>(keeper, `${VA}/attendance/clock-in`, {
    method: 'POST',
    body: { attendance_id: current.attendance.id },
  });
  const running = await runningAgentPid(paths.runPid);
  io.stdout(
    `Clocked in: ${title(current)} (attendance ${attendance.id}).` +
      (running ? ' The running agent records this shift.' : ' Start the agent to record it: vahub-agent run'),
  );
  return 0;
}

export async function clockOut(paths: Paths, io: Io): Promise<number> {
  const pid = process.platform === 'win32' ? null : await runningAgentPid(paths.runPid);
  const state = pid ? await readRunState(paths.state) : null;
  if (pid && state?.pid === pid && state.recording) {
    const answer = await askAgent<ClockOutAnswer>(paths, pid, { command: 'clock-out' }, paths.clockOut, io);
    if (answer?.ok) {
      io.stdout(`Clocked out (attendance ${answer.id}), worked ${formatDuration(answer.worked_seconds)}.`);
      return 0;
    }
    // The agent could not (server unreachable, not on shift as it sees it): try directly.
  }
  const keeper = await signedIn(paths, io);
  const current = await call<CurrentShift>(keeper, `${VA}/attendance/current/user`);
  if (current.state !== 'ongoing' || !current.attendance) {
    io.stderr('Not on shift: nothing to clock out of.');
    return 1;
  }
  const ended = await call<Attendance>(keeper, `${VA}/attendance/clock-out`, {
    method: 'POST',
    body: { attendance_id: current.attendance.id },
  });
  io.stdout(
    `Clocked out of ${title(current)} (attendance ${ended.id}), worked ${formatDuration(ended.worked_seconds)}.`,
  );
  return 0;
}

/** The local date as YYYY-MM-DD. */
function localDate(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Everything `status` shows: the server's word when it answers, the running agent's state file otherwise. */
export async function collectStatus(paths: Paths, io: Io): Promise<StatusReport> {
  const session = await readSession(paths.session);
  const [pid, run, backlog] = await Promise.all([
    runningAgentPid(paths.runPid),
    readRunState(paths.state),
    outboxBacklog(paths.outbox).catch(() => ({ pings: 0, screens: 0 })),
  ]);
  const live = pid !== null && run !== null && run.pid === pid ? run : null;
  const report: StatusReport = {
    signed_in: session !== null,
    server: session?.server ?? null,
    email: session?.email ?? null,
    shift: 'unknown',
    attendance_id: live?.attendance_id ?? null,
    today_worked_seconds: live?.worked_seconds ?? null,
    task: live ? (live.task ?? null) : ((await new FileTaskStore(paths.task).load())?.task ?? null),
    can_clock_in: null,
    clock_in_opens_at: null,
    running: pid !== null,
    recording: live?.recording ?? false,
    backlog,
    activity_problem: live?.activity_problem ?? null,
    window_problem: live?.window_problem ?? null,
    can_capture: live?.can_capture ?? false,
    last_sync_at: live?.last_sync_at ?? null,
    last_capture_at: live?.last_capture_at ?? null,
    last_error: live?.last_error ?? null,
    autostart: installedEntry(io.env),
    notifications: await detectNotifier(io.env).then((n) =>
      n.method === null ? `off: ${n.reason}` : n.method,
    ),
    update: null,
  };
  if (!session) return report;
  const update = await checkForUpdate(io.fetch, session.server, io.now()).catch(() => null);
  if (update?.available && update.latest) report.update = { latest: update.latest, link: update.link };
  try {
    const keeper = await signedIn(paths, io);
    const current = await call<CurrentShift>(keeper, `${VA}/attendance/current/user`);
    const ongoing = current.state === 'ongoing' && current.attendance;
    report.shift = ongoing
      ? live?.shift === 'idle'
        ? 'idle'
        : 'on_shift'
      : live?.shift === 'forced_out'
        ? 'forced_out'
        : 'clocked_out';
    report.attendance_id = ongoing ? (current.attendance?.id ?? null) : report.attendance_id;
    report.can_clock_in = current.can_clock_in;
    report.clock_in_opens_at = current.clock_in_opens_at;
    const today = localDate(io.now());
    const list = await call<{ data: Attendance[] }>(
      keeper,
      `${VA}/attendances?start_date=${today}&end_date=${today}&per_page=100`,
    ).catch(() => null);
    const worked = list?.data.reduce((sum, a) => sum + a.worked_seconds, 0);
    report.today_worked_seconds =
      worked ?? (ongoing ? (current.attendance?.worked_seconds ?? 0) : report.today_worked_seconds);
  } catch (error) {
    report.last_error = (error as Error).message;
  }
  return report;
}
