import type { DashboardRole } from '@vahub/shared/auth/roles';
import { useLocation } from 'react-router';
import { LoadError as SharedLoadError } from '../../../components/ui/load-error';
import { dashboardPath } from '../../../config/paths';
import type { Area } from '../../../features/attendance/api/filters';
import { useMe } from '../../../lib/me';
import { dashboardRoleOfPath } from '../../gate';

/** The dashboard the page is in, the attendance area it reads, and links within that dashboard. */
export function useAttendanceArea(): { role: DashboardRole; area: Area; href: (sub: string) => string } {
  const { pathname } = useLocation();
  const role = dashboardRoleOfPath(pathname) ?? 'admin';
  const area: Area = role === 'manager' ? 'manager' : role === 'client' ? 'client' : 'admin';
  return { role, area, href: (sub: string) => dashboardPath(role, sub) };
}

/** The viewer's own zone: their profile's, else the browser's (every time on these pages is shown in it). */
export function useViewerTimezone(): string {
  const me = useMe();
  return me.data?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A failed read: the reason in the user's language and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <SharedLoadError ns="attendance" error={error} onRetry={onRetry} />;
}

/** A VA's page in each dashboard: the admin's user page (attendance tab), a manager's user page, a client's VA profile. */
export const vaPageHref =
  (area: Area) =>
  (vaId: number): string =>
    area === 'admin'
      ? dashboardPath('admin', `users/${vaId}/attendance`)
      : area === 'manager'
        ? dashboardPath('manager', `users/${vaId}`)
        : dashboardPath('client', `virtual-assistants/profile/${vaId}`);
