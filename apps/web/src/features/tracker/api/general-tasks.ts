import { useQuery } from '@tanstack/react-query';
import type { generalTasks } from '@vahub/shared/projects/endpoints';
import type { GeneralTask } from '@vahub/shared/projects/schemas';
import { contractOf } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';

// GET /api/v1/general-tasks: the organization's work categories not tied to a project (call data only).
const list = contractOf<typeof generalTasks.list>({
  method: 'GET',
  path: '/api/v1/general-tasks',
  access: 'signed_in',
  resource: 'projects',
});

/** The general tasks a VA may pick (the active ones; the server lists only those to a VA). */
export function useGeneralTasks() {
  return useQuery({
    ...endpointQuery(list, {}),
    select: (answer) => answer.data.filter((task) => task.active),
    // Changed by an admin, rarely: no refetch on every mount.
    staleTime: 5 * 60_000,
  });
}
export type { GeneralTask };
