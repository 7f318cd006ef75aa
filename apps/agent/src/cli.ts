#!/usr/bin/env node
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { hostClock } from '@vahub/tracker-core/clock';
import type { SocketLike } from '@vahub/tracker-core/socket';
import WebSocket from 'ws';
import { startAgent } from './agent';
import { answerRequest } from './agent-requests';
import { agentCommand, install, installedEntry, isPackaged, uninstall } from './autostart';
import { clockIn, clockOut, collectStatus, type Io, keeperFor } from './commands';
import { deviceLogin } from './device-login';
import { HELP } from './help';
import { detectHost } from './host';
import { HttpError, requestJson } from './http';
import { keepAliveAfterConnect } from './keep-alive';
import { RotatingLog, tailLog } from './logfile';
import { createNotifier, detectNotifier } from './notify';
import { agentHome, files } from './paths';
import { deleteSession, passwordGrant, readSession, sessionFrom, writeSession } from './session';
import { formatStatus, runningAgentPid } from './state';
import { chooseTask, listTasks, type TaskWish } from './task-commands';
import { checkForUpdate } from './update-check';
import { AGENT_VERSION } from './version';

const COMMANDS = [
  'login',
  'logout',
  'run',
  'clock-in',
  'clock-out',
  'status',
  'tasks',
  'task',
  'install',
  'uninstall',
  'logs',
  'help',
  'version',
] as const;
type Command = (typeof COMMANDS)[number];

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      server: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      json: { type: 'boolean', default: false },
      general: { type: 'string' },
      clear: { type: 'boolean', default: false },
      lines: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  });
  const [name, ...rest] = positionals;
  if (values.version || name === 'version') return { command: 'version' as Command, values };
  if (values.help || name === undefined || name === 'help') return { command: 'help' as Command, values };
  if (!(COMMANDS as readonly string[]).includes(name)) throw new UsageError(`Unknown command: ${name}`);
  const command = name as Command;
  const [extra] = command === 'task' ? rest.slice(1) : rest;
  if (extra !== undefined) throw new UsageError(`Unexpected argument: ${extra}`);
  const allowed: Record<Command, string[]> = {
    login: ['server', 'email', 'password'],
    logout: [],
    run: ['server'],
    'clock-in': [],
    'clock-out': [],
    status: ['json'],
    tasks: ['json'],
    task: ['general', 'clear'],
    install: [],
    uninstall: [],
    logs: ['lines'],
    help: [],
    version: [],
  };
  for (const [key, value] of Object.entries(values))
    if (
      value !== undefined &&
      value !== false &&
      key !== 'help' &&
      key !== 'version' &&
      !allowed[command].includes(key)
    )
      throw new UsageError(`${command} takes no --${key}`);
  // Without --email, login signs in through the browser (the device flow); with it, by password (scripts).
  if (command === 'login') {
    if (!values.server) throw new UsageError('login needs --server');
    if (values.email && !values.password) throw new UsageError('login needs --password with --email');
    if (values.password && !values.email) throw new UsageError('login needs --email with --password');
  }
  if (values.lines !== undefined && !/^[1-9]\d{0,5}$/.test(values.lines))
    throw new UsageError(`--lines is a whole number (got ${values.lines})`);
  return { command, values, wish: command === 'task' ? taskWish(rest[0], values) : null };
}

/** `task <id>`, `task --general <id>` or `task --clear`: exactly one of them. */
function taskWish(id: string | undefined, values: { general?: string; clear?: boolean }): TaskWish {
  const given = [id !== undefined, values.general !== undefined, values.clear === true].filter(Boolean);
  if (given.length !== 1) throw new UsageError('task needs one of: <id>, --general <id>, --clear');
  if (values.clear) return 'clear';
  const raw = (id ?? values.general) as string;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`A task id is a whole number (got ${raw})`);
  return { kind: id !== undefined ? 'task' : 'general', id: n };
}

