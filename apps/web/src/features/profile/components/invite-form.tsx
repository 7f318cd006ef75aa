import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type InvitationInfo, inviteAcceptSchema } from '@vahub/shared/users/invitations';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { problemMessage, schemaErrors, showProblem } from '../../../lib/form-errors';
import { isApiError } from '../../../lib/normalize-error';
import { type Accepted, useAcceptInvitation, useInvitation } from '../api/invitation';

/** A link that cannot be used (invalid, expired or used): why, and the way to the sign-in page. */
function DeadLink({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = isApiError(error) && error.status === 404 ? problemMessage(t, error) : t('invite.missing');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('invite.deadTitle')}
      </Title>
      <Alert color="orange" role="alert">
        {message}
      </Alert>
      <Anchor component={Link} to="/auth/login" underline="always">
        {t('invite.toSignIn')}
      </Anchor>
    </Stack>
  );
}

function ChoosePassword({
  token,
  info,
  onAccepted,
}: {
  token: string;
  info: InvitationInfo;
  onAccepted: (result: Accepted) => void;
}) {
  const { t } = useTranslation();
  const accept = useAcceptInvitation();
  const form = useForm({
    initialValues: { password: '', password_confirmation: '' },
    validate: (values) => schemaErrors(inviteAcceptSchema, { ...values, token }, t),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      onAccepted(await accept.mutateAsync({ ...values, token }));
    } catch (err) {
      showProblem(t, form, err);
      if (isApiError(err) && err.status === 404) form.setErrors({ password: problemMessage(t, err) });
    }
  });
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('invite.title', { name: info.first_name })}
      </Title>
      <Text c="dimmed">{t('invite.intro', { organization: info.organization_name, email: info.email })}</Text>
      <form onSubmit={submit} noValidate aria-label={t('invite.formLabel')}>
        <Stack gap="sm">
          <input type="email" name="email" value={info.email} autoComplete="username" readOnly hidden />
          <PasswordInput
            label={t('invite.password')}
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('invite.confirm')}
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" loading={accept.isPending}>
            {t('invite.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

/** The public invitation page: who the link is for, and the form to choose a password. */
export function InviteForm({ token, onAccepted }: { token: string; onAccepted: (result: Accepted) => void }) {
  const invitation = useInvitation(token);
  if (!token) return <DeadLink error={null} />;
  if (invitation.error) return <DeadLink error={invitation.error} />;
  if (!invitation.data) return null;
  return <ChoosePassword token={token} info={invitation.data} onAccepted={onAccepted} />;
}
