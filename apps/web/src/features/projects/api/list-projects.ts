import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query-keys';
import { type ProjectArea, projectApi } from './area';
import { type ProjectFilters, projectQueryOf } from './filters';

/** `GET projects`: the area's projects, active first then by name (filters: status, client, search). */
export const projectsQuery = (area: ProjectArea, filters: ProjectFilters) =>
  endpointQuery(projectApi[area].list, { query: projectQueryOf(filters) });

export const useProjects = (area: ProjectArea, filters: ProjectFilters) =>
  useQuery({ ...projectsQuery(area, filters), placeholderData: keepPreviousData });
