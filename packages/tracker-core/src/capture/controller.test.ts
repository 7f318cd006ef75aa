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

function setup(options: { capturer?: FakeCapturer | null } = {}) {
  const tracker = new FakeTracker();
  const capturer = options.capturer === undefined ? new FakeCapturer() : options.capturer;
  const uploads: UploadItem[] = [];
  const declines: Array<{ requestId: string } & DeclineBody> = [];
  const socket = new Set<(m: ServerMessage) => void>();
  const controller = new CaptureController({
    tracker,
    capturer,
    transport: {
      upload: async (item) => void uploads.push(item),
      decline: async (requestId, body) => void declines.push({ requestId, ...body }),
    },
    store: new MemoryUploadStore(),
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
  controller.start();
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
