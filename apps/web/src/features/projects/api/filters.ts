import {
  DUE_FILTERS,
  PROJECT_STATUSES,
  type ProjectStatus,
  TASK_PRIORITIES,
  type TaskPriority,
} from '@vahub/shared/projects/schemas';
import { oneOf, type ParamReader, positiveInteger, textParam } from '../../../lib/url-params';
import type { ProjectArea } from './area';

/**
 * The projects list's and the board's filters as the URL keeps them (`?status=active&client=9&search=web`,
 * `?assignee=4&priority=high&due=overdue`) and as the API takes them. Pages and loaders read the URL through
 * these, so a loader prefetches what its page shows; values the API would refuse are dropped.
 */
export const PROJECTS_PAGE_SIZE = 20;
export type DueFilter = (typeof DUE_FILTERS)[number];

export interface ProjectFilters {
  status?: ProjectStatus;
  client?: number;
  search?: string;
  page: number;
}

/** The list's filters; a client's own client filter is ignored (they see only theirs). */
export const projectFiltersOf = (p: ParamReader, area: ProjectArea): ProjectFilters => ({
  status: oneOf(PROJECT_STATUSES, textParam(p, 'status')),
  client: area === 'client' ? undefined : positiveInteger(textParam(p, 'client')),
  search: textParam(p, 'search')?.slice(0, 100),
  page: positiveInteger(textParam(p, 'page')) ?? 1,
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

export const boardFiltersOf = (p: ParamReader): BoardFilters => ({
  assignee: positiveInteger(textParam(p, 'assignee')),
  priority: oneOf(TASK_PRIORITIES, textParam(p, 'priority')),
  due: oneOf(DUE_FILTERS, textParam(p, 'due')),
});

export const isBoardNarrowed = (f: BoardFilters) => Boolean(f.assignee || f.priority || f.due);

export const boardQueryOf = (f: BoardFilters) => ({
  assignee_id: f.assignee,
  priority: f.priority,
  due: f.due,
});

/** The task a board's drawer shows (`?task=12`), so a task can be linked. */
export const taskParamOf = (p: ParamReader) => positiveInteger(textParam(p, 'task'));
