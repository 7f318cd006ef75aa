import { Skeleton, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { UserLdapPanel } from '../../../features/directory/components/user-ldap-panel';
import { MailboxRemovalCard } from '../../../features/mail-accounts/components/mailbox-removal-card';
import { useUser } from '../../../features/people/api/users';

/** Admin `users/:id/ldap`: the person's directory link and, with mail accounts on, their mailbox (issue 29). */
export function UserLdapTab() {
  const id = Number(useParams().id);
  const user = useUser('admin', id);
  if (!user.data) return <Skeleton height={160} />;
  return (
    <Stack gap="lg">
      <UserLdapPanel userId={id} email={user.data.email} />
      <MailboxRemovalCard userId={id} />
    </Stack>
  );
}
