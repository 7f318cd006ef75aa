import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { realmQueryOptions } from '../features/auth/api/realm';
import { organizationQueryOptions } from '../features/organization/api/organization';
import { getChosenRole } from '../lib/active-role';
import { meQueryOptions } from '../lib/me';
import { isApiError } from '../lib/normalize-error';
import { loadSession } from '../lib/session';
import { decideRoute, decideVisitor } from './gate';

/** Runs before every navigation (root route, always revalidated): the spec's routing gate. */
export function createGateLoader(queryClient: QueryClient, isNotFound: (pathname: string) => boolean) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const url = new URL(request.url);
    const notFound = isNotFound(url.pathname);
    const go = (target: string | null) => {
      if (target && target !== url.pathname) throw redirect(target);
      return null;
    };
    if (!loadSession()) return go(decideVisitor(url.pathname, url.search, notFound));
    try {
      const [me, organization, realm] = await Promise.all([
        queryClient.ensureQueryData(meQueryOptions()),
        queryClient.ensureQueryData(organizationQueryOptions()),
        // Read once (it changes only with a restart); without it the gate asks for verification.
        queryClient.ensureQueryData(realmQueryOptions()).catch(() => null),
      ]);
      return go(
        decideRoute({
          pathname: url.pathname,
          search: url.search,
          notFound,
          user: me,
          organization,
          chosenRole: getChosenRole(me.id),
          emailVerificationRequired: realm?.email_verification_required ?? true,
        }),
      );
    } catch (error) {
      // The client already cleared the session on a 401; land on the sign-in screen.
      if (isApiError(error) && error.status === 401) throw redirect('/login');
      throw error;
    }
  };
}
