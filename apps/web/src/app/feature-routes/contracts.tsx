import type { DashboardRole } from '@vahub/shared/auth/roles';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy';

const NS = 'contracts';

const schedules = () => import('../routes/contracts/schedules-pages');
const editors = () => import('../routes/contracts/editor-pages');
const clientVas = () => import('../routes/contracts/client-va-pages');
const userTabs = () => import('../routes/contracts/user-tabs');

/**
 * Contracts and schedules pages of each dashboard, as children of that dashboard's layout.
 * In every `schedules/:id` path, `:id` is a contract's id (its whole week), except the client's
 * `virtual-assistants/schedules/:id`, where it is the VA's (that VA's contracts with the client).
 */
export function contractsRoutes(role: DashboardRole): RouteObject[] {
  switch (role) {
    case 'admin':
      return [
        { path: 'virtual-assistants/schedules', lazy: lazyPage(schedules, 'AdminSchedulesPage', NS) },
        { path: 'virtual-assistants/schedules/:id', lazy: lazyPage(editors, 'AdminScheduleEditorPage', NS) },
        {
          path: 'virtual-assistants/create-schedules',
          lazy: lazyPage(
            () => import('../routes/contracts/create-schedules-page'),
            'CreateSchedulesPage',
            NS,
          ),
        },
        {
          path: 'virtual-assistants/scheduled-va',
          lazy: lazyPage(() => import('../routes/contracts/scheduled-va-page'), 'ScheduledVaPage', NS),
        },
      ];
    case 'manager':
      return [
        { path: 'virtual-assistants/schedules', lazy: lazyPage(schedules, 'ManagerSchedulesPage', NS) },
        { path: 'virtual-assistants/schedules/:id', lazy: lazyPage(editors, 'ManagerSchedulePage', NS) },
      ];
    case 'client':
      return [
        { path: 'schedules', lazy: lazyPage(schedules, 'ClientSchedulesPage', NS) },
        { path: 'schedules/:id', lazy: lazyPage(editors, 'ClientScheduleEditorPage', NS) },
        { path: 'virtual-assistants', lazy: lazyPage(clientVas, 'ClientVasPage', NS) },
        { path: 'virtual-assistants/profile/:id', lazy: lazyPage(clientVas, 'ClientVaProfilePage', NS) },
        { path: 'virtual-assistants/schedules/:id', lazy: lazyPage(clientVas, 'ClientVaSchedulesPage', NS) },
      ];
    case 'va':
      return [
        {
          path: 'schedules',
          lazy: lazyPage(() => import('../routes/contracts/va-schedules-page'), 'VaSchedulesPage', NS),
        },
      ];
  }
}

/** Tabs of the admin's `users/:id` layout that belong to contracts: contracts, schedules, va-list. */
export function contractsUserTabRoutes(): RouteObject[] {
  return [
    { path: 'contracts', lazy: lazyPage(userTabs, 'UserContractsTab', NS) },
    { path: 'schedules', lazy: lazyPage(userTabs, 'UserSchedulesTab', NS) },
    { path: 'va-list', lazy: lazyPage(userTabs, 'UserVaListTab', NS) },
  ];
}
