// A virtual X11 desktop for the agent's end-to-end test: Xvfb on a free display, openbox as the window manager,
// a solid root colour the screenshot check looks for, and an xterm with a known title to type into.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export const SCREEN = { width: 1280, height: 800 };
/** The root window's colour: what the corners of a capture show where no window covers them. */
export const ROOT_COLOUR = { hex: '#123456', r: 0x12, g: 0x34, b: 0x56 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class VirtualDesktop {
  private readonly children: ChildProcess[] = [];

  private constructor(readonly display: string) {}

  /** Xvfb picks a free display itself (`-displayfd`) and says which once it accepts connections. */
  static async start(): Promise<VirtualDesktop> {
    const xvfb = spawn(
      'Xvfb',
      ['-displayfd', '3', '-screen', '0', `${SCREEN.width}x${SCREEN.height}x24`, '-nolisten', 'tcp'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    xvfb.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const number = await new Promise<string>((resolve, reject) => {
      let out = '';
      const fd3 = xvfb.stdio[3] as NodeJS.ReadableStream;
      fd3.on('data', (chunk) => {
        out += chunk;
        if (out.includes('\n')) resolve(out.trim());
      });
      xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${stderr.slice(-500)}`)));
      setTimeout(() => reject(new Error(`Xvfb gave no display within 20 s: ${stderr.slice(-500)}`)), 20_000);
    });
    const desktop = new VirtualDesktop(`:${number}`);
    desktop.children.push(xvfb);
    desktop.spawn('openbox', []);
    // openbox owns the screen once the _NET_SUPPORTING_WM_CHECK property is on the root window.
    await desktop.until(
      async () => (await desktop.x('xprop', ['-root', '_NET_SUPPORTING_WM_CHECK'])).includes('window id'),
      'openbox to manage the screen',
    );
    await desktop.x('xsetroot', ['-solid', ROOT_COLOUR.hex]);
    return desktop;
  }

  get env() {
    return { ...process.env, DISPLAY: this.display };
  }

  /** Runs an X client on this display; its stdout. */
  async x(command: string, args: string[]): Promise<string> {
    const { stdout } = await exec(command, args, { env: this.env, timeout: 15_000 });
    return stdout;
  }

  /**
   * An xterm titled `title` running `cat` (typed text goes nowhere; no shell prompt renames the window),
   * in the top-left corner so the bottom-right of the screen stays the root colour. Resolves with its window id
   * once it is mapped.
   */
  async terminal(title: string): Promise<string> {
    this.spawn('xterm', ['-T', title, '-geometry', '80x24+0+0', '-e', 'sh', '-c', 'cat > /dev/null']);
    let id = '';
    await this.until(async () => {
      id = (await this.x('xdotool', ['search', '--onlyvisible', '--name', `^${title}$`]).catch(() => ''))
        .trim()
        .split('\n')[0];
      return id !== '';
    }, `the xterm "${title}" to show`);
    return id;
  }

  /** Focuses the window, types `text` in it and moves the pointer around: what the agent should count. */
  async work(window: string, text: string) {
    await this.x('xdotool', ['windowactivate', '--sync', window]);
    await this.x('xdotool', ['type', '--delay', '40', text]);
    for (const [x, y] of [
      [200, 150],
      [420, 300],
      [260, 220],
      [600, 500],
    ])
      await this.x('xdotool', ['mousemove', String(x), String(y)]);
  }

  /** The active window's title as X says it (`_NET_ACTIVE_WINDOW`'s `_NET_WM_NAME`). */
  async activeTitle(): Promise<string> {
    return (await this.x('xdotool', ['getactivewindow', 'getwindowname'])).trim();
  }

  async stop() {
    for (const child of this.children.reverse()) if (child.exitCode === null) child.kill('SIGTERM');
    await sleep(200);
  }

  private spawn(command: string, args: string[]) {
    const child = spawn(command, args, { env: this.env, stdio: 'ignore' });
    child.on('error', () => {});
    this.children.push(child);
    return child;
  }

  private async until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} on ${this.display}`);
      await sleep(100);
    }
  }
}
