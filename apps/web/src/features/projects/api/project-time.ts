import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EndpointOutput } from '@vahub/shared/api/endpoint';
import type { adminProjects } from '@vahub/shared/projects/endpoints';
import { endpointQuery } from '../../../lib/query-keys';
import { urlPeriod } from '../../../lib/url-params';
import { type ProjectArea, projectApi } from './area';

export type ProjectTime = EndpointOutput<typeof adminProjects.projectTime>;
export type ProjectTimeRow = ProjectTime['data'][number];

/** The URL keys of the time panel's period, apart from the list's own filters (`?time_from=…&time_to=…`). */
export const TIME_PERIOD_KEYS = { from: 'time_from', to: 'time_to' } as const;

export interface ProjectTimeFilters {
  start_date?: string;
  end_date?: string;
  client_id?: number;
}

/** The period the URL names (repaired as the reports repair theirs); none: the server's last 30 days. */
export const timePeriodOf = (p: Pick<URLSearchParams, 'get'>) => urlPeriod(p, TIME_PERIOD_KEYS);

/** `GET reports/projects`: tracked seconds per project and task over the period, with tasks done and open. */
export const projectTimeQuery = (area: ProjectArea, filters: ProjectTimeFilters) =>
  endpointQuery(projectApi[area].projectTime, { query: filters });

export const useProjectTime = (area: ProjectArea, filters: ProjectTimeFilters) =>
  useQuery({ ...projectTimeQuery(area, filters), placeholderData: keepPreviousData });
