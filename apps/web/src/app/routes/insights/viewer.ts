import type { QueryClient } from '@tanstack/react-query';
import { localDate } from '@vahub/shared/time/zoned';
import { meQueryOptions, useMe } from '../../../lib/me';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The viewer's zone: their profile's (the server reads "today" in it too), else the browser's. */
export function useViewerZone(): { zone: string; today: string } {
  const me = useMe();
  const zone = me.data?.timezone || browserZone();
  return { zone, today: localDate(new Date(), zone) };
}

/** The same for a loader (the gate has loaded `me` already, so this costs nothing). */
export async function viewerToday(client: QueryClient): Promise<string> {
  const me = await client.ensureQueryData(meQueryOptions());
  return localDate(new Date(), me.timezone || browserZone());
}
