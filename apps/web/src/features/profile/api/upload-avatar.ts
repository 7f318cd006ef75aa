import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@vahub/shared/auth/schemas';
import { apiFetch } from '../../../lib/api-client';

export function uploadAvatar({
  userId,
  file,
}: {
  userId: number;
  file: File;
}): Promise<{ avatar_url: string }> {
  const form = new FormData();
  form.append('avatar', file);
  return apiFetch<{ avatar_url: string }>(`/api/v1/upload/user/${userId}/avatar`, {
    method: 'POST',
    body: form,
  });
}

export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: ({ avatar_url }) => client.setQueryData<Me>(['me'], (me) => (me ? { ...me, avatar_url } : me)),
  });
}
