import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminWebhooks } from '@vahub/shared/webhooks/endpoints';
import type { WebhookCreateInput, WebhookUpdateInput } from '@vahub/shared/webhooks/schemas';
import { call } from '../../../lib/api-client';
import { endpointQuery, invalidate } from '../../../lib/query-keys';

export const useWebhooks = () => useQuery(endpointQuery(adminWebhooks.list, {}));

/** An endpoint's delivery log; while a delivery is pending or retrying, look again now and then. */
export const useDeliveries = (id: number, page: number) =>
  useQuery({
    ...endpointQuery(adminWebhooks.deliveries, { params: { id }, query: { page, per_page: 20 } }),
    refetchInterval: (q: { state: { data?: { data: Array<{ status: string }> } } }) =>
      q.state.data?.data.some((d) => d.status === 'pending' || d.status === 'retrying') ? 5000 : false,
  });

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookCreateInput) => call(adminWebhooks.create, { body }),
    onSettled: () => invalidate(client, 'webhooks'),
  });
}

export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookUpdateInput }) =>
      call(adminWebhooks.update, { params: { id }, body }),
    onSettled: () => invalidate(client, 'webhooks'),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminWebhooks.remove, { params: { id } }),
    onSettled: () => invalidate(client, 'webhooks'),
  });
}

export function useTestWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminWebhooks.test, { params: { id } }),
    onSettled: () => invalidate(client, 'webhooks'),
  });
}

export function useRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminWebhooks.redeliver, { params: { id } }),
    onSettled: () => invalidate(client, 'webhooks'),
  });
}
