import type { PackBlock, PackPing, PackScreenshot, Signal } from './pack-types';

/**
 * The unusual-activity rules and their thresholds. Each names what a reviewer should look at; none is proof of
 * anything (a video call, a long read, a tool that types for the VA all match some of them), so a match is
 * "needs review" with a confidence, never misconduct.
 */
export const SIGNAL_RULES = {
  /** An input simulator sends the same counts every interval. */
  input_repeat: { minMinutes: 10, mediumMinutes: 20, highMinutes: 45 },
  /** Only the keyboard, or only the mouse, for a long stretch. */
  single_input: { minMinutes: 60, mediumMinutes: 120, highMinutes: 240 },
  /** Activity above this share of every 10-minute block for hours, with no block below it. */
  flawless_stretch: { activityPercent: 95, minHours: 3, highHours: 5 },
  /** Screenshots unchanged (same size to the byte) while input was counted between them. */
  static_screen: { minShots: 3, mediumShots: 5, highShots: 8 },
} as const;

/** Pings further apart than this break a run (the tracker stopped, or the VA was off). */
const MAX_GAP_MS = 3 * 60_000;

type Run<T> = { items: T[] };

/** Consecutive items (in time order) that all pass `keep` and follow each other without a gap. */
function runs<T>(
  items: T[],
  at: (t: T) => Date,
  keep: (t: T, prev: T | null) => boolean,
  gapMs = MAX_GAP_MS,
) {
  const out: Run<T>[] = [];
  let current: T[] = [];
  let prev: T | null = null;
  for (const item of items) {
    const joined = prev !== null && at(item).getTime() - at(prev).getTime() <= gapMs && keep(item, prev);
    if (joined) current.push(item);
    else {
      if (current.length) out.push({ items: current });
      current = keep(item, null) ? [item] : [];
    }
    prev = item;
  }
  if (current.length) out.push({ items: current });
  return out;
}

const minutesOf = (from: Date, to: Date, tailMs = 60_000) =>
  Math.round((to.getTime() - from.getTime() + tailMs) / 60_000);

const confidence = (value: number, medium: number, high: number): Signal['confidence'] =>
  value >= high ? 'high' : value >= medium ? 'medium' : 'low';

type Ctx = { attendanceId: number; page: string; time: (d: Date) => string };

/** Identical keyboard and mouse counts (with input) in consecutive pings. */
export function inputRepeat(pings: PackPing[], ctx: Ctx): Signal[] {
  const r = SIGNAL_RULES.input_repeat;
  const same = (p: PackPing, prev: PackPing | null) =>
    p.keyboard + p.mouse > 0 && (prev === null || (p.keyboard === prev.keyboard && p.mouse === prev.mouse));
  return runs(pings, (p) => p.at, same)
    .map((run) => ({ run, minutes: minutesOf(run.items[0].at, run.items[run.items.length - 1].at) }))
    .filter(({ minutes }) => minutes >= r.minMinutes)
    .map(({ run, minutes }, i) => {
      const first = run.items[0];
      return {
        id: `att${ctx.attendanceId}.signal.input_repeat.${i + 1}`,
        rule: 'input_repeat',
        verdict: 'needs_review',
        confidence: confidence(minutes, r.mediumMinutes, r.highMinutes),
        threshold: `the same keyboard and mouse counts in every ping for at least ${r.minMinutes} minutes`,
        observed: `${first.keyboard} keys and ${first.mouse} mouse events in each of ${run.items.length} pings over ${minutes} minutes`,
        from: ctx.time(first.at),
        to: ctx.time(run.items[run.items.length - 1].at),
        page: ctx.page,
      } satisfies Signal;
    });
}

