import type { CurrentShift } from '@vahub/shared/attendance/tracker-protocol';
import type { ServerMessage } from '@vahub/shared/realtime/messages';
import type { ScreenshotPrivacy } from '@vahub/shared/screenshots/privacy';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShiftStatus } from '../shift-state';
import { attendance, counterUuid, currentShift, testClock } from '../test-helpers';
import type { TrackerSnapshot } from '../tracker-client';
import { CaptureController } from './controller';
import { slotAt } from './slots';
import { type Capturer, type DeclineBody, MemoryUploadStore, type UploadItem } from './types';

const T0 = Date.parse('2026-03-02T10:03:00.000Z');
const MIN = 60_000;

/** The tracker as the controller reads it: a shift we set by hand. */
class FakeTracker {
  idle = 0;
  private listeners = new Set<() => void>();
  snapshot!: TrackerSnapshot;
  constructor() {
    this.set('on_shift');
  }
  set(
    status: ShiftStatus,
    settings: Partial<NonNullable<CurrentShift['settings']>> = {},
    { standingBy = false } = {},
  ) {
    const a = attendance({
      id: 5,
      status: status === 'on_shift' || status === 'idle' ? 'ongoing' : 'completed',
    });
    const base = currentShift(a);
    const current = {
      ...base,
      settings: {
        ...(base.settings as NonNullable<CurrentShift['settings']>),
        screenshot_privacy: 'full' as ScreenshotPrivacy,
        screenshots_per_hour: 6,
        ...settings,
      },
    };
    this.snapshot = {
      shift: { status, attendance: a },
      current,
      backlog: 0,
      replay: 'idle',
      lastSyncAt: null,
      lastError: null,
      standingBy,
    };
    for (const l of this.listeners) l();
  }
  getSnapshot = () => this.snapshot;
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  idleSeconds = () => this.idle;
}

class FakeCapturer implements Capturer {
  able = true;
  screens = 1;
  failure: Error | null = null;
  private listeners = new Set<() => void>();
  canCapture = () => this.able;
  async capture() {
    if (this.failure) throw this.failure;
    return Array.from({ length: this.screens }, (_, screen) => ({
      screen,
      bytes: Uint8Array.from([0xff, 0xd8, screen]),
      type: 'image/jpeg' as const,
    }));
  }
  setAble(able: boolean) {
    this.able = able;
    for (const l of this.listeners) l();
  }
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
}

function setup(
  options: {
    capturer?: FakeCapturer | null;
    upload?: (item: UploadItem) => Promise<unknown>;
    store?: MemoryUploadStore;
    start?: boolean;
  } = {},
) {
  const tracker = new FakeTracker();
  const capturer = options.capturer === undefined ? new FakeCapturer() : options.capturer;
  const uploads: UploadItem[] = [];
  const declines: Array<{ requestId: string } & DeclineBody> = [];
  const socket = new Set<(m: ServerMessage) => void>();
  const controller = new CaptureController({
    tracker,
    capturer,
    transport: {
      upload: options.upload ?? (async (item) => void uploads.push(item)),
      decline: async (requestId, body) => void declines.push({ requestId, ...body }),
    },
    store: options.store ?? new MemoryUploadStore(),
    clock: testClock(),
    uuid: counterUuid(),
    source: 'web',
    random: () => 0.5,
    events: {
      subscribe: (l) => {
        socket.add(l);
        return () => socket.delete(l);
      },
    },
  });
  const request = async (requestId: string, attendanceId = 5) => {
    for (const l of socket)
      l({ type: 'screenshot.request', data: { request_id: requestId, attendance_id: attendanceId } });
    await vi.advanceTimersByTimeAsync(0);
  };
  if (options.start !== false) controller.start();
  return { tracker, capturer, uploads, declines, controller, request };
}

const takenAt = (items: UploadItem[]) => items.map((i) => i.takenAt.slice(11, 19));

