// The processes a user's command starts (`npm start`, `npm run demo`, `npm run simulate`, `npm run dev`): a signal
// to the command reaches every one of them, and the command ends as they did. package.json runs these scripts with
// `exec`, so npm's own forwarding reaches this process and not a shell in between that would drop the signal.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** How to signal each running child (its process group, or itself). */
const running = new Set();

// A signal between two children (during an in-process build) is kept, so the next step does not start.
let requested = null;

/** Sends the signal to every running child. */
export function stopChildren(signal = 'SIGTERM') {
  for (const send of running) send(signal);
}

for (const signal of SIGNALS) {
  process.on(signal, () => {
    requested ??= signal;
    stopChildren(signal);
  });
}

/** The signal received so far, if any: the command is to stop instead of starting its next step. */
export const stopRequested = () => requested;

/**
 * Spawns a child that receives every SIGINT, SIGTERM and SIGHUP this process gets while it runs. With `group` (for
 * children that never read the terminal: builds, the server, the simulator) it leads a process group of its own and
 * the signal goes to the whole group, so whatever it starts in turn (npm, a shell, vite) stops too. Resolves with
 * how it ended.
 */
export function run(command, args, { group = false, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options, detached: group });
    const send = (signal) => {
      try {
        if (group) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // Already gone.
      }
    };
    running.add(send);
    let ended = false;
    const done = (status) => {
      if (ended) return;
      ended = true;
      running.delete(send);
      resolve(status);
    };
    child.on('error', (err) => {
      console.error(`${command}: ${err.message}`);
      done({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => done({ code, signal }));
  });
}

/** Ends this process as a child ended: its exit code, or the signal that stopped it (as a shell would see it). */
export function exitAs({ code, signal }) {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    // Still here when the signal is ignored (a script's background job ignores SIGINT): end with its number.
    process.exit(128 + (constants.signals[signal] ?? 0));
  }
  process.exit(code ?? 1);
}
