import { useLocation } from 'react-router';
import type { ReportArea } from '../../../features/reports/api/params';
import { dashboardRoleOfPath } from '../../gate';

/** The API area a dashboard path reads (the loaders read it from the request's URL). */
export function areaOfPath(pathname: string): ReportArea {
  const role = dashboardRoleOfPath(pathname);
  return role === 'manager' ? 'manager' : role === 'client' ? 'client' : 'admin';
}

/** The dashboard the report is in. */
export const useReportArea = (): ReportArea => areaOfPath(useLocation().pathname);
