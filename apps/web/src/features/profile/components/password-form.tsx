import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changeOwnPasswordSchema } from '@vahub/shared/auth/schemas';
import { useTranslation } from 'react-i18next';
import { schemaErrors, showProblem, withMismatch } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useChangePassword } from '../api/account';

interface Values {
  old_password: string;
  password: string;
  password_confirmation: string;
}

export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<Values>({
    initialValues: { old_password: '', password: '', password_confirmation: '' },
    validate: (values) => withMismatch(schemaErrors(changeOwnPasswordSchema, values, t), values, t),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
      notify('green', t('security.changed'));
    } catch (err) {
      showProblem(t, form, err);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('security.title')}>
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label={t('security.oldPassword')}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('old_password')}
        />
        <PasswordInput
          label={t('security.newPassword')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('security.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password_confirmation')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('security.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
