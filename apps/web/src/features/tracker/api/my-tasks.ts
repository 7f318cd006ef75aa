import { useQuery } from '@tanstack/react-query';
import type { vaProjects } from '@vahub/shared/projects/endpoints';
import type { TaskListItem } from '@vahub/shared/projects/schemas';
import { contractOf } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';

// GET va-access/tasks?assignee_id=<me>&open=true: my open tasks across my clients' projects (call data only).
const tasks = contractOf<typeof vaProjects.tasks>({
  method: 'GET',
  path: '/api/v1/va-access/tasks',
  access: 'projects.va',
  resource: 'projects',
});

/** How many of my open tasks the VA home lists. */
export const MY_TASKS_LIMIT = 20;

export const myTasksQuery = (userId: number) =>
  endpointQuery(tasks, { query: { assignee_id: userId, open: true, per_page: MY_TASKS_LIMIT } });

export const useMyTasks = (userId: number) => useQuery(myTasksQuery(userId));
export type { TaskListItem };
