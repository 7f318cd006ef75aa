// A desktop session's notification service for the agent's end-to-end test: a private D-Bus session bus, Debian's
// `dunst` (a notification daemon) on the virtual display, and `dbus-monitor` recording every Notify call on the bus,
// so the test reads which notifications reached the daemon. Needs: apt-get install -y dunst dbus-x11 libnotify-bin.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

export const NOTIFICATION_TOOLS = ['dbus-daemon', 'dbus-monitor', 'dunst', 'notify-send'];

/** The tools this machine lacks (empty: the test can run). */
export const missingNotificationTools = () =>
  NOTIFICATION_TOOLS.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);

export class NotificationBus {
  private children: ChildProcess[] = [];
  /** What dbus-monitor printed: the Notify calls with their arguments. */
  private monitorOutput = '';
  private daemonOutput = '';

  private constructor(readonly address: string) {}

  static async start(display: string): Promise<NotificationBus> {
    const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const address = await new Promise<string>((resolve, reject) => {
      let out = '';
      bus.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n')[0];
        if (out.includes('\n') && line) resolve(line.trim());
      });
      bus.once('exit', (code) => reject(new Error(`dbus-daemon exited (${code})`)));
      setTimeout(() => reject(new Error('dbus-daemon gave no address within 10 s')), 10_000);
    });
    const session = new NotificationBus(address);
    session.children.push(bus);
    const env = { ...process.env, DISPLAY: display, DBUS_SESSION_BUS_ADDRESS: address };
    const monitor = spawn(
      'dbus-monitor',
      ['--address', address, "interface='org.freedesktop.Notifications',member='Notify'"],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    monitor.stdout?.on('data', (chunk: Buffer) => {
      session.monitorOutput += chunk.toString();
    });
    session.children.push(monitor);
    const dunst = spawn('dunst', [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    dunst.stderr?.on('data', (chunk: Buffer) => {
      session.daemonOutput = (session.daemonOutput + chunk.toString()).slice(-5000);
    });
    session.children.push(dunst);
    // The daemon owns org.freedesktop.Notifications once it answers a notification.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const probe = spawnSync(
        'notify-send',
        ['--expire-time', '1', 'probe', 'the notification daemon answers'],
        {
          env,
          timeout: 5000,
        },
      );
      if (probe.status === 0) break;
      if (Date.now() > deadline) throw new Error(`dunst did not answer: ${session.daemonOutput}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return session;
  }

  /** The summaries (titles) of the notifications the daemon was sent, in order. */
  titles(): string[] {
    // Notify(app_name, replaces_id, app_icon, summary, body, ...): the summary is the third string argument.
    const calls = this.monitorOutput.split(/\n(?=method call)/).filter((c) => c.includes('member=Notify'));
    return calls.map((call) => {
      const strings = [...call.matchAll(/^\s+string "(.*)"$/gm)].map((m) => m[1]);
      return strings[2] ?? '';
    });
  }

  get log() {
    return this.daemonOutput;
  }

  async stop() {
    for (const child of this.children.reverse()) child.kill('SIGTERM');
  }
}
