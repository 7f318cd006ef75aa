import { Box, Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { InvitationResult } from '@vahub/shared/users/invitations';
import { userPasswordSchema } from '@vahub/shared/users/payloads';
import type { UserDetail } from '@vahub/shared/users/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/confirm';
import { problemMessage, schemaErrors, showProblem } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useResendInvitation, useRevokeSessions, useSetUserPassword } from '../api/users';
import { LocalDate, ToneBadge } from './bits';
import { InvitationLink } from './invitation-link';

/** The security tab: set a password, end every session, verification and last sign-in. */
export function UserSecurity({ user }: { user: UserDetail }) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const setPassword = useSetUserPassword();
  const revoke = useRevokeSessions();
  const resend = useResendInvitation();
  const [invitation, setInvitation] = useState<InvitationResult | null>(null);
  const sendInvitation = async () => {
    try {
      setInvitation(await resend.mutateAsync(user.id));
    } catch (err) {
      notify('warning', problemMessage(tc, err), tc('notSaved'));
    }
  };
  const form = useForm({
    initialValues: { password: '' },
    validate: (values) => schemaErrors(userPasswordSchema, values, tc),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await setPassword.mutateAsync({ id: user.id, password: values.password });
      form.reset();
      notify('green', t('security.passwordSet', { name: user.name }));
    } catch (err) {
      showProblem(tc, form, err);
    }
  });

  const revokeAll = () =>
    confirmDialog({
      title: t('security.revokeTitle'),
      message: t('security.revokeConfirm', { name: user.name }),
      confirmLabel: t('security.revoke'),
      cancelLabel: tc('cancel'),
      color: 'red',
      action: async () => {
        try {
          const result = await revoke.mutateAsync(user.id);
          notify('green', t('security.revoked', { count: result.revoked }));
        } catch (err) {
          notify('warning', problemMessage(tc, err), tc('notSaved'));
          throw err;
        }
      },
    });

  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          {t('security.status')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('security.verification')}
            </Text>
            {user.email_verified_at ? (
              <Group mt={4}>
                <ToneBadge color="green">
                  {t('security.verifiedOn')} <LocalDate value={user.email_verified_at} />
                </ToneBadge>
              </Group>
            ) : (
              <Group mt={4}>
                <ToneBadge color="orange">{t('security.notVerified')}</ToneBadge>
              </Group>
            )}
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('users.lastLogin')}
            </Text>
            <Text size="sm" mt={4}>
              {user.last_login_at ? <LocalDate value={user.last_login_at} withTime /> : tc('never')}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('security.sessions')}
            </Text>
            <Text size="sm" mt={4} data-testid="active-sessions">
              {user.active_sessions}
            </Text>
          </div>
        </SimpleGrid>
      </Card>
      {!user.password_set && (
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb={4}>
            {t('invite.pendingTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('invite.pendingText', { name: user.name })}
          </Text>
          <Stack gap="sm" align="flex-start">
            <Button variant="light" onClick={() => void sendInvitation()} loading={resend.isPending}>
              {t('invite.resend')}
            </Button>
            {invitation && (
              <Box w="100%">
                <InvitationLink result={invitation} email={user.email} />
              </Box>
            )}
          </Stack>
        </Card>
      )}
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb={4}>
          {t('security.setPassword')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('security.setPasswordText')}
        </Text>
        <form onSubmit={submit} noValidate aria-label={t('security.setPassword')}>
          <Group align="flex-start" gap="sm">
            <PasswordInput
              label={t('security.newPassword')}
              autoComplete="new-password"
              {...form.getInputProps('password')}
              w={300}
              maw="100%"
            />
            <Button type="submit" mt={25} loading={setPassword.isPending}>
              {t('security.savePassword')}
            </Button>
          </Group>
        </form>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb={4}>
          {t('security.revokeTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('security.revokeText')}
        </Text>
        <Button color="red" variant="light" onClick={() => void revokeAll()} loading={revoke.isPending}>
          {t('security.revoke')}
        </Button>
      </Card>
    </Stack>
  );
}
