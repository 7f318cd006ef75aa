import { IconAlertTriangle } from '@tabler/icons-react';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import { useLocation } from 'react-router';
import { LoadError as SharedLoadError } from '../../../components/ui/load-error';
import { dashboardPath } from '../../../config/paths';
import type { TimesheetArea } from '../../../features/timesheets/api/filters';
import { dashboardRoleOfPath } from '../../gate';

export const areaOfRole = (role: DashboardRole | null): TimesheetArea =>
  role === 'manager' ? 'manager' : role === 'client' ? 'client' : 'admin';

/** The area of the API a dashboard path reads (loaders read it from the request's URL). */
export const areaOfPath = (pathname: string): TimesheetArea => areaOfRole(dashboardRoleOfPath(pathname));

/** The dashboard the page is in, and the API area it reads. */
export function useTimesheetArea(): { role: DashboardRole; area: TimesheetArea } {
  const { pathname } = useLocation();
  const role = dashboardRoleOfPath(pathname) ?? 'admin';
  return { role, area: areaOfRole(role) };
}

/** The timesheets pages of a supervisor's dashboard. */
export const timesheetsBase = (role: DashboardRole) => dashboardPath(role, 'reports/timesheets');
export const timesheetHref = (role: DashboardRole, id: number) => `${timesheetsBase(role)}/timesheet/${id}`;
export const userTimesheetsHref = (role: DashboardRole, vaId: number) =>
  `${timesheetsBase(role)}/user/${vaId}`;

/** A failed read: the reason in the user's language and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <SharedLoadError
      ns="timesheets"
      icon={<IconAlertTriangle aria-hidden />}
      error={error}
      onRetry={onRetry}
    />
  );
}
