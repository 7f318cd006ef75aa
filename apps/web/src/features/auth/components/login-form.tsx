import { Alert, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { AUTH_MESSAGES, SIGNUP_MESSAGES } from '@vahub/shared/auth/messages';
import type { Me } from '@vahub/shared/auth/schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage, sayMessage } from '../../../lib/form-errors';
import { type LoginInput, login } from '../api/login';

/*
 * The first page most people see, so it carries neither zod (the shared sign-in schema) nor Mantine's form
 * library: two fields checked by hand, with the schema's messages.
 */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = 'email' | 'password';

function check(values: LoginInput): Partial<Record<Field, string>> {
  const email = values.email.trim();
  const errors: Partial<Record<Field, string>> = {};
  if (!email) errors.email = AUTH_MESSAGES.email_required;
  else if (!EMAIL_RE.test(email)) errors.email = SIGNUP_MESSAGES.email_invalid;
  if (!values.password) errors.password = AUTH_MESSAGES.password_required;
  return errors;
}

export interface LoginFormProps {
  onSuccess: (me: Me) => void;
  /** Lets the demo list fill the form. */
  fillRef?: (fill: (email: string, password: string) => void) => void;
  /** "Remember me" changed (the SSO button keeps the session the same way). */
  onRememberChange?: (remember: boolean) => void;
}

export function LoginForm({ onSuccess, fillRef, onRememberChange }: LoginFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginInput>({ email: '', password: '', remember: false });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  fillRef?.((email, password) => {
    setValues((v) => ({ ...v, email, password }));
    setErrors({});
    setFailure(null);
  });

  /** A changed field loses its message, as Mantine's forms do. */
  const edit = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const errorOf = (field: Field) => (errors[field] ? sayMessage(t, errors[field]) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    setPending(true);
    try {
      onSuccess(await login(values));
    } catch (err) {
      // Wrong credentials, an inactive account, too many attempts: the server's message, by its code.
      setFailure(problemMessage(t, err));
    } finally {
      setPending(false);
    }
  };

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
          value={values.email}
          onChange={(e) => edit('email', e.currentTarget.value)}
          error={errorOf('email')}
        />
        <PasswordInput
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          withAsterisk
          value={values.password}
          onChange={(e) => edit('password', e.currentTarget.value)}
          error={errorOf('password')}
        />
        <Checkbox
          label={t('login.remember')}
          checked={values.remember}
          onChange={(e) => {
            const remember = e.currentTarget.checked;
            setValues((v) => ({ ...v, remember }));
            onRememberChange?.(remember);
          }}
        />
        <Button type="submit" loading={pending} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
