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
