import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminScreenshots, vaScreenshots } from '@vahub/shared/screenshots/endpoints';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';

/**
 * Deletes captures: the admin any (`DELETE admin-access/screenshots/:id`), a VA their own within the grace
 * period (`DELETE va-access/screenshots/:id`). A capture of several screens is one row per screen, so all of
 * its ids go; every screenshot view refetches after.
 */
export function useDeleteScreenshots(side: 'admin' | 'va') {
  const client = useQueryClient();
  const endpoint = side === 'admin' ? adminScreenshots.remove : vaScreenshots.remove;
  return useMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await call(endpoint, { params: { id: String(id) } });
    },
    onSettled: () => {
      void invalidate(client, 'screenshots');
    },
  });
}
