import { formatDuration } from '../../lib/format/time';

/** Seconds (as the attendance API counts them) as the spec's '2 h 30 min'; under a minute reads '0 min'. */
export const formatSeconds = (seconds: number): string =>
  formatDuration(Math.floor(Math.max(0, seconds) / 60));

/** "worked of scheduled" as two durations, for a cell or a card. */
export const formatWorkedOf = (worked: number, scheduled: number): string =>
  `${formatSeconds(worked)} / ${formatSeconds(scheduled)}`;
