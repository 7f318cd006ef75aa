import { Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { UserLdapPanel } from '../../../features/directory/components/user-ldap-panel';
import { useUser } from '../../../features/people/api/users';

/** Admin `users/:id/ldap`: the person's directory link (issue 29). */
export function UserLdapTab() {
  const id = Number(useParams().id);
  const user = useUser('admin', id);
  if (!user.data) return <Skeleton height={160} />;
  return <UserLdapPanel userId={id} email={user.data.email} />;
}
