import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { findProgram, runProgram } from './programs';

/**
 * Starting with the computer (issue 32): `install` writes what starts `vahub-agent run` at login, `uninstall`
 * removes it, `status` reads it. Linux: an XDG autostart entry (every desktop reads ~/.config/autostart); where a
 * systemd user manager runs, the entry starts a user unit instead, which restarts the agent if it crashes.
 * Windows: a script in the Startup folder that starts the agent without a console window.
 */
export interface AutostartPlaces {
  /** `~/.config/autostart/vahub-agent.desktop` (Linux) or the Startup folder's `vahub-agent.vbs` (Windows). */
  entry: string;
  /** `~/.config/systemd/user/vahub-agent.service` (Linux only). */
  unit: string | null;
}

export const UNIT_NAME = 'vahub-agent.service';

export function autostartPlaces(env: NodeJS.ProcessEnv, platform = process.platform): AutostartPlaces {
  const home = env.HOME ?? env.USERPROFILE ?? homedir();
  if (platform === 'win32') {
    const appData = env.APPDATA ?? join(home, 'AppData', 'Roaming');
    return {
      entry: join(appData, 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Startup', 'vahub-agent.vbs'),
      unit: null,
    };
  }
  const config = env.XDG_CONFIG_HOME ?? join(home, '.config');
  return {
    entry: join(config, 'autostart', 'vahub-agent.desktop'),
    unit: join(config, 'systemd', 'user', UNIT_NAME),
  };
}

/** The command that runs this agent: the packaged executable, or node with the script it was started from. */
export function agentCommand(argv = process.argv, execPath = process.execPath, isSea = seaBuild()): string[] {
  if (isSea) return [execPath];
  const script = argv[1];
  return script ? [execPath, ...(/\.ts$/.test(script) ? ['--import', 'tsx'] : []), script] : [execPath];
}

/** Whether this is the packaged single executable (not the sources run through node). */
export const isPackaged = (): boolean => seaBuild();

function seaBuild(): boolean {
  try {
    // `node:sea` exists in Node 20.12+; `isSea()` says whether this process is a single executable.
    const sea = (
      process as unknown as { getBuiltinModule?: (id: string) => { isSea?: () => boolean } }
    ).getBuiltinModule?.('node:sea');
    return sea?.isSea?.() ?? false;
  } catch {
    return false;
  }
}

/** Quotes an argument for a desktop entry's Exec key (the spec's rules: double quotes, escaped specials). */
const execArg = (s: string) =>
  /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `"${s.replace(/(["`$\\])/g, '\\$1')}"`;
/** Quotes for a systemd ExecStart. */
const unitArg = (s: string) =>
  /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `"${s.replace(/(["\\])/g, '\\$1')}"`;

/** Whether a systemd user manager runs for this user (`systemctl --user` answers). */
export async function systemdUserRuns(env: NodeJS.ProcessEnv): Promise<boolean> {
  if (env.VAHUB_AGENT_SYSTEMD === 'off') return false;
  const systemctl = await findProgram('systemctl', env);
  if (!systemctl) return false;
  try {
    const state = (
      await runProgram(systemctl, ['--user', 'is-system-running'], { env, timeoutMs: 5000 })
    ).trim();
    return state !== 'offline' && state !== '';
  } catch (error) {
    // `degraded` exits non-zero but the manager runs.
    return /degraded|running|starting/.test((error as Error).message);
  }
}

export function desktopEntry(command: string[], viaSystemd: boolean, home: string): string {
  const exec = viaSystemd
    ? `sh -c "systemctl --user import-environment DISPLAY XAUTHORITY WAYLAND_DISPLAY DBUS_SESSION_BUS_ADDRESS; systemctl --user start ${UNIT_NAME}"`
    : [...command, 'run'].map(execArg).join(' ');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=VA Hub agent',
    'Comment=Tracks time during the shifts you clock in to, and says when it records',
    `Exec=${exec}`,
    `Path=${home}`,
    'Terminal=false',
    'NoDisplay=true',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export function systemdUnit(command: string[], env: Record<string, string>): string {
  return [
    '[Unit]',
    'Description=VA Hub agent (time tracking during your shifts)',
    'PartOf=graphical-session.target',
    'After=graphical-session.target',
    '',
    '[Service]',
    `ExecStart=${[...command, 'run'].map(unitArg).join(' ')}`,
    ...Object.entries(env).map(([k, v]) => `Environment=${unitArg(`${k}=${v}`)}`),
    'Restart=on-failure',
    'RestartSec=30',
    '',
  ].join('\n');
}

/** The Startup folder's script: starts the agent hidden (window style 0), without waiting for it. */
export function startupScript(command: string[]): string {
  const line = [...command, 'run'].map((a) => `""${a}""`).join(' ');
  return `' VA Hub agent: starts tracking at sign-in (remove with: vahub-agent uninstall)\r\nCreateObject("WScript.Shell").Run "${line}", 0, False\r\n`;
}

export interface InstallResult {
  entry: string;
  unit: string | null;
}

/** Writes the autostart entry (and the user unit where systemd runs). `agentEnv`: VAHUB_AGENT_HOME when set. */
export async function install(
  env: NodeJS.ProcessEnv,
  command: string[],
  platform = process.platform,
  viaSystemd?: boolean,
): Promise<InstallResult> {
  const places = autostartPlaces(env, platform);
  const home = env.HOME ?? env.USERPROFILE ?? homedir();
  const agentEnv: Record<string, string> = env.VAHUB_AGENT_HOME
    ? { VAHUB_AGENT_HOME: env.VAHUB_AGENT_HOME }
    : {};
  await mkdir(dirname(places.entry), { recursive: true });
  if (platform === 'win32') {
    await writeFile(places.entry, startupScript(command));
    return { entry: places.entry, unit: null };
  }
  const systemd = viaSystemd ?? (await systemdUserRuns(env));
  if (systemd && places.unit) {
    await mkdir(dirname(places.unit), { recursive: true });
    await writeFile(places.unit, systemdUnit(command, agentEnv));
    const systemctl = await findProgram('systemctl', env);
    if (systemctl) await runProgram(systemctl, ['--user', 'daemon-reload'], { env }).catch(() => '');
  }
  // Without systemd, a custom agent home travels in the entry itself.
  const withHome = agentEnv.VAHUB_AGENT_HOME
    ? ['env', `VAHUB_AGENT_HOME=${agentEnv.VAHUB_AGENT_HOME}`, ...command]
    : command;
  await writeFile(places.entry, desktopEntry(withHome, systemd, home), { mode: 0o644 });
  return { entry: places.entry, unit: systemd ? places.unit : null };
}

/** Removes what `install` wrote; answers the files removed. */
export async function uninstall(env: NodeJS.ProcessEnv, platform = process.platform): Promise<string[]> {
  const places = autostartPlaces(env, platform);
  const removed: string[] = [];
  for (const file of [places.entry, places.unit]) {
    if (file && existsSync(file)) {
      await rm(file, { force: true });
      removed.push(file);
    }
  }
  if (places.unit && removed.includes(places.unit)) {
    const systemctl = await findProgram('systemctl', env);
    if (systemctl) await runProgram(systemctl, ['--user', 'daemon-reload'], { env }).catch(() => '');
  }
  return removed;
}

/** What `status` says: the entry when installed, else null. */
export function installedEntry(env: NodeJS.ProcessEnv, platform = process.platform): string | null {
  const { entry } = autostartPlaces(env, platform);
  return existsSync(entry) ? entry : null;
}
