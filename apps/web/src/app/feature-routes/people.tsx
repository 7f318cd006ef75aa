import type { DashboardRole } from '@vahub/shared/auth/roles';
import type { RouteObject } from 'react-router';

/**
 * People pages of each dashboard (users, clients, teams, organizations, settings, VA directory), as
 * children of that dashboard's layout. Paths are relative to the dashboard.
 */
export function peopleRoutes(_role: DashboardRole): RouteObject[] {
  return [];
}
