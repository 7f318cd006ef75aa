import { useMe } from '../../../lib/me';

/** The viewer's own zone: their profile's, else the browser's. */
export function useViewerTimezone(): string {
  const me = useMe();
  return me.data?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
