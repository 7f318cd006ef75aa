import { useQuery } from '@tanstack/react-query';
import type { vaProjects } from '@vahub/shared/projects/endpoints';
import type { PickableTask } from '@vahub/shared/projects/schemas';
import { contractOf } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';

// GET va-access/client-tasks/contract/{id}: the open tasks the VA may track under that contract, theirs first.
// Call data only, as the other tracker calls: the VA home's chunk stays free of zod.
const pickable = contractOf<typeof vaProjects.pickable>({
  method: 'GET',
  path: '/api/v1/va-access/client-tasks/contract/:id',
  access: 'projects.va',
  resource: 'projects',
});

export const pickableTasksQuery = (contractId: number) =>
  endpointQuery(pickable, { params: { id: contractId } });

/** The tasks of the current or next shift's contract (none without a contract). */
export function usePickableTasks(contractId: number | null | undefined) {
  return useQuery({ ...pickableTasksQuery(contractId ?? 0), enabled: !!contractId });
}
export type { PickableTask };
