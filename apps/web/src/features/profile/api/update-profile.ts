import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, ProfileUpdate } from '@vahub/shared/auth/schemas';
import { apiFetch } from '../../../lib/api-client';

export const updateProfile = (body: ProfileUpdate): Promise<Me> =>
  apiFetch<Me>('/api/v1/me', { method: 'PATCH', body });

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => client.setQueryData(['me'], me),
  });
}
