import { readFile, rm, writeFile } from 'node:fs/promises';
import type { CurrentTask } from '@vahub/tracker-core/current-task';
import { isTracking } from '@vahub/tracker-core/shift-state';
import type { TrackerClient } from '@vahub/tracker-core/tracker-client';
import type { files } from './paths';
import { describeTask } from './state';

/**
 * Commands that act through the running agent (`clock-out`, `task`): the command writes its request to
 * `request.json`, signals the agent (SIGUSR2), and waits for the answer file. Going through the agent keeps
 * one owner of the tracker state: a clock-out sends the last seconds first, a task switch names the next pings.
 */
export type AgentRequest = { command: 'clock-out' } | { command: 'task'; task: CurrentTask | null };

/** What the running agent answers a `clock-out` with. */
export type ClockOutAnswer = { ok: true; id: number; worked_seconds: number } | { ok: false; error: string };

/** What the running agent answers a `task` with: the task now current, and whether its shift is tracked. */
export type TaskAnswer =
  | { ok: true; task: CurrentTask | null; tracking: boolean }
  | { ok: false; error: string };

type Paths = ReturnType<typeof files>;

/** How a command reaches the agent: its signal, and a pause between looks at the answer file (tests fake them). */
export interface AgentLine {
  kill?: (pid: number, signal: NodeJS.Signals) => void;
  now(): number;
}

const WAIT_MS = 15_000;

/** Asks the running agent; null when it did not answer in time (the caller falls back). */
export async function askAgent<A>(
  paths: Paths,
  pid: number,
  request: AgentRequest,
  answerPath: string,
  line: AgentLine,
): Promise<A | null> {
  await rm(answerPath, { force: true });
  await writeFile(paths.request, JSON.stringify(request), { mode: 0o600 });
  (line.kill ?? process.kill)(pid, 'SIGUSR2');
  const until = line.now() + WAIT_MS;
  while (line.now() < until) {
    const text = await readFile(answerPath, 'utf8').catch(() => null);
    if (text) {
      await rm(answerPath, { force: true });
      return JSON.parse(text) as A;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await rm(paths.request, { force: true });
  return null;
}

/** In the running agent, on SIGUSR2: reads the request and answers it (no request: a clock-out, as before). */
export async function answerRequest(
  client: Pick<TrackerClient, 'clockOut' | 'setTask' | 'getSnapshot' | 'flush'>,
  paths: Paths,
  log: (line: string) => void,
): Promise<void> {
  const text = await readFile(paths.request, 'utf8').catch(() => null);
  await rm(paths.request, { force: true });
  let request: AgentRequest = { command: 'clock-out' };
  try {
    if (text) request = JSON.parse(text) as AgentRequest;
  } catch {}
  if (request.command === 'task') await taskHere(client, request.task, paths.taskAnswer, log);
  else await clockOutHere(client, paths.clockOut, log);
}

/** In the running agent: clocks out through the tracker client (the last seconds become a ping first). */
export async function clockOutHere(
  client: Pick<TrackerClient, 'clockOut'>,
  answerPath: string,
  log: (line: string) => void,
): Promise<void> {
  let answer: ClockOutAnswer;
  try {
    const ended = await client.clockOut();
    answer = { ok: true, id: ended.id, worked_seconds: ended.worked_seconds };
    log(`Clocked out (attendance ${ended.id}) at the request of "clock-out"`);
  } catch (error) {
    answer = { ok: false, error: (error as Error).message };
  }
  await writeFile(answerPath, JSON.stringify(answer), { mode: 0o600 });
}

/** In the running agent: switches the task the next pings name (the choice is stored before answering). */
export async function taskHere(
  client: Pick<TrackerClient, 'setTask' | 'getSnapshot' | 'flush'>,
  task: CurrentTask | null,
  answerPath: string,
  log: (line: string) => void,
): Promise<void> {
  let answer: TaskAnswer;
  try {
    client.setTask(task);
    await client.flush();
    const snapshot = client.getSnapshot();
    answer = { ok: true, task: snapshot.task ?? null, tracking: isTracking(snapshot.shift) };
    log(
      task
        ? `Now on ${describeTask(task)} (at the request of "task")`
        : 'No task now (at the request of "task")',
    );
  } catch (error) {
    answer = { ok: false, error: (error as Error).message };
  }
  await writeFile(answerPath, JSON.stringify(answer), { mode: 0o600 });
}
