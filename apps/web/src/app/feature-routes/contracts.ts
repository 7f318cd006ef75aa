import { defineFeature, lazyLoader, type NavEntry, type PageDef } from '../manifest';

const schedules = () => import('../routes/contracts/schedules-pages');
const editors = () => import('../routes/contracts/editor-pages');
const clientVas = () => import('../routes/contracts/client-va-pages');
const userTabs = () => import('../routes/contracts/user-tabs');
const loaders = () => import('../routes/contracts/loaders');
const loader = (name: keyof Awaited<ReturnType<typeof loaders>>) => lazyLoader(loaders, name);

const inVaGroup = (labelKey: string, order: number): NavEntry => ({
  labelKey,
  order,
  group: 'virtual-assistants',
});

/**
 * Contracts and schedules pages of each dashboard. In every `schedules/:id` path, `:id` is a contract's id
 * (its whole week), except the client's `virtual-assistants/schedules/:id`, where it is the VA's (that VA's
 * contracts with the client).
 */
export const contractsFeature = defineFeature({
  name: 'contracts',
  ns: 'contracts',
  pages: {
    admin: [
      {
        path: 'virtual-assistants/schedules',
        load: schedules,
        component: 'AdminSchedulesPage',
        loader: loader('adminSchedules'),
        nav: inVaGroup('nav.schedules', 1),
      },
      {
        path: 'virtual-assistants/schedules/:id',
        load: editors,
        component: 'AdminScheduleEditorPage',
        loader: loader('adminContract'),
      },
      {
        path: 'virtual-assistants/scheduled-va',
        load: () => import('../routes/contracts/scheduled-va-page'),
        component: 'ScheduledVaPage',
        nav: inVaGroup('nav.scheduledToday', 2),
      },
      {
        path: 'virtual-assistants/create-schedules',
        load: () => import('../routes/contracts/create-schedules-page'),
        component: 'CreateSchedulesPage',
        nav: inVaGroup('nav.createSchedules', 3),
      },
    ],
    manager: [
      {
        path: 'virtual-assistants/schedules',
        load: schedules,
        component: 'ManagerSchedulesPage',
        loader: loader('managerSchedules'),
        nav: inVaGroup('nav.schedules', 1),
      },
      {
        path: 'virtual-assistants/schedules/:id',
        load: editors,
        component: 'ManagerSchedulePage',
        loader: loader('managerContract'),
      },
    ],
    client: [
      {
        path: 'virtual-assistants',
        load: clientVas,
        component: 'ClientVasPage',
        loader: loader('clientVas'),
        nav: { labelKey: 'nav.virtualAssistants', order: 10, icon: 'team' },
      },
      {
        path: 'virtual-assistants/profile/:id',
        load: clientVas,
        component: 'ClientVaProfilePage',
        loader: loader('clientVa'),
      },
      {
        path: 'virtual-assistants/schedules/:id',
        load: clientVas,
        component: 'ClientVaSchedulesPage',
        loader: loader('clientVaSchedules'),
      },
      {
        path: 'schedules',
        load: schedules,
        component: 'ClientSchedulesPage',
        loader: loader('clientSchedules'),
        nav: { labelKey: 'nav.schedules', order: 20, icon: 'calendar' },
      },
      {
        path: 'schedules/:id',
        load: editors,
        component: 'ClientScheduleEditorPage',
        loader: loader('clientContract'),
      },
    ],
    va: [
      {
        path: 'schedules',
        load: () => import('../routes/contracts/va-schedules-page'),
        component: 'VaSchedulesPage',
        loader: loader('vaSchedules'),
        nav: { labelKey: 'nav.schedules', order: 20, icon: 'calendar' },
      },
    ],
  },
});

/** Tabs of the admin's `users/:id` layout that belong to contracts: contracts, schedules, va-list. */
export const contractsUserTabs = (): PageDef[] =>
  (
    [
      ['contracts', 'UserContractsTab', 'userContracts'],
      ['schedules', 'UserSchedulesTab', 'userSchedules'],
      ['va-list', 'UserVaListTab', 'userVaList'],
    ] as const
  ).map(([path, component, name]) => ({
    path,
    load: userTabs,
    component,
    ns: 'contracts',
    loader: loader(name),
  }));
