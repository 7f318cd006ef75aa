import type { CurrentShift } from '@vahub/shared/attendance/tracker-protocol';
import type { GeneralTask, PickableTask } from '@vahub/shared/projects/schemas';
import type { CurrentTask } from '@vahub/tracker-core/current-task';
import { fromServerTask, toServerTask } from '@vahub/tracker-core/task-sync';
import { askAgent, type TaskAnswer } from './agent-requests';
import { call, type Io, type Signed, signedIn } from './commands';
import { HttpError } from './http';
import type { files } from './paths';
import { describeTask, formatDuration, readRunState, runningAgentPid } from './state';
import { FileTaskStore } from './task-store';

type Paths = ReturnType<typeof files>;

/** What `task` was asked: a task, a general task, or none. */
export type TaskWish = { kind: 'task' | 'general'; id: number } | 'clear';

/** `tasks --json`: the shift's contract, the task now current, and what may be picked. */
export interface TaskLists {
  contract: { id: number; title: string } | null;
  client: string | null;
  /** The ongoing attendance, if any (a choice made now belongs to it). */
  attendance_id: number | null;
  current: CurrentTask | null;
  /** Open tasks of the contract's client's active projects, mine first. */
  tasks: PickableTask[];
  general_tasks: GeneralTask[];
}

const VA = '/api/v1/va-access';

/** The running agent's pid when its state file is its own (not on Windows: no signal reaches it there). */
async function liveAgent(paths: Paths): Promise<number | null> {
  if (process.platform === 'win32') return null;
  const pid = await runningAgentPid(paths.runPid);
  const state = pid ? await readRunState(paths.state) : null;
  return pid && state?.pid === pid ? pid : null;
}

/**
 * The task the pings name: the running agent's; else, on shift, the server's (what the VA's trackers follow,
 * with the title `task.json` knows); else the choice waiting in `task.json`.
 */
async function currentTask(paths: Paths, current: CurrentShift): Promise<CurrentTask | null> {
  const pid = await runningAgentPid(paths.runPid);
  const state = pid ? await readRunState(paths.state) : null;
  if (pid && state?.pid === pid) return state.task ?? null;
  const saved = (await new FileTaskStore(paths.task).load())?.task ?? null;
  if (current.state === 'ongoing' && current.current_task !== undefined)
    return fromServerTask(current.current_task, saved);
  return saved;
}

async function loadLists(paths: Paths, signed: Signed): Promise<TaskLists> {
  const current = await call<CurrentShift>(signed, `${VA}/attendance/current/user`);
  const contract = current.contract;
  const [tasks, general] = await Promise.all([
    contract
      ? call<{ data: PickableTask[] }>(signed, `${VA}/client-tasks/contract/${contract.id}`)
      : { data: [] },
    call<{ data: GeneralTask[] }>(signed, '/api/v1/general-tasks'),
  ]);
  return {
    contract,
    client: current.client?.name ?? null,
    attendance_id: current.state === 'ongoing' ? (current.attendance?.id ?? null) : null,
    current: await currentTask(paths, current),
    tasks: tasks.data,
    general_tasks: general.data.filter((g) => g.active),
  };
}

/** `vahub-agent tasks [--json]`. */
export async function listTasks(paths: Paths, io: Io, json: boolean): Promise<number> {
  const lists = await loadLists(paths, await signedIn(paths, io));
  io.stdout(json ? JSON.stringify(lists, null, 2) : formatLists(lists));
  return 0;
}

function formatLists(l: TaskLists): string {
  const mark = (kind: CurrentTask['kind'], id: number) =>
    l.current?.kind === kind && l.current.id === id ? '*' : ' ';
  const width = String(Math.max(0, ...l.tasks.map((t) => t.id), ...l.general_tasks.map((g) => g.id))).length;
  const line = (kind: CurrentTask['kind'], id: number, text: string) =>
    `${mark(kind, id)} ${String(id).padStart(width)}  ${text}`;
  const task = (t: PickableTask) =>
    line(
      'task',
      t.id,
      [
        t.title,
        `${t.project.name}, ${t.priority}${t.due_date ? `, due ${t.due_date}` : ''}`,
        t.tracked_seconds ? `${formatDuration(t.tracked_seconds)} tracked` : null,
      ]
        .filter(Boolean)
        .join(' · '),
    );
  const out: string[] = [
    l.contract
      ? `Tasks of "${l.contract.title}"${l.client ? ` for ${l.client}` : ''}:`
      : 'No current or upcoming shift: only general tasks can be chosen.',
  ];
  const mine = l.tasks.filter((t) => t.assigned_to_me);
  if (mine.length) out.push('', 'My tasks', ...mine.map(task));
  const projects = new Map<string, PickableTask[]>();
  for (const t of l.tasks.filter((t) => !t.assigned_to_me))
    projects.set(t.project.name, [...(projects.get(t.project.name) ?? []), t]);
  for (const [name, tasks] of projects) out.push('', name, ...tasks.map(task));
  if (l.contract && !l.tasks.length) out.push('', 'No open tasks in the projects of this client.');
  out.push('', 'General tasks');
  if (l.general_tasks.length) out.push(...l.general_tasks.map((g) => line('general', g.id, g.name)));
  else out.push('  none');
  out.push(
    '',
    `Current: ${l.current ? describeTask(l.current) : 'none'}`,
    'Choose with: vahub-agent task <id> | task --general <id> | task --clear',
  );
  return out.join('\n');
}

