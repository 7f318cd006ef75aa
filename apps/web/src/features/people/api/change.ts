import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Resource } from '@vahub/shared/api/endpoint';
import { invalidate } from '../../../lib/query-keys';

/** A mutation that refetches every query of `resources` once it succeeded. */
export function useChange<I, O>(mutationFn: (input: I) => Promise<O>, resources: readonly Resource[]) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidate(client, ...resources) });
}

/** What a change to a person shows up in: people and client lists, team sizes, the organization's seats. */
export const PEOPLE: readonly Resource[] = ['users', 'clients', 'teams', 'organizations'];
