import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query-keys';
import { type ProjectArea, projectApi } from './area';

/** `GET tasks/{id}`: one task with its tracked time. */
export const taskQuery = (area: ProjectArea, id: number) =>
  endpointQuery(projectApi[area].task, { params: { id } });

export const useTask = (area: ProjectArea, id: number) => useQuery(taskQuery(area, id));
