import { useQuery } from '@tanstack/react-query';
import type { Me } from '@vahub/shared/auth/schemas';
import { setupEndpoints } from '@vahub/shared/system/endpoints';
import type { SetupCompleteInput } from '@vahub/shared/system/setup';
import { call } from '../../../lib/api-client';
import { startSession } from '../../../lib/sign-in';

/** `POST /api/v1/setup/check`: whether the link is still good (404 forged or expired, 409 used). */
export const useSetupCheck = (token: string) =>
  useQuery({
    queryKey: ['system', 'setup', token],
    queryFn: () => call(setupEndpoints.check, { body: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** `POST /api/v1/setup`: the first super admin, signed in like a password grant (kept on this device). */
export async function completeSetup(body: Required<SetupCompleteInput>): Promise<Me> {
  const tokens = await call(setupEndpoints.complete, { body });
  return startSession(tokens, true);
}
