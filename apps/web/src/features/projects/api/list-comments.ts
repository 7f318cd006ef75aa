import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query-keys';
import { type ProjectArea, projectApi } from './area';

export const COMMENTS_PAGE_SIZE = 50;

/** `GET tasks-comments/task/{id}`: a task's comments, oldest first. */
export const commentsQuery = (area: ProjectArea, taskId: number, page: number) =>
  endpointQuery(projectApi[area].comments, {
    params: { id: taskId },
    query: { page, per_page: COMMENTS_PAGE_SIZE },
  });

export const useComments = (area: ProjectArea, taskId: number, page: number) =>
  useQuery({ ...commentsQuery(area, taskId, page), placeholderData: keepPreviousData });
