import type { Me, TokenResponse } from '@vahub/shared/auth/schemas';
import { getMe } from './me';
import { type AuthUser, saveSession, tokensToSession, updateSession } from './session';

// What every way of signing in shares (the password grant, an accepted invitation, the first super admin's setup).
// Apart from `me.ts`, which the gate loads on every page: this is only for the pages that sign someone in.

const toAuthUser = (me: Me): AuthUser => ({
  id: me.id,
  email: me.email,
  first_name: me.first_name,
  last_name: me.last_name,
  roles: me.roles,
  organization_id: me.organization_id,
  timezone: me.timezone,
});

/**
 * A new session from the server's tokens: stored (in the persistent store when `persistent`, else the tab's), then
 * the profile read and kept with it as the session's user.
 */
export async function startSession(tokens: TokenResponse, persistent: boolean): Promise<Me> {
  saveSession(tokensToSession(tokens, null), persistent);
  const me = await getMe();
  updateSession({ authUser: toAuthUser(me) });
  return me;
}
