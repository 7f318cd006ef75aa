import { IconAlertTriangle } from '@tabler/icons-react';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import { useLocation } from 'react-router';
import { LoadError as SharedLoadError } from '../../../components/ui/load-error';
import { dashboardPath } from '../../../config/paths';
import type { ScreenshotArea } from '../../../features/screenshots/api/filters';
import { dashboardRoleOfPath } from '../../gate';

export const areaOfRole = (role: DashboardRole | null): ScreenshotArea =>
  role === 'manager' ? 'manager' : role === 'client' ? 'client' : 'admin';

/** The area of the API a dashboard path reads (loaders read it from the request's URL). */
export const areaOfPath = (pathname: string): ScreenshotArea => areaOfRole(dashboardRoleOfPath(pathname));

/** The dashboard the page is in, and the API area it reads. */
export function useScreenshotArea(): { role: DashboardRole; area: ScreenshotArea } {
  const { pathname } = useLocation();
  const role = dashboardRoleOfPath(pathname) ?? 'admin';
  return { role, area: areaOfRole(role) };
}

/** A VA's page in each dashboard (as the attendance lists link them). */
export const vaPageHref = (area: ScreenshotArea, vaId: number): string =>
  area === 'admin'
    ? dashboardPath('admin', `users/${vaId}`)
    : area === 'manager'
      ? dashboardPath('manager', `users/${vaId}`)
      : dashboardPath('client', `virtual-assistants/profile/${vaId}`);

/** A failed read: the reason in the user's language and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <SharedLoadError
      ns="screenshots"
      icon={<IconAlertTriangle aria-hidden />}
      error={error}
      onRetry={onRetry}
    />
  );
}
