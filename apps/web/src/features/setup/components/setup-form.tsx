import { Button, Fieldset, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Me } from '@vahub/shared/auth/schemas';
import { setupCompleteSchema } from '@vahub/shared/system/setup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaErrors, showProblem } from '../../../lib/form-errors';
import { i18n } from '../../../lib/i18n';
import { isApiError } from '../../../lib/normalize-error';
import { completeSetup } from '../api/setup';

export interface SetupFormProps {
  token: string;
  organizationName: string;
  onDone: (me: Me) => void;
  /** The link died meanwhile (used in another tab, or expired): 404 or 409. */
  onLinkGone: (error: unknown) => void;
}

type Values = {
  organization_name: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
};

/** Names the home organization and creates the first super admin. */
export function SetupForm({ token, organizationName, onDone, onLinkGone }: SetupFormProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: {
      organization_name: organizationName,
      first_name: '',
      last_name: '',
      email: '',
      password: '',
    },
    validate: (values) => schemaErrors(setupCompleteSchema, { ...values, token }, i18n.t),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    setPending(true);
    try {
      onDone(await completeSetup({ ...values, email: values.email.trim(), token }));
    } catch (err) {
      if (isApiError(err) && (err.status === 404 || err.status === 409)) onLinkGone(err);
      else showProblem(t, form, err);
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('setup.title')}>
      <Stack gap="sm">
        <TextInput
          label={t('setup.organization')}
          description={t('setup.organizationHint')}
          autoComplete="organization"
          withAsterisk
          key={form.key('organization_name')}
          {...form.getInputProps('organization_name')}
        />
        <Fieldset legend={t('setup.you')} variant="unstyled">
          <Stack gap="sm">
            <Group grow align="flex-start" gap="sm">
              <TextInput
                label={t('signup.firstName')}
                autoComplete="given-name"
                withAsterisk
                key={form.key('first_name')}
                {...form.getInputProps('first_name')}
              />
              <TextInput
                label={t('signup.lastName')}
                autoComplete="family-name"
                withAsterisk
                key={form.key('last_name')}
                {...form.getInputProps('last_name')}
              />
            </Group>
            <TextInput
              type="email"
              label={t('signup.email')}
              autoComplete="email"
              withAsterisk
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={t('signup.password')}
              placeholder={t('signup.passwordPlaceholder')}
              autoComplete="new-password"
              withAsterisk
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
          </Stack>
        </Fieldset>
        <Button type="submit" loading={pending} fullWidth mt="xs">
          {t('setup.submit')}
        </Button>
      </Stack>
    </form>
  );
}