describe('CaptureController', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('takes one capture at a random moment of each slot while on shift, none when the tier forbids images', async () => {
    const { tracker, uploads, controller } = setup();
    expect(controller.getSnapshot().scheduled).toBe(true);
    // 6 an hour: slots of 10 minutes; the first is what is left of 10:00–10:10 after clock-in at 10:03.
    await vi.advanceTimersByTimeAsync(23 * MIN);
    expect(takenAt(uploads)).toEqual(['10:06:30', '10:15:00', '10:25:00']);
    expect(uploads[0]).toMatchObject({ attendanceId: 5, screen: 0, source: 'web', origin: 'scheduled' });
    expect(controller.getSnapshot()).toMatchObject({
      lastCaptureAt: Date.parse('2026-03-02T10:25:00Z'),
      pending: 0,
    });

    // Clocking out and in again within a slot that had its capture does not add a second one.
    tracker.set('clocked_out');
    tracker.set('on_shift');
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(takenAt(uploads).slice(3)).toEqual(['10:35:00']);

    for (const tier of ['activity_only', 'off'] as const) {
      tracker.set('on_shift', { screenshot_privacy: tier });
      expect(controller.getSnapshot().scheduled).toBe(false);
      await vi.advanceTimersByTimeAsync(30 * MIN);
    }
    expect(uploads).toHaveLength(4);
    tracker.set('forced_out');
    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(uploads).toHaveLength(4);
  });

  it('skips a slot while idle or while nothing can be captured; the screens of a capture share its time', async () => {
    const { tracker, capturer, uploads, controller } = setup();
    tracker.idle = 5 * 60; // the contract's idle timeout is 5 minutes
    await vi.advanceTimersByTimeAsync(7 * MIN);
    tracker.idle = 0;
    tracker.set('idle');
    await vi.advanceTimersByTimeAsync(10 * MIN);
    tracker.set('on_shift');
    capturer?.setAble(false);
    expect(controller.getSnapshot().canCapture).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(uploads).toHaveLength(0);
    expect(controller.getSnapshot().log.map((e) => e.kind === 'skipped' && e.reason)).toEqual([
      'cannot_capture',
      'idle',
      'idle',
    ]);

    capturer?.setAble(true);
    if (capturer) capturer.screens = 2;
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(uploads.map((u) => u.screen)).toEqual([0, 1]);
    expect(uploads[0].takenAt).toBe(uploads[1].takenAt);
    expect(uploads[0].id).not.toBe(uploads[1].id);
    expect(controller.getSnapshot().log[0]).toMatchObject({
      kind: 'captured',
      origin: 'scheduled',
      screens: 2,
    });
  });

  it('answers a request at once with request_id; declines what it cannot take, once per request', async () => {
    const { tracker, capturer, uploads, declines, request } = setup();
    await request('req-1');
    await request('req-1');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({
      requestId: 'req-1',
      origin: 'on_demand',
      takenAt: new Date(T0).toISOString(),
    });

    // Idle does not stop an on-demand capture.
    tracker.set('idle');
    await request('req-2');
    expect(uploads.map((u) => u.requestId)).toEqual(['req-1', 'req-2']);

    await request('req-3', 99);
    capturer?.setAble(false);
    await request('req-4');
    capturer?.setAble(true);
    if (capturer) capturer.failure = new Error('The shared screen gave no frame');
    await request('req-5');
    tracker.set('on_shift', { screenshot_privacy: 'activity_only' });
    await request('req-6');
    expect(declines.map((d) => [d.requestId, d.reason])).toEqual([
      ['req-3', 'not_tracking'],
      ['req-4', 'cannot_capture'],
      ['req-5', 'error'],
      ['req-6', 'cannot_capture'],
    ]);
    expect(declines[2].detail).toBe('The shared screen gave no frame');
    expect(declines[1].detail).toBeUndefined();
    expect(uploads).toHaveLength(2);
  });

  it('leaves a request to the tracker that can capture: silent without a capturer, or long after a share ended', async () => {
    const alone = setup({ capturer: null });
    await alone.request('req-1');
    expect(alone.declines).toEqual([]);
    alone.controller.stop();

    const { capturer, declines, request, uploads, controller } = setup();
    capturer?.setAble(false);
    await vi.advanceTimersByTimeAsync(30_000);
    await request('req-2');
    await vi.advanceTimersByTimeAsync(1);
    await request('req-3');
    expect(declines.map((d) => d.requestId)).toEqual(['req-2']);
    expect(uploads).toHaveLength(0);

    // Stopped (the tab lost the timer): no more captures, scheduled or asked for.
    capturer?.setAble(true);
    controller.stop();
    await request('req-4');
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(uploads).toHaveLength(0);
  });

  it('takes nothing while another tracker records the shift, neither on schedule nor on request', async () => {
    const { tracker, uploads, declines, controller, request } = setup();
    tracker.set('on_shift', {}, { standingBy: true });
    expect(controller.getSnapshot().scheduled).toBe(false);
    await vi.advanceTimersByTimeAsync(30 * MIN);
    await request('r-standby');
    expect(uploads).toEqual([]);
    expect(declines).toEqual([]);
    // The other tracker is gone: the schedule starts again.
    tracker.set('on_shift');
    expect(controller.getSnapshot().scheduled).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(uploads).toHaveLength(1);
  });

  it('cuts every hour into exactly screenshots_per_hour slots', () => {
    const hour = Date.parse('2026-03-02T10:00:00Z');
    for (const perHour of [1, 6, 7, 13, 60]) {
      let at = hour;
      let slots = 0;
      while (at < hour + 60 * MIN) {
        const slot = slotAt(at, perHour);
        expect(slot.start).toBe(at);
        at = slot.end;
        slots++;
      }
      expect([perHour, at]).toEqual([slots, hour + 60 * MIN]);
    }
  });
});

