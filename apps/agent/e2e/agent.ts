// The desktop agent as a VA runs it: `npm run agent -- <command>` from the repository, with its state in a
// temporary VAHUB_AGENT_HOME and the virtual display in DISPLAY. `run` goes in the background in its own process
// group; its output is kept, and its CPU and memory are read from /proc.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './server';

const exec = promisify(execFile);

export type AgentStatus = Record<string, unknown> & { recording?: boolean };

export class Agent {
  readonly home = mkdtempSync(join(tmpdir(), 'vahub-agent-home-'));
  private runner: ChildProcess | null = null;
  /** What `run` printed (stdout and stderr, in arrival order). */
  output = '';

  constructor(
    private readonly display: string,
    private readonly extraEnv: Record<string, string> = {},
  ) {}

  private get env() {
    return { ...process.env, DISPLAY: this.display, VAHUB_AGENT_HOME: this.home, ...this.extraEnv };
  }

  /** One command to completion; its output, or an error with both streams when it exits non-zero. */
  async cli(...args: string[]): Promise<string> {
    try {
      const { stdout } = await exec('npm', ['run', '--silent', 'agent', '--', ...args], {
        cwd: ROOT,
        env: this.env,
        timeout: 60_000,
      });
      return stdout;
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; code?: number };
      throw new Error(`agent ${args.join(' ')} failed (${e.code}):\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    }
  }

  /**
   * `login --server URL` through the browser (the device flow): answers the link the agent printed (with the user
   * code) once it is waiting, and the command's end (its exit code and output).
   */
  async deviceLogin(
    server: string,
  ): Promise<{ link: string; done: Promise<{ code: number | null; output: string }> }> {
    const child = spawn('npm', ['run', '--silent', 'agent', '--', 'login', '--server', server], {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const done = new Promise<{ code: number | null; output: string }>((resolve) =>
      child.once('close', (code) => resolve({ code, output })),
    );
    const link = await new Promise<string>((resolve, reject) => {
      const look = (chunk: Buffer) => {
        output += chunk.toString();
        const found = /\(or open (\S+)\)/.exec(output);
        if (found) resolve(found[1]);
      };
      child.stdout?.on('data', look);
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      void done.then(() => reject(new Error(`login ended before printing a link:\n${output}`)));
    });
    return { link, done };
  }

  /** What the running agent last wrote for `status` (`state.json`: shift, socket, recording). */
  runState(): Record<string, unknown> | null {
    try {
      return JSON.parse(readFileSync(join(this.home, 'state.json'), 'utf8')) as Record<string, unknown>;
    } catch {
      return null;
    }
  }

  async status(): Promise<AgentStatus> {
    const out = await this.cli('status', '--json');
    return JSON.parse(out.slice(out.indexOf('{'))) as AgentStatus;
  }

  /** `run` in the background. */
  start() {
    const child = spawn('npm', ['run', '--silent', 'agent', '--', 'run'], {
      cwd: ROOT,
      env: this.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-50_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.runner = child;
    return child;
  }

  /** Whether `run` is still running, and its exit code once it is not. */
  get running() {
    return this.runner !== null && this.runner.exitCode === null && this.runner.signalCode === null;
  }

  get exitCode() {
    return this.runner?.exitCode ?? null;
  }

  /** Stops `run` (its whole process group) if it still runs, and removes the agent's state. */
  async stop() {
    const child = this.runner;
    if (child?.pid && this.running) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (this.running)
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
    }
    // A child of the agent may still be writing its log or outbox for a moment after the group's exit: retry the
    // removal (ENOTEMPTY) rather than fail a passing test in its clean-up.
    rmSync(this.home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }

  /**
   * CPU (percent of one core over `windowMs`) and resident memory of the tracking process: the descendant of
   * `npm run` with the most memory (npm and any launcher above it only wait).
   */
  async usage(
    windowMs: number,
  ): Promise<{ pid: number; command: string; cpuPercent: number; rssMb: number }> {
    const pid = this.trackingPid();
    const ticks = () => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime + stime, fields 14 and 15 of stat
    };
    const hz = Number((await exec('getconf', ['CLK_TCK'])).stdout.trim()) || 100;
    const before = ticks();
    const t0 = performance.now();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const cpuPercent = ((ticks() - before) / hz / ((performance.now() - t0) / 1000)) * 100;
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, command: command.slice(-80), cpuPercent, rssMb: rssKb(pid) / 1024 };
  }

  private trackingPid(): number {
    const root = this.runner?.pid;
    if (!root) throw new Error('the agent is not running');
    const parents = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        parents.set(Number(entry), Number(stat.split(') ')[1].split(' ')[1]));
      } catch {}
    }
    const descendants = [root];
    for (let i = 0; i < descendants.length; i++)
      for (const [pid, ppid] of parents) if (ppid === descendants[i]) descendants.push(pid);
    return descendants.reduce((best, pid) => (rssKb(pid) > rssKb(best) ? pid : best), root);
  }
}

function rssKb(pid: number): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}
