import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Me } from '@vahub/shared/auth/schemas';
import { setupCompleteSchema } from '@vahub/shared/system/setup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountFields } from '../../../components/forms/account-fields';
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
        <AccountFields form={form} legend={t('setup.you')} />
        <Button type="submit" loading={pending} fullWidth mt="xs">
          {t('setup.submit')}
        </Button>
      </Stack>
    </form>
  );
}
