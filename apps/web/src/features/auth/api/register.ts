import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@vahub/shared/auth/schemas';
import { apiFetch } from '../../../lib/api-client';

export type RegisterPayload = Required<RegisterInput>;

export const register = (payload: RegisterPayload): Promise<{ message: string }> =>
  apiFetch<{ message: string }>('/api/v1/register', { method: 'POST', auth: false, body: payload });

export const useRegister = () => useMutation({ mutationFn: register });
