import { createRequire } from 'node:module';

/** One input event, reduced to its kind: never which key, never where the pointer is. */
export type InputKind = 'keyboard' | 'click' | 'wheel' | 'move';

/** System-wide input: uiohook in the agent, a fake in tests. */
export interface InputSource {
  /** Starts listening; throws when it cannot (no display, no permission). */
  start(listener: (kind: InputKind) => void): void;
  stop(): void;
}

/** Where counts go: the tracker client (`record`). */
export interface ActivitySink {
  record(kind: 'keyboard' | 'mouse'): void;
}

/** Pointer moves count at most once a second (as the web timer does): a move is hundreds of events. */
export const MOVE_EVERY_MS = 1000;

/**
 * Turns input events into the core's counts: a key press is a keyboard event, a click or a wheel turn a
 * mouse event, pointer moves one mouse event a second at most. Nothing about the event is kept.
 */
export class ActivityCounter {
  private lastMove = Number.NEGATIVE_INFINITY;
  /** The last input of any kind (for `status`). */
  lastInputAt: number | null = null;

  constructor(
    private readonly sink: ActivitySink,
    private readonly now: () => number,
  ) {}

  onInput = (kind: InputKind): void => {
    const at = this.now();
    this.lastInputAt = at;
    if (kind === 'keyboard') this.sink.record('keyboard');
    else if (kind === 'move') {
      if (at - this.lastMove < MOVE_EVERY_MS) return;
      this.lastMove = at;
      this.sink.record('mouse');
    } else this.sink.record('mouse');
  };
}

type UiohookModule = {
  uIOhook: {
    on(event: string, listener: () => void): void;
    removeAllListeners(event?: string): void;
    start(): void;
    stop(): void;
  };
};

/**
 * System-wide keyboard and mouse events through `uiohook-napi` (X11's XRecord on Linux, hooks on Windows).
 * Only the event's type is read. On Linux without a reachable X display uiohook's start never returns, so
 * the display is checked first (`displayCheck`).
 */
export class UiohookInputSource implements InputSource {
  private hook: UiohookModule['uIOhook'] | null = null;

  constructor(private readonly displayCheck: () => string | null) {}

  start(listener: (kind: InputKind) => void): void {
    const problem = this.displayCheck();
    if (problem) throw new Error(problem);
    const require = createRequire(import.meta.url);
    const { uIOhook } = require('uiohook-napi') as UiohookModule;
    uIOhook.on('keydown', () => listener('keyboard'));
    uIOhook.on('mousedown', () => listener('click'));
    uIOhook.on('wheel', () => listener('wheel'));
    uIOhook.on('mousemove', () => listener('move'));
    uIOhook.start();
    this.hook = uIOhook;
  }

  stop(): void {
    if (!this.hook) return;
    this.hook.removeAllListeners();
    this.hook.stop();
    this.hook = null;
  }
}
