import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EndpointInput } from '@vahub/shared/api/endpoint';
import { adminUsers, managerUsers, superAdminUsers } from '@vahub/shared/users/endpoints';
import { invitationEndpoints } from '@vahub/shared/users/invitations';
import type { UserUpdateInput } from '@vahub/shared/users/payloads';
import { call } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';
import { PEOPLE, useChange } from './change';

/** Which API area a people screen reads: the admin's whole organization or the manager's own people. */
export type Scope = 'admin' | 'manager';

export type UsersQuery = NonNullable<EndpointInput<typeof adminUsers.list>['query']>;
export type AllUsersQuery = NonNullable<EndpointInput<typeof superAdminUsers.list>['query']>;

const LIST = { admin: adminUsers.list, manager: managerUsers.list } as const;
const DETAIL = { admin: adminUsers.get, manager: managerUsers.get } as const;

/** A page of people (admin: the organization; manager: those they supervise); the last page stays while the next loads. */
export const usersQuery = (scope: Scope, query: UsersQuery) => ({
  ...endpointQuery(LIST[scope], { query }),
  placeholderData: keepPreviousData,
});
export const useUsers = (scope: Scope, query: UsersQuery) => useQuery(usersQuery(scope, query));

export const userQuery = (scope: Scope, id: number) => endpointQuery(DETAIL[scope], { params: { id } });
export const useUser = (scope: Scope, id: number) => useQuery(userQuery(scope, id));

/** Super admin: the users of one organization. */
export const allUsersQuery = (query: AllUsersQuery) => ({
  ...endpointQuery(superAdminUsers.list, { query }),
  placeholderData: keepPreviousData,
});
export const useAllUsers = (query: AllUsersQuery) => useQuery(allUsersQuery(query));

export const useCreateUser = () =>
  useChange(
    (body: EndpointInput<typeof adminUsers.create>['body']) => call(adminUsers.create, { body }),
    PEOPLE,
  );
export const useUpdateUser = () =>
  useChange(
    ({ id, body }: { id: number; body: UserUpdateInput }) =>
      call(adminUsers.update, { params: { id }, body }),
    PEOPLE,
  );
export const useDeleteUser = () =>
  useChange((id: number) => call(adminUsers.remove, { params: { id } }), PEOPLE);
export const useSetUserPassword = () =>
  useChange(
    ({ id, password }: { id: number; password: string }) =>
      call(adminUsers.setPassword, { params: { id }, body: { password } }),
    ['users'],
  );
export const useRevokeSessions = () =>
  useChange((id: number) => call(adminUsers.revokeSessions, { params: { id } }), ['users']);
/** A new invitation link for a person who has not chosen a password yet. */
export const useResendInvitation = () =>
  useChange((id: number) => call(invitationEndpoints.resend, { params: { id } }), ['users']);
