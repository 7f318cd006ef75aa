import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const startCheckout = (priceId: string): Promise<{ url: string }> =>
  apiFetch<{ url: string }>('/api/v1/checkout', { method: 'POST', body: { price_id: priceId } });

export const useCheckout = () => useMutation({ mutationFn: startCheckout });
