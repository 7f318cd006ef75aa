import { readFile, writeFile } from 'node:fs/promises';
import type { CurrentShift } from '@vahub/shared/attendance/tracker-protocol';
import { statusOf, type TrackerTransport } from '@vahub/tracker-core/transport';

/** A cached shift older than this is not trusted (a shift lasts hours; a shift left running closes after 4 h). */
const MAX_AGE_MS = 24 * 3_600_000;

/**
 * Remembers the server's last answer to `attendance/current/user` in a file, so an agent started while the
 * server cannot be reached (a reboot during an outage) goes on recording the shift that was ongoing: its pings
 * wait in the outbox, and the server refuses any that fall outside the shift. Only until the first answer of
 * this run, and only when nothing answered at all (an HTTP error is the server's word and is passed on).
 */
export function cachingCurrent(
  transport: TrackerTransport,
  path: string,
  now: () => number,
  log: (line: string) => void,
): TrackerTransport {
  let answered = false;
  return {
    ...transport,
    async current() {
      try {
        const current = await transport.current();
        answered = true;
        await writeFile(path, JSON.stringify({ saved_at: now(), current }), { mode: 0o600 }).catch(() => {});
        return current;
      } catch (error) {
        if (answered || statusOf(error) !== undefined) throw error;
        const cached = await readFile(path, 'utf8')
          .then((text) => JSON.parse(text) as { saved_at: number; current: CurrentShift })
          .catch(() => null);
        const end = Date.parse(cached?.current.attendance?.scheduled_end_at ?? '');
        const usable =
          cached &&
          cached.current.state === 'ongoing' &&
          now() - cached.saved_at < MAX_AGE_MS &&
          !(now() > end + 4 * 3_600_000);
        if (!usable) throw error;
        answered = true;
        log(
          `The server cannot be reached: going on with the shift last seen ongoing (attendance ${cached.current.attendance?.id})`,
        );
        return cached.current;
      }
    },
  };
}
