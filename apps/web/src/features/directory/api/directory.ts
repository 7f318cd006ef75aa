import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { directoryEndpoints } from '@vahub/shared/directory/endpoints';
import { call } from '../../../lib/api-client';
import { endpointQuery, invalidate } from '../../../lib/query-keys';

/** The directory's connection, mapping and last sync (`configured: false` when there is none). */
export const useDirectoryStatus = () => useQuery(endpointQuery(directoryEndpoints.status, {}));

/** A user's link; only asked when the directory is configured (else it answers 409). */
export const useDirectoryLink = (userId: number, enabled: boolean) =>
  useQuery({ ...endpointQuery(directoryEndpoints.link, { params: { id: userId } }), enabled });

/** Entries with this email; asked when the admin searches. */
export const useDirectorySearch = (email: string | null) =>
  useQuery({
    ...endpointQuery(directoryEndpoints.search, { query: { email: email ?? '' } }),
    enabled: Boolean(email),
  });

function useDirectoryMutation<T>(run: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => invalidate(client, 'directory', 'users') });
}

export const useAssociate = () =>
  useDirectoryMutation(({ id, dn }: { id: number; dn: string }) =>
    call(directoryEndpoints.associate, { params: { id }, body: { dn } }),
  );

export const useCreateEntry = () =>
  useDirectoryMutation((body: { user_id: number; email: string }) =>
    call(directoryEndpoints.create, { body }),
  );

export const useUnlink = () =>
  useDirectoryMutation((id: number) => call(directoryEndpoints.unlink, { params: { id } }));

export const useTestDirectory = () => useMutation({ mutationFn: () => call(directoryEndpoints.test, {}) });

export const useSyncDirectory = () =>
  useDirectoryMutation((_: undefined) => call(directoryEndpoints.sync, {}));
