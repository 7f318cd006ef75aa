import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vaRequests } from '@vahub/shared/requests/endpoints';
import type { CreateRequestInput } from '@vahub/shared/requests/schemas';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';

/**
 * The multipart body of a new request: each field as text (`mus` as JSON), the attachment as `file`. The
 * endpoint takes multipart with or without a file, so every request travels the same way.
 */
export function requestFormData(body: CreateRequestInput, file: File | null): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null || value === '') continue;
    data.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  if (file) data.append('file', file, file.name);
  return data;
}

/** `POST va-access/user-requests`: asks for leave, reports an absence or sickness, asks for overtime or a make-up shift. */
export function useCreateRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, file }: { body: CreateRequestInput; file: File | null }) =>
      call(vaRequests.create, { body: requestFormData(body, file) }),
    onSuccess: () => invalidate(client, 'requests'),
  });
}
