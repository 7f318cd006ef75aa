// Screenshots of a synthetic tracker (`simulate.ts`): the tracker core's own capture controller and upload
// queue, fed with the shift as the simulator lives it (the server's `attendance/current/user`, its messages,
// the made-up idle spells), and a capturer that "sees" a desktop drawn by the demo's renderer. Each look's
// few variants are rendered once and shared; a capture only stamps the taskbar clock (the VA's time) on one.
import type { CurrentShift } from '@vahub/shared/attendance/tracker-protocol';
import { privacyAllowsImages } from '@vahub/shared/screenshots/privacy';
import { CaptureController, type CaptureTracker } from '@vahub/tracker-core/capture/controller';
import { fetchScreenshotTransport } from '@vahub/tracker-core/capture/fetch-upload';
import {
  type CaptureOrigin,
  type Capturer,
  MemoryUploadStore,
  type ScreenshotTransport,
} from '@vahub/tracker-core/capture/types';
import type { TrackerClock } from '@vahub/tracker-core/clock';
import { INITIAL_SHIFT, isTracking, type ShiftEvent, shiftReducer } from '@vahub/tracker-core/shift-state';
import type { TrackerEvents } from '@vahub/tracker-core/socket';
import type { TrackerSnapshot } from '@vahub/tracker-core/tracker-client';
import sharp from 'sharp';
import { DESKTOP, renderDesktop } from '../seed/demo-desktop';

/** Variants (which window is in front, what it shows) of each look a synthetic desktop switches between. */
const VARIANTS = 4;
const TASKBAR = 44;
const CLOCK_WIDTH = 84;

/**
 * The simulator's shift as the core sees it: the core's shift reducer fed with the server's answer, the
 * socket's `attendance.*` messages and the idle spells. `--screenshots-per-hour` replaces the contract's rate
 * in the settings it shows.
 */
export class SimulatedShift implements CaptureTracker {
  private snapshot: TrackerSnapshot;
  private readonly listeners = new Set<() => void>();
  private idle = 0;

  constructor(current: CurrentShift, perHour: number | null) {
    const settings =
      current.settings && perHour !== null
        ? { ...current.settings, screenshots_per_hour: perHour }
        : current.settings;
    const shown = { ...current, settings };
    this.snapshot = {
      shift: shiftReducer(INITIAL_SHIFT, { type: 'refreshed', current: shown }),
      current: shown,
      backlog: 0,
      replay: 'idle',
      lastSyncAt: null,
      lastError: null,
    };
  }

  getSnapshot = (): TrackerSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  idleSeconds = (): number => this.idle;

  tracking(): boolean {
    return isTracking(this.snapshot.shift);
  }

  /** Seconds without input now; an idle spell makes the shift `idle` (no scheduled capture) until it ends. */
  setIdle(idle: boolean, seconds: number): void {
    this.idle = seconds;
    this.dispatch({ type: idle ? 'idle_started' : 'idle_ended' });
  }

  dispatch(event: ShiftEvent): void {
    const shift = shiftReducer(this.snapshot.shift, event);
    if (shift === this.snapshot.shift) return;
    this.snapshot = { ...this.snapshot, shift };
    for (const listener of this.listeners) listener();
  }
}

const rendered = new Map<string, Promise<Buffer>>();

/** A look's variant, drawn once for the whole run (JPEG, as a desktop agent sends). */
function desktop(look: number, variant: number): Promise<Buffer> {
  const key = `${look}:${variant}`;
  let image = rendered.get(key);
  if (!image) {
    image = renderDesktop(look, variant).then((r) => r.image);
    rendered.set(key, image);
  }
  return image;
}

function clockText(at: Date, timezone: string): string {
  const options = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: timezone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(at);
  }
}

/** The clock at the right of the taskbar, over one of the look's variants. */
async function stampedDesktop(look: number, timezone: string): Promise<Uint8Array> {
  const base = await desktop(look, Math.floor(Math.random() * VARIANTS));
  const clock = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CLOCK_WIDTH}" height="${TASKBAR}" font-family="DejaVu Sans, Arial, sans-serif">` +
      `<rect width="${CLOCK_WIDTH}" height="${TASKBAR}" fill="#202124"/>` +
      `<text x="${CLOCK_WIDTH / 2}" y="27" font-size="14" fill="#e8eaed" text-anchor="middle">${clockText(new Date(), timezone)}</text></svg>`,
  );
  const image = await sharp(base)
    .composite([{ input: clock, left: DESKTOP.width - CLOCK_WIDTH, top: DESKTOP.height - TASKBAR }])
    .jpeg({ quality: 72 })
    .toBuffer();
  return new Uint8Array(image.buffer, image.byteOffset, image.length);
}

export interface SimulatedCaptureOptions {
  server: string;
  getToken: () => string;
  shift: SimulatedShift;
  /** The socket: `screenshot.request` reaches the controller through it. */
  events: TrackerEvents;
  capturer: Capturer;
  clock: TrackerClock;
  uuid: () => string;
  onUploaded: (origin: CaptureOrigin) => void;
  onProblem: (message: string) => void;
}

/**
 * The capturer of a VA with this desktop look (one of the demo's) and time zone (its taskbar clock). It can
 * capture whenever the shift's tier allows images (a desktop agent needs nobody to share a screen), and that
 * is what the socket tells the server.
 */
export function simulatedCapturer(shift: SimulatedShift, look: number, timezone: string): Capturer {
  return {
    canCapture: () => {
      const tier = shift.getSnapshot().current?.settings?.screenshot_privacy;
      return tier !== undefined && privacyAllowsImages(tier);
    },
    capture: async () => [{ screen: 0, bytes: await stampedDesktop(look, timezone), type: 'image/jpeg' }],
  };
}

/** Starts the core's capture controller for one synthetic tracker (scheduled captures and requests). */
export function startSimulatedCapture(o: SimulatedCaptureOptions): CaptureController {
  const transport = fetchScreenshotTransport({ baseUrl: o.server, getToken: o.getToken, fetch });
  // The queue keeps no count of its own: the transport reports each upload the server took.
  const reporting: ScreenshotTransport = {
    async upload(item) {
      const answer = await transport.upload(item);
      o.onUploaded(item.origin);
      return answer;
    },
    decline: (requestId, body) => transport.decline(requestId, body),
  };
  const controller = new CaptureController({
    tracker: o.shift,
    capturer: o.capturer,
    transport: reporting,
    store: new MemoryUploadStore(),
    clock: o.clock,
    uuid: o.uuid,
    source: 'desktop',
    events: o.events,
    onLog: (entry) => {
      if (entry.kind === 'failed' || entry.kind === 'refused')
        o.onProblem(`screenshot ${entry.kind}: ${entry.message}`);
      else if (entry.kind === 'declined') o.onProblem(`screenshot request declined (${entry.reason})`);
    },
  });
  controller.start();
  return controller;
}
