import { IconAlertTriangle } from '@tabler/icons-react';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import { useLocation } from 'react-router';
import { LoadError as SharedLoadError } from '../../../components/ui/load-error';
import { dashboardPath } from '../../../config/paths';
import type { ProjectArea } from '../../../features/projects/api/area';
import { dashboardRoleOfPath } from '../../gate';

export const areaOfRole = (role: DashboardRole | null): ProjectArea =>
  role === 'manager' ? 'manager' : role === 'client' ? 'client' : 'admin';

/** The area of the API a dashboard path reads (loaders read it from the request's URL). */
export const areaOfPath = (pathname: string): ProjectArea => areaOfRole(dashboardRoleOfPath(pathname));

/** The dashboard the page is in, and the API area it reads. */
export function useProjectArea(): { role: DashboardRole; area: ProjectArea } {
  const { pathname } = useLocation();
  const role = dashboardRoleOfPath(pathname) ?? 'admin';
  return { role, area: areaOfRole(role) };
}

export const projectsHref = (role: DashboardRole) => dashboardPath(role, 'projects');
export const createProjectHref = (role: DashboardRole) => dashboardPath(role, 'projects/create');
export const boardHref = (role: DashboardRole, id: number) => dashboardPath(role, `projects/${id}/board`);

/** A positive id from a route param, or undefined. */
export const validId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** A failed read: the reason in the user's language and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <SharedLoadError ns="projects" icon={<IconAlertTriangle aria-hidden />} error={error} onRetry={onRetry} />
  );
}
