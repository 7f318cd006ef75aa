import { defineFeature, lazyLoader, type PageDef } from '../manifest';

const loaders = () => import('../routes/projects/loaders');
const loader = (name: keyof Awaited<ReturnType<typeof loaders>>) => lazyLoader(loaders, name);

/**
 * `projects` (the list), `projects/create` and `projects/:id/board` (the kanban board with the task drawer), the
 * same three pages in the admin's, a manager's and a client's dashboards; the server scopes what each sees.
 * VAs have none of them (they pick tasks in the tracker).
 */
const pages = (order: number): PageDef[] => [
  {
    path: 'projects',
    load: () => import('../routes/projects/list-page'),
    component: 'ProjectsPage',
    loader: loader('listLoader'),
    nav: { labelKey: 'nav.projects', order, icon: 'projects' },
  },
  {
    path: 'projects/create',
    load: () => import('../routes/projects/create-page'),
    component: 'CreateProjectPage',
  },
  {
    path: 'projects/:id/board',
    load: () => import('../routes/projects/board-page'),
    component: 'ProjectBoardPage',
    loader: loader('boardLoader'),
  },
];

/** Projects: kanban boards of tasks for a client's VAs, with comments and the time tracked on each task. */
export const projectsFeature = defineFeature({
  name: 'projects',
  ns: 'projects',
  pages: { admin: pages(14), manager: pages(14), client: pages(16) },
});
