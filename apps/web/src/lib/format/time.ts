import type { TimeFormat } from '@vahub/shared/users/time-format';

/**
 * Times of day, in the user's clock. Every time the web shows goes through a `TimeFormatter`
 * (`useTimeFormatter()` in `use-time-format.ts`): the user's `time_format`, or their language's habit.
 */

/**
 * The clock of the app's languages, as the browsers' locale data has it (`Intl`'s `hourCycle`). Asking `Intl` costs
 * little once its data is loaded, but the first date format of a page loads it: 70 to 160 ms of a phone's main
 * thread, inside the first render of every dashboard. Other languages still ask, once each.
 */
const HOUR12: Record<string, boolean> = { en: true, de: false, es: false, fr: false, zh: false };

/** Whether a user with this setting and language reads a 12-hour clock. */
export function usesHour12(format: TimeFormat | null | undefined, language: string): boolean {
  if (format === '12h') return true;
  if (format === '24h') return false;
  const lang = language || 'en';
  const known = HOUR12[lang];
  if (known !== undefined) return known;
  try {
    const cycle = new Intl.DateTimeFormat(lang, { hour: 'numeric' }).resolvedOptions().hourCycle;
    HOUR12[lang] = cycle === 'h12' || cycle === 'h11';
  } catch {
    HOUR12[lang] = true;
  }
  return HOUR12[lang];
}

const pad = (n: number) => String(n).padStart(2, '0');
const ofDay = (minutes: number) => ((Math.round(minutes) % 1440) + 1440) % 1440;

/** Hours and minutes of a day: "9:05 AM" on a 12-hour clock, "09:05" on a 24-hour one. */
export function formatClock(hours: number, minutes: number, hour12 = true): string {
  if (!hour12) return `${pad(hours)}:${pad(minutes)}`;
  const suffix = hours >= 12 ? 'PM' : 'AM';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${pad(minutes)} ${suffix}`;
}

/** Time of day stored as minutes since midnight (spec convention). */
export function minutesToTime(totalMinutes: number, hour12 = true): string {
  const m = ofDay(totalMinutes);
  return formatClock(Math.floor(m / 60), m % 60, hour12);
}

/** The hour and minute of a zone, one format per zone (making an `Intl` format costs far more than using it). */
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormat = (timeZone: string) => {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  return format;
};

/** A moment's time of day in a given time zone. */
export function dateToTime(date: Date, timeZone = 'UTC', hour12 = true): string {
  const parts = clockFormat(timeZone).formatToParts(date);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0) % 24;
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return formatClock(hour, minute, hour12);
}

export interface TimeFormatter {
  hour12: boolean;
  /** Minutes since midnight: "9:00 AM" / "09:00". */
  minutes: (minutes: number) => string;
  /** "9:00 AM – 5:00 PM" / "09:00 – 17:00". */
  range: (start: number, end: number) => string;
  /** An hour row's label: "9 AM" / "09:00". */
  hour: (hour: number) => string;
  /** The zone instants are shown in unless a call names one: the viewer's profile zone (else UTC). */
  zone: string;
  /** A moment's time of day in a zone (the viewer's unless one is given). */
  time: (date: Date | string, timeZone?: string) => string;
  /** A moment's date and time (the viewer's zone unless one is given), in the language's date style. */
  dateTime: (date: Date | string, timeZone?: string) => string;
  /** A moment's date (the viewer's zone unless one is given), in the language's medium style ("Dec 2, 2026"). */
  date: (date: Date | string, timeZone?: string) => string;
}

const toDate = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d);

/**
 * The formatter of one viewer. `zone` is the viewer's profile zone: every instant is shown there unless a call
 * names another (issue 23: never the browser's zone, which may differ from the profile's).
 */
export function timeFormatter(hour12: boolean, language = 'en', zone = 'UTC'): TimeFormatter {
  const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
  const dateFormats = new Map<string, Intl.DateTimeFormat>();
  return {
    hour12,
    zone,
    minutes: (m) => minutesToTime(m, hour12),
    range: (start, end) => `${minutesToTime(start, hour12)} – ${minutesToTime(end, hour12)}`,
    hour: (h) =>
      hour12 ? minutesToTime(h * 60, true).replace(':00', '') : `${pad(((h % 24) + 24) % 24)}:00`,
    time: (d, timeZone = zone) => dateToTime(toDate(d), timeZone, hour12),
    dateTime: (d, timeZone = zone) => {
      let f = dateTimeFormats.get(timeZone);
      if (!f) {
        f = new Intl.DateTimeFormat(language || 'en', {
          dateStyle: 'medium',
          timeStyle: 'short',
          hourCycle: hour12 ? 'h12' : 'h23',
          timeZone,
        });
        dateTimeFormats.set(timeZone, f);
      }
      return f.format(toDate(d));
    },
    date: (d, timeZone = zone) => {
      let f = dateFormats.get(timeZone);
      if (!f) {
        f = new Intl.DateTimeFormat(language || 'en', { dateStyle: 'medium', timeZone });
        dateFormats.set(timeZone, f);
      }
      return f.format(toDate(d));
    },
  };
}

/** A duration in minutes as the spec's '2 h 30 min' text. */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  if (m === 0) return `${h} h`;
  return `${h} h ${m} min`;
}
