import { defineFeature, lazyLoader, type PageDef } from '../manifest';
import { attendanceUserTabs } from './attendance';
import { contractsUserTabs } from './contracts';
import { directoryUserTabs } from './directory';

const users = () => import('../routes/people/users-page');
const user = () => import('../routes/people/user-layout');
const clients = () => import('../routes/people/clients-page');
const other = () => import('../routes/people/other-pages');
const loaders = () => import('../routes/people/loaders');
const loader = (name: keyof Awaited<ReturnType<typeof loaders>>) => lazyLoader(loaders, name);

const CLIENT_LISTS = [
  ['clients', 'nav.clientsAll'],
  ['clients/active', 'nav.clientsActive'],
  ['clients/inactive', 'nav.clientsInactive'],
  ['clients/onhold', 'nav.clientsOnhold'],
] as const;

/** The clients table under each status path, and the add form, in the sidebar's "Clients" group. */
const clientPages = (): PageDef[] => [
  ...CLIENT_LISTS.map(
    ([path, labelKey], order): PageDef => ({
      path,
      load: clients,
      component: 'ClientsPage',
      loader: loader('clientsLoader'),
      nav: { labelKey, order, group: 'clients' },
    }),
  ),
  {
    path: 'clients/add',
    load: clients,
    component: 'ClientAddPage',
    loader: loader('clientAddLoader'),
    nav: { labelKey: 'nav.clientsAdd', order: CLIENT_LISTS.length, group: 'clients' },
  },
];

const vaDirectory = (): PageDef => ({
  path: 'virtual-assistants',
  load: other,
  component: 'VaDirectoryPage',
  loader: loader('vaDirectoryLoader'),
  nav: { labelKey: 'nav.vaDirectory', order: 0, group: 'virtual-assistants' },
});

/** People: users, clients, teams, organizations, settings and the VA directory. */
export const peopleFeature = defineFeature({
  name: 'people',
  ns: 'people',
  pages: {
    admin: [
      {
        path: 'users',
        load: users,
        component: 'UsersPage',
        loader: loader('usersLoader'),
        nav: { labelKey: 'nav.users', order: 10, icon: 'users' },
      },
      {
        path: 'users/:id',
        load: user,
        component: 'UserLayout',
        loader: loader('userLoader'),
        children: [
          { index: true, load: user, component: 'UserGeneralPage' },
          { path: 'security', load: user, component: 'UserSecurityPage' },
          ...contractsUserTabs(),
          ...attendanceUserTabs(),
          ...directoryUserTabs(),
        ],
      },
      ...clientPages(),
      {
        path: 'teams',
        load: other,
        component: 'TeamsPage',
        loader: loader('teamsLoader'),
        nav: { labelKey: 'nav.teams', order: 40, icon: 'team' },
      },
      {
        path: 'organizations',
        load: other,
        component: 'OrganizationsPage',
        loader: loader('organizationsLoader'),
        nav: { labelKey: 'nav.organizations', order: 50, icon: 'organizations', superAdminOnly: true },
      },
      {
        path: 'organizations/:id/users',
        load: other,
        component: 'OrganizationUsersPage',
        loader: loader('organizationUsersLoader'),
      },
      {
        path: 'settings',
        load: other,
        component: 'SettingsPage',
        loader: loader('settingsLoader'),
        nav: { labelKey: 'nav.settings', order: 60, icon: 'settings' },
      },
      vaDirectory(),
    ],
    manager: [
      ...clientPages(),
      { path: 'users/:id', load: user, component: 'ManagerUserPage', loader: loader('userLoader') },
      vaDirectory(),
    ],
  },
});
