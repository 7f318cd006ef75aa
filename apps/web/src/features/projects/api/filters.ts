import {
  DUE_FILTERS,
  PROJECT_STATUSES,
  type ProjectStatus,
  TASK_PRIORITIES,
  type TaskPriority,
} from '@vahub/shared/projects/schemas';
import type { ProjectArea } from './area';

/**
 * The projects list's and the board's filters as the URL keeps them (`?status=active&client=9&search=web`,
 * `?assignee=4&priority=high&due=overdue`) and as the API takes them. Pages and loaders read the URL through
 * these, so a loader prefetches what its page shows; values the API would refuse are dropped.
 */
type Params = Pick<URLSearchParams, 'get'>;

export const PROJECTS_PAGE_SIZE = 20;
export type DueFilter = (typeof DUE_FILTERS)[number];

export interface ProjectFilters {
  status?: ProjectStatus;
  client?: number;
  search?: string;
  page: number;
}

const text = (p: Params, key: string) => p.get(key)?.trim() || undefined;
const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const oneOf = <T extends string>(values: readonly T[], value: string | undefined) =>
  values.includes(value as T) ? (value as T) : undefined;

/** The list's filters; a client's own client filter is ignored (they see only theirs). */
export const projectFiltersOf = (p: Params, area: ProjectArea): ProjectFilters => ({
  status: oneOf(PROJECT_STATUSES, text(p, 'status')),
  client: area === 'client' ? undefined : positive(text(p, 'client')),
  search: text(p, 'search')?.slice(0, 100),
  page: positive(text(p, 'page')) ?? 1,
});

/** Whether anything narrows the list (the empty state then says so instead of offering a first project). */
export const isNarrowed = (f: ProjectFilters) => Boolean(f.status || f.client || f.search);

export const projectQueryOf = (f: ProjectFilters) => ({
  status: f.status,
  client_id: f.client,
  search: f.search,
  page: f.page,
  per_page: PROJECTS_PAGE_SIZE,
});

export interface BoardFilters {
  assignee?: number;
  priority?: TaskPriority;
  due?: DueFilter;
}

export const boardFiltersOf = (p: Params): BoardFilters => ({
  assignee: positive(text(p, 'assignee')),
  priority: oneOf(TASK_PRIORITIES, text(p, 'priority')),
  due: oneOf(DUE_FILTERS, text(p, 'due')),
});

export const isBoardNarrowed = (f: BoardFilters) => Boolean(f.assignee || f.priority || f.due);

export const boardQueryOf = (f: BoardFilters) => ({
  assignee_id: f.assignee,
  priority: f.priority,
  due: f.due,
});

/** The task a board's drawer shows (`?task=12`), so a task can be linked. */
export const taskParamOf = (p: Params) => positive(text(p, 'task'));
