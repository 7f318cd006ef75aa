import { SESSION_CALLS } from '@vahub/shared/auth/calls';
import type { authEndpoints } from '@vahub/shared/auth/endpoints';
import { call, contractOf } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { clearSession } from '../../../lib/session';

// Every dashboard's user menu signs out: call data, so the dashboards' frame does not load zod for it.
const logoutEndpoint = contractOf<typeof authEndpoints.logout>(SESSION_CALLS.logout);

/** `POST /api/v1/logout`: tell the server (best effort), then forget everything local. */
export async function logout(): Promise<void> {
  try {
    await call(logoutEndpoint, {});
  } catch {
    // The session is dropped locally either way.
  }
  clearSession();
  queryClient.clear();
}
