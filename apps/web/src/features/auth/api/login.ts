import { SESSION_CALLS } from '@vahub/shared/auth/calls';
import type { authEndpoints } from '@vahub/shared/auth/endpoints';
import type { Me } from '@vahub/shared/auth/schemas';
import { call, contractOf } from '../../../lib/api-client';
import { startSession } from '../../../lib/sign-in';

export const OAUTH_CLIENT_ID = 'web-app';
export const OAUTH_CLIENT_SECRET: string = import.meta.env.VITE_OAUTH_CLIENT_SECRET ?? 'web-app-secret';

/** The password grant, on the sign-in page: its call data, not its contract (which brings zod). */
const token = contractOf<typeof authEndpoints.token>(SESSION_CALLS.token);

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

/** Password grant, then the profile; the session lands in the store the "remember me" choice names. */
export async function login(input: LoginInput): Promise<Me> {
  const tokens = await call(token, {
    body: {
      grant_type: 'password',
      client_id: OAUTH_CLIENT_ID,
      client_secret: OAUTH_CLIENT_SECRET,
      username: input.email.trim(),
      password: input.password,
    },
  });
  return startSession(tokens, input.remember);
}
