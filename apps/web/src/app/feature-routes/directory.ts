import type { PageDef } from '../manifest';

/** The admin's `users/:id/ldap` tab (issue 29: the directory link), lent to the people feature's user layout. */
export const directoryUserTabs = (): PageDef[] => [
  {
    path: 'ldap',
    load: () => import('../routes/directory/user-ldap-tab'),
    component: 'UserLdapTab',
    ns: 'directory',
  },
];
