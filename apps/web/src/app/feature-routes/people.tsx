import type { DashboardRole } from '@vahub/shared/auth/roles';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy';
import { contractsUserTabRoutes } from './contracts';

const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  lazyPage(load, name, 'people');

const users = () => import('../routes/people/users-page');
const user = () => import('../routes/people/user-layout');
const clients = () => import('../routes/people/clients-page');
const other = () => import('../routes/people/other-pages');

const clientsPage = page(clients, 'ClientsPage');

/** The clients table under each status path, and the add form. */
const clientRoutes = (): RouteObject[] => [
  { path: 'clients', lazy: clientsPage },
  { path: 'clients/active', lazy: clientsPage },
  { path: 'clients/inactive', lazy: clientsPage },
  { path: 'clients/onhold', lazy: clientsPage },
  { path: 'clients/add', lazy: page(clients, 'ClientAddPage') },
];

const vaDirectory = (): RouteObject => ({
  path: 'virtual-assistants',
  lazy: page(other, 'VaDirectoryPage'),
});

/**
 * People pages of each dashboard (users, clients, teams, organizations, settings, VA directory), as
 * children of that dashboard's layout. Paths are relative to the dashboard.
 */
export function peopleRoutes(role: DashboardRole): RouteObject[] {
  if (role === 'admin') {
    return [
      { path: 'users', lazy: page(users, 'UsersPage') },
      {
        path: 'users/:id',
        lazy: page(user, 'UserLayout'),
        children: [
          { index: true, lazy: page(user, 'UserGeneralPage') },
          { path: 'security', lazy: page(user, 'UserSecurityPage') },
          ...contractsUserTabRoutes(),
        ],
      },
      ...clientRoutes(),
      { path: 'teams', lazy: page(other, 'TeamsPage') },
      { path: 'organizations', lazy: page(other, 'OrganizationsPage') },
      { path: 'organizations/:id/users', lazy: page(other, 'OrganizationUsersPage') },
      { path: 'settings', lazy: page(other, 'SettingsPage') },
      vaDirectory(),
    ];
  }
  if (role === 'manager') {
    return [...clientRoutes(), { path: 'users/:id', lazy: page(user, 'ManagerUserPage') }, vaDirectory()];
  }
  return [];
}
