import { Fieldset, Group, PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

export type AccountValues = { first_name: string; last_name: string; email: string; password: string };

export interface AccountFieldsProps<T extends AccountValues> {
  form: UseFormReturnType<T>;
  /** Names the name pair for screen readers and the eye ("Name", "Your account (super admin)"). */
  legend: string;
  /** Example texts inside the name and email fields (the sign-up page shows them). */
  placeholders?: boolean;
}

/** A new account's name, email and password (sign-up, first-run setup), one way everywhere. */
export function AccountFields<T extends AccountValues>({
  form: typed,
  legend,
  placeholders = false,
}: AccountFieldsProps<T>) {
  const { t } = useTranslation();
  // The fields are the AccountValues part of the caller's form.
  const form = typed as unknown as UseFormReturnType<AccountValues>;
  const hint = (key: string) => (placeholders ? t(key) : undefined);
  return (
    <>
      <Fieldset legend={legend} variant="unstyled">
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label={t('signup.firstName')}
            placeholder={hint('signup.firstNamePlaceholder')}
            autoComplete="given-name"
            withAsterisk
            key={form.key('first_name')}
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={t('signup.lastName')}
            placeholder={hint('signup.lastNamePlaceholder')}
            autoComplete="family-name"
            withAsterisk
            key={form.key('last_name')}
            {...form.getInputProps('last_name')}
          />
        </Group>
      </Fieldset>
      <TextInput
        type="email"
        label={t('signup.email')}
        placeholder={hint('signup.emailPlaceholder')}
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
    </>
  );
}
