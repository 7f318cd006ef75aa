import { useMutation, useQuery } from '@tanstack/react-query';
import type { Me } from '@vahub/shared/auth/schemas';
import { invitationEndpoints as api, type InviteAccept } from '@vahub/shared/users/invitations';
import { call } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';
import { startSession } from '../../../lib/sign-in';

/** Who an invitation link is for; a dead link answers 404 with why (invalid, expired, used). */
export const useInvitation = (token: string) =>
  useQuery({ ...endpointQuery(api.check, { query: { token } }), enabled: token !== '', retry: false });

/** Signed in (with the new session), or the message for the sign-in page (an account not active yet). */
export type Accepted = { me: Me; message: null } | { me: null; message: string };

/** Chooses the password; an active account's session lands in the tab's store, as a sign-in would. */
export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: async (body: InviteAccept): Promise<Accepted> => {
      const result = await call(api.accept, { body });
      if (!result.tokens) return { me: null, message: result.message ?? '' };
      return { me: await startSession(result.tokens, false), message: null };
    },
  });