/** The wished task with its title, checked against what the VA may pick; null with a message when it is not. */
async function resolve(
  wish: Exclude<TaskWish, 'clear'>,
  lists: TaskLists | null,
  io: Io,
): Promise<CurrentTask | null> {
  if (!lists) return { kind: wish.kind, id: wish.id };
  if (wish.kind === 'general') {
    const found = lists.general_tasks.find((g) => g.id === wish.id);
    if (found) return { kind: 'general', id: found.id, title: found.name };
    io.stderr(
      `General task ${wish.id} is not one of the organization's general tasks. See: vahub-agent tasks`,
    );
    return null;
  }
  const found = lists.tasks.find((t) => t.id === wish.id);
  if (found) return { kind: 'task', id: found.id, title: found.title };
  io.stderr(
    lists.contract
      ? `Task ${wish.id} is not an open task you can track under "${lists.contract.title}". See: vahub-agent tasks`
      : `Task ${wish.id} cannot be tracked: you have no current or upcoming shift.`,
  );
  return null;
}

/**
 * On shift without a running agent: the server keeps the choice for the shift, so the VA's other trackers (the
 * web timer) name it now, and the agent takes it when it starts. An unreachable server leaves it in `task.json`.
 */
async function toldServer(
  paths: Paths,
  signed: Signed,
  io: Io,
  attendanceId: number,
  task: CurrentTask | null,
): Promise<'told' | 'refused' | 'offline'> {
  try {
    await call(signed, `${VA}/attendance/current-task`, {
      method: 'PUT',
      body: { attendance_id: attendanceId, task: toServerTask(task) },
    });
    return 'told';
  } catch (error) {
    if (!(error instanceof HttpError) || error.status === undefined) return 'offline';
    io.stderr(`Error: ${error.message}`);
    await new FileTaskStore(paths.task).save(null);
    return 'refused';
  }
}

/**
 * `vahub-agent task <id> | --general <id> | --clear`: through the running agent (its next pings name the
 * task, and the server tells the VA's other trackers), else, on shift, told to the server, and saved in
 * `task.json` for the next run. The id is checked against the server's lists first; when
 * the server cannot be reached the choice is taken unchecked (the server ignores an id it does not know).
 */
export async function chooseTask(paths: Paths, io: Io, wish: TaskWish): Promise<number> {
  const signed = await signedIn(paths, io);
  let lists: TaskLists | null = null;
  try {
    lists = await loadLists(paths, signed);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== undefined) throw error;
    if (wish !== 'clear') io.stderr(`${error.message}: the task is taken without checking it.`);
  }
  const task = wish === 'clear' ? null : await resolve(wish, lists, io);
  if (wish !== 'clear' && !task) return 1;
  const what = task ? describeTask(task) : null;

  const pid = await liveAgent(paths);
  if (pid) {
    const answer = await askAgent<TaskAnswer>(paths, pid, { command: 'task', task }, paths.taskAnswer, io);
    if (answer && !answer.ok) {
      io.stderr(`Error: ${answer.error}`);
      return 1;
    }
    if (answer?.ok) {
      io.stdout(
        !what
          ? 'No task: time is tracked without one.'
          : answer.tracking
            ? `Now tracking time on ${what}.`
            : `Chose ${what}: it applies when you clock in.`,
      );
      return 0;
    }
    // No answer in time: keep the choice for the agent's next run.
  }
  const attendanceId = lists?.attendance_id ?? null;
  await new FileTaskStore(paths.task).save(task ? { task, attendanceId } : null);
  const told = attendanceId === null ? 'offline' : await toldServer(paths, signed, io, attendanceId, task);
  if (told === 'refused') return 1;
  if (told === 'told')
    io.stdout(
      what
        ? `Now tracking time on ${what}: your trackers name it on this shift (this agent too, once it runs).`
        : 'No task: time is tracked without one on this shift.',
    );
  else
    io.stdout(
      !what
        ? 'No task: time is tracked without one (saved for the next run).'
        : `Saved ${what}: the agent names it ${attendanceId ? 'on this shift' : 'from your next clock-in'} once it runs (vahub-agent run).`,
    );
  return 0;
}
