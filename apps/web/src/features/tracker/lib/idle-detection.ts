/**
 * The Idle Detection API (Chromium): system-wide idle, so a VA working in another application is not idle.
 * It needs the VA's permission, asked from a click; without it the timer counts page input only.
 */
export type IdleSupport = 'unsupported' | 'prompt' | 'granted' | 'denied';

interface IdleDetectorLike extends EventTarget {
  userState: 'active' | 'idle' | null;
  screenState: 'locked' | 'unlocked' | null;
  start(options: { threshold: number; signal?: AbortSignal }): Promise<void>;
}
interface IdleDetectorClass {
  new (): IdleDetectorLike;
  requestPermission(): Promise<'granted' | 'denied'>;
}

/** The shortest threshold the API accepts. */
export const IDLE_THRESHOLD_MS = 60_000;

const detectorClass = (): IdleDetectorClass | undefined =>
  (globalThis as { IdleDetector?: IdleDetectorClass }).IdleDetector;

/** Whether the API exists and what the VA said so far (never prompts). */
export async function idleSupport(): Promise<IdleSupport> {
  if (!detectorClass()) return 'unsupported';
  try {
    const status = await navigator.permissions.query({ name: 'idle-detection' as PermissionName });
    return status.state === 'granted' ? 'granted' : status.state === 'denied' ? 'denied' : 'prompt';
  } catch {
    return 'prompt';
  }
}

/** Asks the VA (call from a click). */
export async function requestIdlePermission(): Promise<IdleSupport> {
  const Detector = detectorClass();
  if (!Detector) return 'unsupported';
  try {
    return (await Detector.requestPermission()) === 'granted' ? 'granted' : 'denied';
  } catch {
    return 'denied';
  }
}

/**
 * Watches idle until `signal` aborts; `onIdle` gets the moment the user went idle (the threshold before
 * the change), or null when they are active again. Answers false when the detector could not start.
 */
export async function watchIdle(
  onIdle: (idleSince: number | null) => void,
  signal: AbortSignal,
): Promise<boolean> {
  const Detector = detectorClass();
  if (!Detector) return false;
  try {
    const detector = new Detector();
    const report = () => {
      const idle = detector.userState === 'idle' || detector.screenState === 'locked';
      onIdle(idle ? Date.now() - IDLE_THRESHOLD_MS : null);
    };
    detector.addEventListener('change', report);
    await detector.start({ threshold: IDLE_THRESHOLD_MS, signal });
    report();
    return true;
  } catch {
    return false;
  }
}
