import { findProgram, runProgram } from './programs';

/** How the agent reaches the VA's desktop: the program it runs, or why it cannot (`status` says which). */
export type NotifierInfo =
  | { method: 'notify-send' | 'gdbus' | 'powershell'; program: string }
  | { method: null; reason: string };

const APP = 'VA Hub';

/**
 * Which notification service this computer offers: `notify-send` (libnotify), else `gdbus` calling the D-Bus
 * notification service, on Linux; PowerShell's toast on Windows; none elsewhere (notifications are then off).
 */
export async function detectNotifier(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): Promise<NotifierInfo> {
  if (env.VAHUB_AGENT_NOTIFICATIONS === 'off')
    return { method: null, reason: 'turned off (VAHUB_AGENT_NOTIFICATIONS=off)' };
  if (platform === 'win32') {
    const ps = await findProgram('powershell', env, platform);
    return ps ? { method: 'powershell', program: ps } : { method: null, reason: 'PowerShell was not found' };
  }
  if (platform === 'linux') {
    const send = await findProgram('notify-send', env, platform);
    if (send) return { method: 'notify-send', program: send };
    const gdbus = await findProgram('gdbus', env, platform);
    if (gdbus) return { method: 'gdbus', program: gdbus };
    return { method: null, reason: 'neither notify-send (libnotify-bin) nor gdbus is installed' };
  }
  return { method: null, reason: `${platform} is not supported by this build` };
}

/** A toast without a module: the WinRT toast API through PowerShell, title and text passed in the environment. */
const TOAST = [
  '[Windows.UI.Notifications.ToastNotificationManager, Windows.UI.Notifications, ContentType = WindowsRuntime] > $null',
  '$t = [Windows.UI.Notifications.ToastNotificationManager]::GetTemplateContent([Windows.UI.Notifications.ToastTemplateType]::ToastText02)',
  '$n = $t.GetElementsByTagName("text")',
  '$n.Item(0).AppendChild($t.CreateTextNode($env:VAHUB_TITLE)) > $null',
  '$n.Item(1).AppendChild($t.CreateTextNode($env:VAHUB_BODY)) > $null',
  `[Windows.UI.Notifications.ToastNotificationManager]::CreateToastNotifier("${APP}").Show([Windows.UI.Notifications.ToastNotification]::new($t))`,
].join('; ');

/** The arguments of one notification by `info`'s method. */
export function notificationCommand(
  info: Exclude<NotifierInfo, { method: null }>,
  title: string,
  body: string,
): { file: string; args: string[]; env?: Record<string, string> } {
  switch (info.method) {
    case 'notify-send':
      return { file: info.program, args: ['--app-name', APP, title, body] };
    case 'gdbus':
      return {
        file: info.program,
        args: [
          'call',
          '--session',
          '--dest',
          'org.freedesktop.Notifications',
          '--object-path',
          '/org/freedesktop/Notifications',
          '--method',
          'org.freedesktop.Notifications.Notify',
          APP,
          '0',
          '',
          title,
          body,
          '[]',
          '{}',
          '8000',
        ],
      };
    case 'powershell':
      return {
        file: info.program,
        args: ['-NoProfile', '-NonInteractive', '-WindowStyle', 'Hidden', '-Command', TOAST],
        env: { VAHUB_TITLE: title, VAHUB_BODY: body },
      };
  }
}

/**
 * How scheduled screenshots are announced: one notice each, a count at the end of each hour, or `muted` (none:
 * the VA turned them off where the contract allows it). On-demand screenshots are always said at once.
 */
export type ScreenshotNotice = 'each' | 'hourly' | 'muted';

/**
 * The notice mode the shift's tracking settings ask for (issue 32): `muted` only when the server says the VA
 * muted them and the contract allows it, `hourly` when the contract says so, else (and from an older server
 * that says nothing) `each`.
 */
export function screenshotNoticeOf(
  settings:
    | {
        screenshot_notice?: string;
        va_may_mute_screenshot_notice?: boolean;
        screenshot_notice_muted?: boolean;
      }
    | null
    | undefined,
): ScreenshotNotice {
  if (settings?.screenshot_notice_muted === true && settings.va_may_mute_screenshot_notice === true)
    return 'muted';
  return settings?.screenshot_notice === 'hourly' ? 'hourly' : 'each';
}

export interface Notifier {
  readonly info: NotifierInfo;
  /** Shows a notification (never throws: a failure goes to the log). */
  notify(title: string, body: string): Promise<void>;
  /** Each answers when its notification is out (callers need not wait). */
  recordingStarted(what: string): Promise<void>;
  recordingStopped(): Promise<void>;
  /** A screenshot was taken; `onDemand` when a supervisor asked for it (always said at once). */
  screenshotTaken(screens: number, onDemand: boolean, mode: ScreenshotNotice): Promise<void>;
  /** Says the hour's count now (at stop). */
  flush(): Promise<void>;
}

export function createNotifier(o: {
  info: NotifierInfo;
  env?: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Timers (tests pass their own). */
  setTimer?: (fn: () => void, ms: number) => { cancel(): void };
}): Notifier {
  const setTimer =
    o.setTimer ??
    ((fn: () => void, ms: number) => {
      const t = setTimeout(fn, ms);
      t.unref?.();
      return { cancel: () => clearTimeout(t) };
    });
  let failedOnce = false;
  let hourly = 0;
  let hourTimer: { cancel(): void } | null = null;

  async function notify(title: string, body: string) {
    if (o.info.method === null) return;
    const cmd = notificationCommand(o.info, title, body);
    try {
      await runProgram(cmd.file, cmd.args, {
        env: { ...(o.env ?? process.env), ...cmd.env },
        timeoutMs: 15_000,
      });
      failedOnce = false;
    } catch (error) {
      // Said once per run of failures: a desktop without a notification daemon fails every time.
      if (!failedOnce) o.log(`Notification not shown (${(error as Error).message})`);
      failedOnce = true;
    }
  }

  function sayHour(): Promise<void> {
    hourTimer = null;
    if (hourly === 0) return Promise.resolve();
    const n = hourly;
    hourly = 0;
    return notify(
      'Screenshots taken',
      `${n} screenshot${n === 1 ? '' : 's'} of your screen in the last hour.`,
    );
  }

  return {
    info: o.info,
    notify,
    recordingStarted(what) {
      return notify('Recording started', `VA Hub records your activity and screenshots: ${what}.`);
    },
    async recordingStopped() {
      await this.flush();
      await notify('Recording stopped', 'VA Hub no longer records: you are not on shift.');
    },
    screenshotTaken(screens, onDemand, mode) {
      const what = `${screens} screen${screens === 1 ? '' : 's'}`;
      if (onDemand) {
        return notify('Screenshot requested', `Your supervisor asked for a screenshot: taken now (${what}).`);
      }
      if (mode === 'muted') return Promise.resolve();
      if (mode === 'each') {
        return notify('Screenshot taken', `A screenshot of your screen was taken (${what}).`);
      }
      hourly++;
      hourTimer ??= setTimer(() => void sayHour(), 3_600_000);
      return Promise.resolve();
    },
    flush() {
      hourTimer?.cancel();
      return sayHour();
    },
  };
}
