import type { Me, TokenResponse } from '@vahub/shared/auth/schemas';
import { apiFetch } from '../../../lib/api-client';
import { type AuthUser, saveSession, tokensToSession, updateSession } from '../../../lib/session';

export const OAUTH_CLIENT_ID = 'web-app';
export const OAUTH_CLIENT_SECRET: string = import.meta.env.VITE_OAUTH_CLIENT_SECRET ?? 'web-app-secret';

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

export const toAuthUser = (me: Me): AuthUser => ({
  id: me.id,
  email: me.email,
  first_name: me.first_name,
  last_name: me.last_name,
  roles: me.roles,
  organization_id: me.organization_id,
  timezone: me.timezone,
});

/** Password grant, then the profile; the session lands in the store the "remember me" choice names. */
export async function login(input: LoginInput): Promise<Me> {
  const tokens = await apiFetch<TokenResponse>('/oauth/token', {
    method: 'POST',
    auth: false,
    body: {
      grant_type: 'password',
      client_id: OAUTH_CLIENT_ID,
      client_secret: OAUTH_CLIENT_SECRET,
      username: input.email.trim(),
      password: input.password,
    },
  });
  saveSession(tokensToSession(tokens, null), input.remember);
  const me = await apiFetch<Me>('/api/v1/me');
  updateSession({ authUser: toAuthUser(me) });
  return me;
}