/** Runs one command; answers the exit code. `io` is the outside world (tests replace it). */
export async function main(argv: string[], io: Io): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\nRun "vahub-agent --help" for the commands.`);
    return 2;
  }
  const { command, values, wish } = parsed;
  const home = agentHome(io.env);
  const paths = files(home);
  try {
    switch (command) {
      case 'help':
        io.stdout(HELP);
        return 0;
      case 'version':
        io.stdout(`vahub-agent ${AGENT_VERSION} (node ${process.version})`);
        return 0;
      case 'login': {
        const server = normalizeServer(values.server as string);
        if (!values.email) {
          await browserLogin(server, paths, io);
          return 0;
        }
        const tokens = await passwordGrant(
          io.fetch,
          server,
          values.email as string,
          values.password as string,
        );
        await writeSession(paths.session, sessionFrom(server, values.email as string, tokens, io.now()));
        io.stdout(`Signed in as ${values.email} on ${server}. Tokens kept in ${paths.session}`);
        return 0;
      }
      case 'install': {
        const done = await install(io.env, agentCommand());
        io.stdout(
          `Installed: the agent starts when you sign in to this computer (${done.entry}` +
            `${done.unit ? `, through the systemd user unit ${done.unit}` : ''}). Remove with: vahub-agent uninstall`,
        );
        return 0;
      }
      case 'uninstall': {
        const removed = await uninstall(io.env);
        io.stdout(
          removed.length
            ? `Removed: the agent no longer starts with the computer (${removed.join(', ')}).`
            : 'Not installed: nothing to remove.',
        );
        return 0;
      }
      case 'logs': {
        const lines = tailLog(paths.log, Number(values.lines ?? 100));
        io.stdout(lines.length ? lines.join('\n') : `No log yet (${paths.log}).`);
        return 0;
      }
      case 'logout': {
        const session = await readSession(paths.session);
        if (!session) {
          io.stdout('Not signed in.');
          return 0;
        }
        // Ends the session on the server when it answers (the refresh token stops working); the local
        // tokens go either way.
        const keeper = keeperFor(paths, io);
        const revoked = await keeper
          .getToken()
          .then((token) =>
            requestJson(io.fetch, `${session.server}/api/v1/logout`, { method: 'POST', token }),
          )
          .then(() => true)
          .catch(() => false);
        await deleteSession(paths.session);
        await rm(paths.shift, { force: true });
        const pid = await runningAgentPid(paths.runPid);
        io.stdout(
          `Signed out${revoked ? '' : ' (the server could not be told: the tokens were deleted here)'}.` +
            (pid ? ` The running agent (pid ${pid}) stops at its next call.` : ''),
        );
        return 0;
      }
      case 'clock-in':
        return await clockIn(paths, io);
      case 'clock-out':
        return await clockOut(paths, io);
      case 'status': {
        const report = await collectStatus(paths, io);
        io.stdout(values.json ? JSON.stringify(report, null, 2) : formatStatus(report));
        return report.signed_in ? 0 : 1;
      }
      case 'tasks':
        return await listTasks(paths, io, values.json === true);
      case 'task':
        return await chooseTask(paths, io, wish as TaskWish);
      case 'run':
        return await run(home, io, values.server ? normalizeServer(values.server) : null);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n\nRun "vahub-agent --help" for the commands.`);
      return 2;
    }
    io.stderr(
      `Error: ${error instanceof HttpError || error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}

function normalizeServer(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--server must be a URL like https://vahub.example.com (got ${value})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--server must be http(s)');
  return url.origin;
}

/** A whole number of seconds from the environment, else undefined. */
function seconds(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

const stamp = () => new Date().toISOString().slice(11, 19);

/** Signs in through the browser (device flow) and keeps the tokens as `login` does. */
async function browserLogin(server: string, paths: ReturnType<typeof files>, io: Io): Promise<void> {
  const tokens = await deviceLogin({
    fetch: io.fetch,
    server,
    env: io.env,
    say: io.stdout,
    now: io.now,
    sleep: io.sleep,
  });
  // The tracker may not read the account: the session names the computer's VA by the server only.
  await writeSession(paths.session, sessionFrom(server, '', tokens, io.now()));
  io.stdout(`This computer is connected to ${server}. Tokens kept in ${paths.session}`);
  if (installedEntry(io.env)) return;
  // The packaged build asks once, on a terminal, whether to start with the computer (the VA's consent).
  if (io.ask && isPackaged()) {
    const answer = (await io.ask('Start VA Hub agent when you sign in to this computer? [Y/n] ')).trim();
    if (/^(y|yes|)$/i.test(answer)) {
      const done = await install(io.env, agentCommand());
      io.stdout(`Installed: the agent starts with the computer (${done.entry}).`);
      return;
    }
  }
  io.stdout('To start the agent with the computer, run: vahub-agent install');
}

async function run(home: string, io: Io, server: string | null): Promise<number> {
  const paths = files(home);
  let session = await readSession(paths.session);
  if (!session && server) {
    // A first run: sign in through the browser, then track.
    await browserLogin(server, paths, io);
    session = await readSession(paths.session);
  }
  if (!session) {
    io.stderr('Not signed in. Run: vahub-agent login --server URL');
    return 1;
  }
  const other = await runningAgentPid(paths.runPid);
  if (other) {
    io.stderr(`The agent already runs (pid ${other}).`);
    return 1;
  }
  await mkdir(home, { recursive: true, mode: 0o700 });
  await writeFile(paths.runPid, String(process.pid), { mode: 0o600 });
  // The log file is the agent's voice when it runs without a terminal (autostart); `logs` reads it.
  const logFile = new RotatingLog(paths.log);
  const log = (line: string) => {
    io.stdout(`${stamp()} ${line}`);
    try {
      logFile.write(`${new Date().toISOString()} ${line}`);
    } catch {
      // A full disk must not stop the tracking.
    }
  };
  const notifier = createNotifier({ info: await detectNotifier(io.env), env: io.env, log });
  if (notifier.info.method === null) log(`Desktop notifications are off here (${notifier.info.reason})`);
  let signedOut = false;
  const keeper = keeperFor(paths, io, (reason) => {
    signedOut = true;
    void shutdown(`the session ended: ${reason}`);
  });
  const host = await detectHost(io.env);
  if (host.captureProblem) log(`Screenshots cannot be taken here (${host.captureProblem})`);
  const agent = await startAgent({
    home,
    server: session.server,
    keeper,
    clock: hostClock(globalThis),
    fetch: io.fetch,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    log,
    input: host.input,
    windowProbe: host.windowProbe,
    windowProblem: host.windowProblem,
    capture: host.capture,
    // For tests and demos only: a shorter ping interval and poll than the contract's 60 s and the default 30 s.
    intervalSeconds: seconds(io.env.VAHUB_AGENT_PING_SECONDS),
    pollMs: (seconds(io.env.VAHUB_AGENT_POLL_SECONDS) ?? 30) * 1000,
    notifier,
  });
  // A newer version: said at start and once a day (the VA installs it; the agent never updates itself).
  const checkUpdate = async () => {
    try {
      const update = await checkForUpdate(io.fetch, session.server, io.now());
      if (!update.available) return;
      log(
        `A newer agent is available: ${update.latest} (this one is ${update.current})${update.link ? `: ${update.link}` : ''}`,
      );
      await notifier.notify(
        'VA Hub agent update',
        `Version ${update.latest} is available${update.link ? `: ${update.link}` : ''}.`,
      );
    } catch {
      // Offline: the next check says it.
    }
  };
  void checkUpdate();
  setInterval(() => void checkUpdate(), 86_400_000).unref();
  log(`Agent running for ${session.email} on ${session.server} (pid ${process.pid}); Ctrl+C stops it`);
  let stopping: Promise<void> | null = null;
  let resolveDone: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    resolveDone = resolve;
  });
  async function shutdown(why: string) {
    stopping ??= (async () => {
      log(`Stopping (${why}): sending what the outbox holds`);
      await agent.stop();
      await notifier.flush();
      await rm(paths.runPid, { force: true });
      const backlog = agent.client.getSnapshot().backlog;
      log(`Stopped.${backlog ? ` ${backlog} ping(s) wait in the outbox for the next run.` : ''}`);
      resolveDone(signedOut ? 1 : 0);
    })();
    return stopping;
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGHUP', () => void shutdown('the terminal closed'));
  // `npm run agent -- run` stopped with a signal to npm ends npm and its shell but not this process: a
  // foreground agent whose parent went away stops too.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown('the process that started it ended');
  }, 1000).unref();
  // `clock-out` and `task` ask the running agent (SIGUSR2, the request in a file): the last seconds go out as a
  // ping before the clock-out, and a task switch names the next pings.
  if (process.platform !== 'win32') process.on('SIGUSR2', () => void answerRequest(agent.client, paths, log));
  return done;
}

/** The program: runs the command of `process.argv` and exits with its code. */
export function runCli(): void {
  keepAliveAfterConnect();
  void main(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
    env: process.env,
    fetch: globalThis.fetch,
    now: Date.now,
    ask: process.stdin.isTTY
      ? async (question) => {
          const { createInterface } = await import('node:readline/promises');
          const rl = createInterface({ input: process.stdin, output: process.stdout });
          try {
            return await rl.question(question);
          } finally {
            rl.close();
          }
        }
      : undefined,
  }).then((code) => {
    process.exitCode = code;
    // uiohook's thread and stray handles must not keep a finished command alive.
    setTimeout(() => process.exit(code), 100).unref();
  });
}

if (process.argv[1] && /cli\.(ts|js|mjs)$/.test(process.argv[1])) runCli();
