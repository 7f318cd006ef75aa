import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface ChangePasswordInput {
  old_password: string;
  password: string;
  password_confirmation: string;
}

export const changePassword = (body: ChangePasswordInput): Promise<void> =>
  apiFetch<void>('/api/v1/me/password', { method: 'PATCH', body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
