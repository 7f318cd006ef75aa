// `vahub-agent run` (and the browser sign-in a first run starts): the tracking loop as the VA's computer runs it,
// with its log file, desktop notifications, update check and the signals that stop it.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { hostClock } from '@vahub/tracker-core/clock';
import type { SocketLike } from '@vahub/tracker-core/socket';
import WebSocket from 'ws';
import { startAgent } from './agent';
import { answerRequest } from './agent-requests';
import { agentCommand, install, installedEntry, isPackaged } from './autostart';
import { type Io, keeperFor } from './commands';
import { deviceLogin } from './device-login';
import { detectHost } from './host';
import { RotatingLog } from './logfile';
import { createNotifier, detectNotifier } from './notify';
import { files } from './paths';
import { readSession, sessionFrom, writeSession } from './session';
import { runningAgentPid } from './state';
import { checkForUpdate } from './update-check';

/** A whole number of seconds from the environment, else undefined. */
function seconds(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

const stamp = () => new Date().toISOString().slice(11, 19);

/** Signs in through the browser (device flow) and keeps the tokens as `login` does. */
export async function browserLogin(server: string, paths: ReturnType<typeof files>, io: Io): Promise<void> {
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

export async function run(home: string, io: Io, server: string | null): Promise<number> {
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
