import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query-keys';
import { type ProjectArea, projectApi } from './area';
import { type BoardFilters, boardQueryOf } from './filters';

/** `GET task-boards/client-project/{id}`: the project, its columns in order, each with its tasks in order. */
export const boardQuery = (area: ProjectArea, id: number, filters: BoardFilters) =>
  endpointQuery(projectApi[area].board, { params: { id }, query: boardQueryOf(filters) });

export const useBoard = (area: ProjectArea, id: number, filters: BoardFilters) =>
  useQuery(boardQuery(area, id, filters));
