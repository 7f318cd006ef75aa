import type { DashboardRole } from '@vahub/shared/auth/roles';
import type { RouteObject } from 'react-router';

/** Contracts and schedules pages of each dashboard, as children of that dashboard's layout. */
export function contractsRoutes(_role: DashboardRole): RouteObject[] {
  return [];
}

/** Tabs of the admin's `users/:id` layout that belong to contracts: contracts, schedules, va-list. */
export function contractsUserTabRoutes(): RouteObject[] {
  return [];
}
