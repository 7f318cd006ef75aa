import { IconAlertTriangle } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { LoadError as SharedLoadError } from '../../../components/ui/load-error';
import { dashboardPath } from '../../../config/paths';
import type { RequestArea } from '../../../features/requests/api/areas';
import { dashboardRoleOfPath } from '../../gate';

/** The deciders' API area of a dashboard path (loaders read it from the request's URL). */
export const areaOfPath = (pathname: string): RequestArea =>
  dashboardRoleOfPath(pathname) === 'manager' ? 'manager' : 'admin';

export function useRequestArea(): RequestArea {
  return areaOfPath(useLocation().pathname);
}

/** The VA's list of requests, and one of them. */
export const myRequestsHref = dashboardPath('va', 'requests/status');
export const myRequestHref = (id: number) => `${myRequestsHref}/${id}`;

/** A route's id parameter, when it is one. */
export const validId = (value: string | undefined): number | undefined => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** A failed read: the reason in the user's language and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <SharedLoadError ns="requests" icon={<IconAlertTriangle aria-hidden />} error={error} onRetry={onRetry} />
  );
}
