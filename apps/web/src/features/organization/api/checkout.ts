import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * `POST /api/v1/checkout`: the payment provider's hosted checkout. No server serves it until billing lands
 * (the page says checkout is unavailable on its 404); its contract comes with that module.
 */
export const startCheckout = (priceId: string): Promise<{ url: string }> =>
  apiFetch<{ url: string }>('/api/v1/checkout', { method: 'POST', body: { price_id: priceId } });

export const useCheckout = () => useMutation({ mutationFn: startCheckout });
