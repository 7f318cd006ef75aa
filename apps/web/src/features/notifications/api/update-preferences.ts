import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ownNotifications } from '@vahub/shared/notifications/endpoints';
import type { MailEvent, NotificationPreferences } from '@vahub/shared/notifications/schemas';
import { call } from '../../../lib/api-client';
import { preferencesQuery } from './preferences';

const MUTATION_KEY = ['notifications', 'preferences'];

/**
 * `PATCH /api/v1/notifications/preferences` with the one event that changed: the switch moves at once, and
 * goes back if the server refuses.
 */
export function useUpdatePreference() {
  const client = useQueryClient();
  const key = preferencesQuery().queryKey;
  return useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: ({ event, on }: { event: MailEvent; on: boolean }) =>
      call(ownNotifications.updatePreferences, { body: { mail: { [event]: on } } }),
    onMutate: async ({ event, on }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<NotificationPreferences>(key);
      if (before) client.setQueryData(key, { mail: { ...before.mail, [event]: on } });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    // A later change still on its way keeps its switch where the user put it.
    onSuccess: (saved) => {
      if (client.isMutating({ mutationKey: MUTATION_KEY }) <= 1) client.setQueryData(key, saved);
    },
  });
}
