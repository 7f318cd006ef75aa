import { instantToZoned } from '@vahub/shared/time/zoned';

/**
 * How the gallery lays captures out (as a Hubstaff user expects): by day and hour in the viewer's zone, one
 * row per VA within the hour, and under each row the hour's six 10-minute blocks with the captures taken in
 * each and that block's activity. Screens of one capture (same attendance, same `taken_at`) form one card.
 */
export interface Shot {
  id: number;
  attendance_id: number;
  va_id: number;
  taken_at: string;
  screen: number;
  activity_percent: number | null;
}

export interface Capture<T extends Shot> {
  key: string;
  takenAt: string;
  /** The capture's screens, by screen index. */
  screens: T[];
}

export interface Block<T extends Shot> {
  /** 0–5: minutes 0–9, 10–19, … of the hour. */
  index: number;
  /** When the block starts (ISO). */
  startAt: string;
  captures: Capture<T>[];
  /** The block's activity (0–100) as its captures report it; null without captures or pings. */
  activity: number | null;
}

export interface HourRow<T extends Shot> {
  vaId: number;
  blocks: Block<T>[];
  /** The mean of the blocks' activity, null when no block reports one. */
  activity: number | null;
  captureCount: number;
}

export interface Hour<T extends Shot> {
  key: string;
  /** The hour's first instant (ISO) and its hour of the day in the zone. */
  startAt: string;
  hour: number;
  rows: HourRow<T>[];
}

export interface Day<T extends Shot> {
  date: string;
  hours: Hour<T>[];
}

export const BLOCKS_PER_HOUR = 6;
const MINUTE = 60_000;

type Where = { date: string; hour: number; block: number; hourStart: number };

/** A capture's local day, hour and block; the hour is keyed by its first instant, so a repeated hour (autumn) stays two. */
function placeOf(takenAt: string, zone: string): Where {
  const ms = Date.parse(takenAt);
  const { date, minute } = instantToZoned(ms, zone);
  const hourStart = Math.floor(ms / MINUTE) * MINUTE - (minute % 60) * MINUTE;
  return { date, hour: Math.floor(minute / 60), block: Math.floor((minute % 60) / 10), hourStart };
}

const mean = (values: number[]) =>
  values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null;

/** Screens of the same capture side by side, in time order. */
export function toCaptures<T extends Shot>(shots: readonly T[]): Capture<T>[] {
  const byKey = new Map<string, Capture<T>>();
  for (const shot of shots) {
    const key = `${shot.attendance_id}@${Date.parse(shot.taken_at)}`;
    let capture = byKey.get(key);
    if (!capture) {
      capture = { key, takenAt: shot.taken_at, screens: [] };
      byKey.set(key, capture);
    }
    capture.screens.push(shot);
  }
  const captures = [...byKey.values()];
  for (const c of captures) c.screens.sort((a, b) => a.screen - b.screen);
  return captures.sort((a, b) => Date.parse(a.takenAt) - Date.parse(b.takenAt));
}

/**
 * Days (newest first) of hours (newest first) of VA rows (in the order the list first names them), each
 * with its six blocks. The list may come in any order; pages appended by "load more" simply join.
 */
export function groupByHour<T extends Shot>(shots: readonly T[], zone: string): Day<T>[] {
  const hours = new Map<number, { where: Where; byVa: Map<number, T[]> }>();
  for (const shot of shots) {
    const where = placeOf(shot.taken_at, zone);
    let hour = hours.get(where.hourStart);
    if (!hour) {
      hour = { where, byVa: new Map() };
      hours.set(where.hourStart, hour);
    }
    const list = hour.byVa.get(shot.va_id) ?? [];
    list.push(shot);
    hour.byVa.set(shot.va_id, list);
  }
  const days: Day<T>[] = [];
  for (const [start, { where, byVa }] of [...hours.entries()].sort((a, b) => b[0] - a[0])) {
    const rows = [...byVa.entries()].map(([vaId, list]) => rowOf(vaId, list, start, zone));
    const hour: Hour<T> = {
      key: String(start),
      startAt: new Date(start).toISOString(),
      hour: where.hour,
      rows,
    };
    const last = days.at(-1);
    if (last?.date === where.date) last.hours.push(hour);
    else days.push({ date: where.date, hours: [hour] });
  }
  return days;
}

function rowOf<T extends Shot>(vaId: number, list: T[], hourStart: number, zone: string): HourRow<T> {
  const blocks: Block<T>[] = Array.from({ length: BLOCKS_PER_HOUR }, (_, index) => ({
    index,
    startAt: new Date(hourStart + index * 10 * MINUTE).toISOString(),
    captures: [],
    activity: null,
  }));
  for (const capture of toCaptures(list)) {
    const block = blocks[placeOf(capture.takenAt, zone).block];
    block.captures.push(capture);
    if (block.activity === null) {
      block.activity = capture.screens.find((s) => s.activity_percent !== null)?.activity_percent ?? null;
    }
  }
  const known = blocks.map((b) => b.activity).filter((a): a is number => a !== null);
  const captureCount = blocks.reduce((n, b) => n + b.captures.length, 0);
  return { vaId, blocks, activity: mean(known), captureCount };
}
