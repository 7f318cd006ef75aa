import { execFile } from 'node:child_process';
import type { TimerHandle, TrackerClock } from '@vahub/tracker-core/clock';

export interface ActiveWindow {
  app: string;
  title: string;
}

/** `xprop -root _NET_ACTIVE_WINDOW` → the window id, or null (none, or `0x0`). */
export function parseActiveWindowId(output: string): string | null {
  const match = /_NET_ACTIVE_WINDOW\(WINDOW\): window id # (0x[0-9a-f]+)/i.exec(output);
  if (!match || /^0x0+$/i.test(match[1])) return null;
  return match[1];
}

/** Decodes one of xprop's quoted strings (backslash escapes). */
function unquote(body: string): string {
  return body.replace(/\\(.)/g, '$1');
}

/**
 * `xprop -id ID WM_CLASS _NET_WM_NAME WM_NAME` → the application (WM_CLASS's class, the second string, else
 * the instance) and the title (`_NET_WM_NAME`, UTF-8, else `WM_NAME`). Null when the window has neither.
 */
export function parseWindowProps(output: string): ActiveWindow | null {
  const strings = (name: string) => {
    const line = output.split('\n').find((l) => l.startsWith(`${name}(`));
    if (!line) return [];
    return [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => unquote(m[1]));
  };
  const cls = strings('WM_CLASS');
  const app = (cls[1] || cls[0] || '').trim();
  const title = (strings('_NET_WM_NAME')[0] ?? strings('WM_NAME')[0] ?? '').trim();
  if (!app && !title) return null;
  return { app: (app || 'unknown').slice(0, 200), title: title.slice(0, 500) };
}

export type Run = (file: string, args: string[]) => Promise<string>;

export const run: Run = (file, args) =>
  new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 5000, maxBuffer: 4 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout);
    });
  });

/** The active window on X11 through `xprop`; null when none is focused. */
export async function x11ActiveWindow(exec: Run = run): Promise<ActiveWindow | null> {
  const id = parseActiveWindowId(await exec('xprop', ['-root', '_NET_ACTIVE_WINDOW']));
  if (!id) return null;
  return parseWindowProps(await exec('xprop', ['-id', id, 'WM_CLASS', '_NET_WM_NAME', 'WM_NAME']));
}

/**
 * The active window on Windows through PowerShell (user32's GetForegroundWindow and the owning process).
 * Untested here: this build machine runs Linux only.
 */
const WINDOWS_SCRIPT = `
Add-Type @"
using System; using System.Runtime.InteropServices; using System.Text;
public class VaHubWin {
  [DllImport("user32.dll")] public static extern IntPtr GetForegroundWindow();
  [DllImport("user32.dll", CharSet=CharSet.Unicode)] public static extern int GetWindowText(IntPtr h, StringBuilder s, int n);
  [DllImport("user32.dll")] public static extern uint GetWindowThreadProcessId(IntPtr h, out uint p);
}
"@
$h = [VaHubWin]::GetForegroundWindow(); $sb = New-Object System.Text.StringBuilder 512
[void][VaHubWin]::GetWindowText($h, $sb, 512); $p = 0; [void][VaHubWin]::GetWindowThreadProcessId($h, [ref]$p)
$proc = Get-Process -Id $p -ErrorAction SilentlyContinue
@{ app = if ($proc) { $proc.ProcessName } else { '' }; title = $sb.ToString() } | ConvertTo-Json -Compress`;

export async function windowsActiveWindow(exec: Run = run): Promise<ActiveWindow | null> {
  const out = await exec('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', WINDOWS_SCRIPT]);
  const parsed = JSON.parse(out.trim() || 'null') as ActiveWindow | null;
  if (!parsed || (!parsed.app && !parsed.title)) return null;
  return { app: (parsed.app || 'unknown').slice(0, 200), title: (parsed.title ?? '').slice(0, 500) };
}

export interface WindowSamplerOptions {
  probe: () => Promise<ActiveWindow | null>;
  clock: TrackerClock;
  /** A few samples a minute. */
  everyMs?: number;
  onError?: (message: string) => void;
}

/**
 * Samples the active window a few times a minute and answers, once per ping, the one seen most often since
 * the previous ping (ties: the latest), so a ping names where the minute went, not where it ended.
 */
export class WindowSampler {
  private counts = new Map<string, { window: ActiveWindow; n: number; last: number }>();
  private latest: ActiveWindow | null = null;
  private timer: TimerHandle | null = null;
  private seq = 0;
  private failing = false;

  constructor(private readonly o: WindowSamplerOptions) {}

  start(): void {
    if (this.timer !== null) return;
    const tick = async () => {
      await this.sample();
      if (this.timer !== null) this.timer = this.o.clock.setTimeout(tick, this.o.everyMs ?? 15_000);
    };
    this.timer = this.o.clock.setTimeout(tick, 0);
  }

  stop(): void {
    if (this.timer !== null) this.o.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  async sample(): Promise<void> {
    try {
      const window = await this.o.probe();
      this.failing = false;
      this.add(window);
    } catch (error) {
      if (!this.failing) this.o.onError?.(`active window unavailable: ${(error as Error).message}`);
      this.failing = true;
    }
  }

  add(window: ActiveWindow | null): void {
    this.latest = window;
    if (!window) return;
    const key = `${window.app}\u0000${window.title}`;
    const entry = this.counts.get(key) ?? { window, n: 0, last: 0 };
    entry.n++;
    entry.last = ++this.seq;
    this.counts.set(key, entry);
  }

  /** The most-used window since the last call (else the latest seen), and a fresh count. */
  take(): ActiveWindow | null {
    let best: { window: ActiveWindow; n: number; last: number } | null = null;
    for (const entry of this.counts.values())
      if (!best || entry.n > best.n || (entry.n === best.n && entry.last > best.last)) best = entry;
    this.counts.clear();
    return best?.window ?? this.latest;
  }
}
