import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { registerSchema } from '@vahub/shared/auth/schemas';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountFields } from '../../../components/forms/account-fields';
import { schemaErrors, showProblem, withMismatch } from '../../../lib/form-errors';
import { i18n } from '../../../lib/i18n';
import { type RegisterPayload, useRegister } from '../api/register';

export interface SignupFormProps {
  /** Called with the server's message (what to do next: check the inbox, or sign in now). */
  onDone: (message: string) => void;
  onCancel: () => void;
}

const browserTimezone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function SignupForm({ onDone, onCancel }: SignupFormProps) {
  const { t } = useTranslation();
  const mutation = useRegister();
  const form = useForm<RegisterPayload>({
    mode: 'uncontrolled',
    initialValues: {
      company_name: '',
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      password_confirmation: '',
      timezone: browserTimezone(),
      receive_promotions: false,
    },
    validate: (values) => withMismatch(schemaErrors(registerSchema, values, i18n.t), values, i18n.t),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await mutation.mutateAsync({ ...values, email: values.email.trim() });
      onDone(message);
    } catch (err) {
      showProblem(t, form, err);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('signup.title')}>
      <Stack gap="sm">
        <TextInput
          label={t('signup.company')}
          placeholder={t('signup.companyPlaceholder')}
          autoComplete="organization"
          withAsterisk
          key={form.key('company_name')}
          {...form.getInputProps('company_name')}
        />
        <AccountFields form={form} legend={t('signup.name')} placeholders />
        <PasswordInput
          label={t('signup.passwordConfirmation')}
          placeholder={t('signup.passwordConfirmationPlaceholder')}
          autoComplete="new-password"
          withAsterisk
          key={form.key('password_confirmation')}
          {...form.getInputProps('password_confirmation')}
        />
        <Checkbox
          label={t('signup.promotions')}
          key={form.key('receive_promotions')}
          {...form.getInputProps('receive_promotions', { type: 'checkbox' })}
        />
        <Button type="submit" loading={mutation.isPending} fullWidth mt="xs">
          {t('signup.submit')}
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/auth/login" size="sm">
            {t('signup.haveAccount')}
          </Anchor>
          <Button variant="subtle" color="gray" size="compact-sm" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