/** Keyboard only, or mouse only, for a long stretch. */
export function singleInput(pings: PackPing[], ctx: Ctx): Signal[] {
  const r = SIGNAL_RULES.single_input;
  const out: Signal[] = [];
  for (const device of ['keyboard', 'mouse'] as const) {
    const other = device === 'keyboard' ? 'mouse' : 'keyboard';
    const only = (p: PackPing) => p[device] > 0 && p[other] === 0;
    const found = runs(pings, (p) => p.at, only)
      .map((run) => ({ run, minutes: minutesOf(run.items[0].at, run.items[run.items.length - 1].at) }))
      .filter(({ minutes }) => minutes >= r.minMinutes);
    found.forEach(({ run, minutes }, i) => {
      out.push({
        id: `att${ctx.attendanceId}.signal.${device}_only.${i + 1}`,
        rule: 'single_input',
        verdict: 'needs_review',
        confidence: confidence(minutes, r.mediumMinutes, r.highMinutes),
        threshold: `${device} input with no ${other} input for at least ${r.minMinutes} minutes`,
        observed: `${device} only for ${minutes} minutes (${run.items.length} pings)`,
        from: ctx.time(run.items[0].at),
        to: ctx.time(run.items[run.items.length - 1].at),
        page: ctx.page,
      });
    });
  }
  return out;
}

/** Every 10-minute block above the activity threshold for hours on end. */
export function flawlessStretch(blocks: PackBlock[], ctx: Ctx): Signal[] {
  const r = SIGNAL_RULES.flawless_stretch;
  const high = (b: PackBlock) =>
    b.trackedSeconds > 0 &&
    (100 * Math.min(b.activeSeconds, b.trackedSeconds)) / b.trackedSeconds > r.activityPercent;
  return runs(blocks, (b) => b.startAt, high, 10 * 60_000)
    .map((run) => ({
      run,
      hours: minutesOf(run.items[0].startAt, run.items[run.items.length - 1].startAt, 10 * 60_000) / 60,
    }))
    .filter(({ hours }) => hours >= r.minHours)
    .map(({ run, hours }, i) => ({
      id: `att${ctx.attendanceId}.signal.flawless_stretch.${i + 1}`,
      rule: 'flawless_stretch',
      verdict: 'needs_review',
      confidence: hours >= r.highHours ? 'high' : 'medium',
      threshold: `activity above ${r.activityPercent} % in every 10-minute block for at least ${r.minHours} hours, no break`,
      observed: `${run.items.length} blocks in a row above ${r.activityPercent} % (${formatHours(hours)})`,
      from: ctx.time(run.items[0].startAt),
      to: ctx.time(new Date(run.items[run.items.length - 1].startAt.getTime() + 10 * 60_000)),
      page: ctx.page,
    }));
}

/** Consecutive screenshots of identical size while the pings between them counted input. */
export function staticScreen(shots: PackScreenshot[], pings: PackPing[], ctx: Ctx): Signal[] {
  const r = SIGNAL_RULES.static_screen;
  const inputBetween = (from: Date, to: Date) =>
    pings.some((p) => p.at > from && p.at <= to && p.keyboard + p.mouse > 0);
  const same = (s: PackScreenshot, prev: PackScreenshot | null) =>
    prev === null ||
    (s.bytes === prev.bytes &&
      s.width === prev.width &&
      s.height === prev.height &&
      inputBetween(prev.takenAt, s.takenAt));
  return runs(shots, (s) => s.takenAt, same, 60 * 60_000)
    .filter((run) => run.items.length >= r.minShots)
    .map((run, i) => ({
      id: `att${ctx.attendanceId}.signal.static_screen.${i + 1}`,
      rule: 'static_screen',
      verdict: 'needs_review',
      confidence: confidence(run.items.length, r.mediumShots, r.highShots),
      threshold: `at least ${r.minShots} screenshots in a row of the same size to the byte while input was counted`,
      observed: `${run.items.length} identical screenshots (${run.items[0].bytes} bytes each) with input between them`,
      from: ctx.time(run.items[0].takenAt),
      to: ctx.time(run.items[run.items.length - 1].takenAt),
      page: `screenshots?attendance_id=${ctx.attendanceId}`,
    }));
}

export const formatHours = (hours: number) => {
  const total = Math.round(hours * 60);
  return `${Math.floor(total / 60)} h ${String(total % 60).padStart(2, '0')} min`;
};
