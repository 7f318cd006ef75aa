#!/usr/bin/env node
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { agentCommand, install, uninstall } from './autostart';
import { clockIn, clockOut, collectStatus, type Io, keeperFor } from './commands';
import { HELP } from './help';
import { HttpError, requestJson } from './http';
import { keepAliveAfterConnect } from './keep-alive';
import { tailLog } from './logfile';
import { agentHome, files } from './paths';
import { browserLogin, run } from './run-command';
import { deleteSession, passwordGrant, readSession, sessionFrom, writeSession } from './session';
import { formatStatus, runningAgentPid } from './state';
import { chooseTask, listTasks, type TaskWish } from './task-commands';
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
