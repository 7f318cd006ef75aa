/**
 * Times in server messages, worded as the reader reads them (their zone, their 12/24-hour clock), in the
 * English of the catalog: "7:45 PM on Wed, Dec 2", "19:45 on Wed, Dec 2". Never an ISO stamp.
 */
export type Clock = { timezone: string; hour12: boolean };

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes since midnight on the reader's clock: "7:45 PM" / "19:45". */
export function clockTime(minute: number, hour12: boolean): string {
  const m = ((Math.round(minute) % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  if (!hour12) return `${pad(h)}:${pad(m % 60)}`;
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(m % 60)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "Wed, Dec 2": an instant's day in a zone. */
export function dayText(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone,
  }).format(instant);
}

/** "7:45 PM on Wed, Dec 2": an instant in the reader's zone and clock. */
export function instantText(instant: Date, clock: Clock): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: clock.timezone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0) % 24;
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return `${clockTime(hour * 60 + minute, clock.hour12)} on ${dayText(instant, clock.timezone)}`;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * A weekly block on the reader's clock, its day and times only: "Monday 9:00 AM–5:00 PM", "Friday 22:00–06:00
 * (next day)". Weekdays 1 = Monday … 7 = Sunday (0 is Sunday too).
 */
export function blockText(b: { weekday: number; start_minute: number; end_minute: number }, hour12: boolean) {
  const day = WEEKDAYS[(((b.weekday + 6) % 7) + 7) % 7];
  const overnight = b.end_minute <= b.start_minute ? ' (next day)' : '';
  return `${day} ${clockTime(b.start_minute, hour12)}–${clockTime(b.end_minute, hour12)}${overnight}`;
}