describe('CaptureController at its edges', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  const entries = (c: CaptureController) =>
    c.getSnapshot().log.map((e) => [e.kind, 'reason' in e ? e.reason : 'origin' in e ? e.origin : e.status]);

  it('before start it schedules nothing and says whether the capturer can capture', () => {
    const capturer = new FakeCapturer();
    capturer.able = false;
    const { controller } = setup({ capturer, start: false });
    expect(controller.getSnapshot()).toEqual({
      canCapture: false,
      scheduled: false,
      lastCaptureAt: null,
      lastUploadAt: null,
      pending: 0,
      upload: 'idle',
      log: [],
    });
    capturer.able = true;
    controller.start();
    expect(controller.getSnapshot()).toMatchObject({ canCapture: true, scheduled: true });
  });

  it('without a capturer it never says it can capture', () => {
    const { controller } = setup({ capturer: null, start: false });
    expect(controller.getSnapshot().canCapture).toBe(false);
    controller.start();
    expect(controller.getSnapshot().canCapture).toBe(false);
  });

  it('follows the capturer: able again is shown at once', async () => {
    const { capturer, controller } = setup();
    capturer?.setAble(false);
    expect(controller.getSnapshot().canCapture).toBe(false);
    capturer?.setAble(true);
    expect(controller.getSnapshot().canCapture).toBe(true);
  });

  it('listeners hear of real changes only, until they unsubscribe', async () => {
    const { controller, tracker } = setup();
    const seen: unknown[] = [];
    const off = controller.subscribe(() => seen.push(controller.getSnapshot()));
    tracker.set('on_shift');
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(4 * MIN);
    expect(seen.length).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).not.toBe(seen[i - 1]);
    off();
    const heard = seen.length;
    await vi.advanceTimersByTimeAsync(20 * MIN);
    expect(seen).toHaveLength(heard);
  });

  it('a listener from before start hears only of real changes', async () => {
    const { controller } = setup({ start: false });
    const seen: ReturnType<CaptureController['getSnapshot']>[] = [controller.getSnapshot()];
    controller.subscribe(() => seen.push(controller.getSnapshot()));
    controller.start();
    await vi.advanceTimersByTimeAsync(4 * MIN);
    const keys = Object.keys(seen[0]) as (keyof (typeof seen)[0])[];
    expect(seen.length).toBeGreaterThan(2);
    for (let i = 1; i < seen.length; i++) expect(keys.some((k) => seen[i][k] !== seen[i - 1][k])).toBe(true);
  });

  it('keeps the planned moment while the tracker changes without changing the plan', async () => {
    const { tracker, uploads } = setup();
    await vi.advanceTimersByTimeAsync(2 * MIN);
    tracker.set('on_shift');
    tracker.set('on_shift', { idle_timeout_minutes: 10 });
    await vi.advanceTimersByTimeAsync(3 * MIN);
    expect(takenAt(uploads)).toEqual(['10:06:30']);
  });

  it('schedules nothing at 0 screenshots an hour', async () => {
    const { tracker, controller, uploads } = setup();
    tracker.set('on_shift', { screenshots_per_hour: 0 });
    expect(controller.getSnapshot().scheduled).toBe(false);
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(uploads).toEqual([]);
  });

  it('a timer that fires after its slot (the machine slept) takes nothing then, and plans within the slot it wakes in', async () => {
    const { uploads } = setup();
    // Planned for 10:06:30; the machine sleeps through it and wakes at 10:12:00.
    vi.setSystemTime(Date.parse('2026-03-02T10:12:00.000Z') - (6 * MIN + 30_000 - 3 * MIN));
    await vi.advanceTimersByTimeAsync(3 * MIN + 30_000);
    expect(uploads).toEqual([]);
    // From 10:12 the rest of 10:10–10:20: half of 8 minutes later.
    await vi.advanceTimersByTimeAsync(4 * MIN - 1);
    expect(uploads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(takenAt(uploads)).toEqual(['10:16:00']);
  });

  it('a timer firing at the very end of its slot missed it', async () => {
    const { uploads } = setup();
    vi.setSystemTime(Date.parse('2026-03-02T10:10:00.000Z') - (3 * MIN + 30_000));
    await vi.advanceTimersByTimeAsync(3 * MIN + 30_000);
    expect(uploads).toEqual([]);
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(takenAt(uploads)).toEqual(['10:15:00']);
  });

  it('idle is the shift idle or idle seconds past the timeout; a timeout of 0 never skips', async () => {
    const { tracker, controller, uploads } = setup();
    tracker.idle = 5 * 60 - 1;
    await vi.advanceTimersByTimeAsync(4 * MIN);
    expect(takenAt(uploads)).toEqual(['10:06:30']);
    tracker.idle = 10 * 3600;
    tracker.set('on_shift', { idle_timeout_minutes: 0 });
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(takenAt(uploads)).toEqual(['10:06:30', '10:15:00']);
    expect(entries(controller).every(([kind]) => kind === 'captured')).toBe(true);
  });

  it('a scheduled capture that fails or gives no image is logged as failed, and the next slot tries again', async () => {
    const { capturer, controller, uploads } = setup();
    if (!capturer) throw new Error('capturer');
    capturer.failure = new Error('The shared screen gave no frame');
    await vi.advanceTimersByTimeAsync(4 * MIN);
    capturer.failure = null;
    capturer.screens = 0;
    await vi.advanceTimersByTimeAsync(10 * MIN);
    capturer.screens = 1;
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(uploads).toHaveLength(1);
    const log = controller.getSnapshot().log;
    expect(log.map((e) => [e.kind, e.kind === 'failed' ? e.message : null])).toEqual([
      ['captured', null],
      ['failed', 'The capture gave no image'],
      ['failed', 'The shared screen gave no frame'],
    ]);
  });

  it('a request for an empty capture is declined as an error; a long error is cut to 300 characters', async () => {
    const { capturer, declines, request } = setup();
    if (!capturer) throw new Error('capturer');
    capturer.screens = 0;
    await request('r-empty');
    capturer.screens = 1;
    capturer.failure = new Error('x'.repeat(400));
    await request('r-long');
    expect(declines.map((d) => [d.reason, d.detail?.length])).toEqual([
      ['error', 'The capture gave no image'.length],
      ['error', 300],
    ]);
  });

  it('declines say why: not tracking that shift, or a tier without images', async () => {
    const { tracker, declines, request } = setup();
    await request('r-other', 99);
    tracker.set('on_shift', { screenshot_privacy: 'off' });
    await request('r-tier');
    tracker.set('clocked_out');
    await request('r-out');
    expect(declines.map((d) => [d.requestId, d.reason, d.detail])).toEqual([
      ['r-other', 'not_tracking', 'it is not tracking that shift'],
      ['r-tier', 'cannot_capture', "the contract's privacy tier allows no images"],
      ['r-out', 'not_tracking', 'it is not tracking that shift'],
    ]);
  });

  it('a capturer that never could capture stays silent even after it says something changed', async () => {
    const capturer = new FakeCapturer();
    capturer.able = false;
    const { declines, request } = setup({ capturer });
    capturer.setAble(false);
    await request('r-1');
    expect(declines).toEqual([]);
  });

  it('remembers the last 50 request ids: an older one delivered again is answered again', async () => {
    const { uploads, request } = setup();
    for (let i = 1; i <= 51; i++) await request(`r-${i}`);
    expect(uploads).toHaveLength(51);
    await request('r-2');
    expect(uploads).toHaveLength(51);
    await request('r-1');
    expect(uploads).toHaveLength(52);
  });

  it('keeps the latest 20 log entries, newest first', async () => {
    const { request, controller } = setup();
    for (let i = 1; i <= 25; i++) await request(`r-${i}`);
    const log = controller.getSnapshot().log;
    expect(log).toHaveLength(20);
    expect(log[0]).toMatchObject({ kind: 'captured', origin: 'on_demand', at: T0 });
  });

  it('shows the upload queue: pending and waiting while the server is away, refused ones in the log', async () => {
    let down = true;
    let refuse = false;
    const uploaded: UploadItem[] = [];
    const { controller, request } = setup({
      upload: async (item) => {
        if (down) throw Object.assign(new Error('Failed to fetch'), { status: undefined });
        if (refuse) throw Object.assign(new Error('Outside the shift'), { status: 422 });
        uploaded.push(item);
      },
    });
    await request('r-1');
    expect(controller.getSnapshot()).toMatchObject({ pending: 1, upload: 'waiting', lastUploadAt: null });
    down = false;
    await controller.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getSnapshot()).toMatchObject({ pending: 0, upload: 'idle', lastUploadAt: T0 });
    refuse = true;
    await request('r-2');
    await controller.flush();
    expect(controller.getSnapshot().log[0]).toMatchObject({
      kind: 'refused',
      status: 422,
      message: 'Outside the shift',
    });
    expect(uploaded).toHaveLength(1);
  });

  it('uploads at start what the store kept from before (a restart), and again after a stop and start', async () => {
    const store = new MemoryUploadStore();
    await store.append([
      {
        id: 'kept',
        attendanceId: 5,
        takenAt: new Date(T0).toISOString(),
        screen: 0,
        source: 'desktop',
        origin: 'scheduled',
        bytes: Uint8Array.from([1]),
        type: 'image/png',
      },
    ]);
    let down = true;
    const uploaded: string[] = [];
    const { controller } = setup({
      store,
      upload: async (item) => {
        if (down) throw new Error('Failed to fetch');
        uploaded.push(item.id);
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getSnapshot()).toMatchObject({ pending: 1, upload: 'waiting' });
    controller.stop();
    down = false;
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(uploaded).toEqual([]);
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(uploaded).toEqual(['kept']);
    expect(controller.getSnapshot().pending).toBe(0);
  });

  it('stop() ends the schedule and follows nothing more; a double start subscribes once', async () => {
    const { tracker, capturer, controller, uploads, request } = setup({ start: false });
    const subscribe = vi.spyOn(tracker, 'subscribe');
    controller.start();
    controller.start();
    expect(subscribe).toHaveBeenCalledTimes(1);
    controller.stop();
    expect(controller.getSnapshot().scheduled).toBe(false);
    capturer?.setAble(false);
    expect(controller.getSnapshot().canCapture).toBe(true);
    tracker.set('on_shift');
    expect(controller.getSnapshot().scheduled).toBe(false);
    await request('r-1');
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(uploads).toEqual([]);
  });

  it('stop() while a scheduled capture is being taken plans no next one', async () => {
    const { capturer, controller, uploads } = setup();
    if (!capturer) throw new Error('capturer');
    // The first capture is held until released; any later one answers at once.
    let release: (() => void) | null = null;
    const capture = capturer.capture.bind(capturer);
    capturer.capture = () =>
      release
        ? capture()
        : new Promise((resolve) => {
            release = () => void capture().then(resolve);
          });
    await vi.advanceTimersByTimeAsync(4 * MIN);
    controller.stop();
    (release as (() => void) | null)?.();
    await vi.advanceTimersByTimeAsync(60 * MIN);
    // The capture under way is kept for the next start; no other is taken.
    expect(controller.getSnapshot().log.map((e) => e.kind)).toEqual(['captured']);
    expect(uploads).toHaveLength(0);
  });
});
