import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const sendVerification = (): Promise<{ message: string }> =>
  apiFetch<{ message: string }>('/api/v1/email/send-verification', { method: 'POST' });

export const useSendVerification = () => useMutation({ mutationFn: sendVerification });
