import { Alert, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Me } from '@vahub/shared/auth/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/normalize-error';
import { type LoginInput, login } from '../api/login';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginFormProps {
  onSuccess: (me: Me) => void;
  /** Lets the demo list fill the form. */
  fillRef?: (fill: (email: string, password: string) => void) => void;
}

export function LoginForm({ onSuccess, fillRef }: LoginFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '', remember: false },
    validate: {
      email: (v) =>
        !v.trim() ? t('login.emailRequired') : EMAIL_RE.test(v.trim()) ? null : t('login.emailInvalid'),
      password: (v) => (v ? null : t('login.passwordRequired')),
    },
  });
  fillRef?.((email, password) => {
    form.setValues({ email, password });
    setFailure(null);
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setPending(true);
    try {
      onSuccess(await login(values));
    } catch (err) {
      if (isApiError(err) && err.status === 429) setFailure(t('login.tooMany'));
      else if (isApiError(err) && (err.status === 400 || err.status === 401)) setFailure(t('login.failed'));
      else setFailure(isApiError(err) ? err.message : t('errors.generic'));
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('login.title')}>
      <Stack gap="sm">
        {failure && (
          <Alert color="danger" role="alert" variant="light">
            {failure}
          </Alert>
        )}
        <TextInput
          type="email"
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          autoComplete="username"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Checkbox label={t('login.remember')} {...form.getInputProps('remember', { type: 'checkbox' })} />
        <Button type="submit" loading={pending} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
