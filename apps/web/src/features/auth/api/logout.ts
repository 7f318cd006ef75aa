import { apiFetch } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { clearSession } from '../../../lib/session';

/** Tell the server (best effort), then forget everything local. */
export async function logout(): Promise<void> {
  try {
    await apiFetch<void>('/api/v1/logout', { method: 'POST', auth: true });
  } catch {
    // The session is dropped locally either way.
  }
  clearSession();
  queryClient.clear();
}
