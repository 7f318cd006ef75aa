import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the agent keeps its state: `VAHUB_AGENT_HOME` when set, else the user's config folder
 * (`%APPDATA%\vahub-agent` on Windows, `$XDG_CONFIG_HOME/vahub-agent`, else `~/.config/vahub-agent`).
 */
export function agentHome(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.VAHUB_AGENT_HOME) return env.VAHUB_AGENT_HOME;
  if (platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'vahub-agent');
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'vahub-agent');
  return join(env.HOME ?? homedir(), '.config', 'vahub-agent');
}

export const files = (home: string) => ({
  session: join(home, 'session.json'),
  sessionLock: join(home, 'session.lock'),
  /** What the running agent last saw (read by `status`). */
  state: join(home, 'state.json'),
  /** The pid of the running `run`. */
  runPid: join(home, 'run.pid'),
  /** The running agent's answer to `clock-out`. */
  clockOut: join(home, 'clock-out.json'),
  /** What a command asks the running agent to do (read on SIGUSR2): `clock-out` or `task`. */
  request: join(home, 'request.json'),
  /** The running agent's answer to `task`. */
  taskAnswer: join(home, 'task-answer.json'),
  /** The current task (the tracker core's choice), kept across runs. */
  task: join(home, 'task.json'),
  outbox: join(home, 'outbox'),
  /** The server's last word on the shift, for a start while it cannot be reached. */
  shift: join(home, 'shift.json'),
  log: join(home, 'agent.log'),
});
