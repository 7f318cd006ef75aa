import {
  Alert,
  Button,
  Group,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import { type ClientCreateInput, clientCreateSchema } from '@vahub/shared/users/payloads';
import type { UserDetail } from '@vahub/shared/users/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaErrors } from '../../../lib/form-errors';
import { fieldErrors, isApiError } from '../../../lib/normalize-error';
import { useCreateClient } from '../api/create-client';
import type { Scope } from '../api/scope';
import { useUserOptions } from '../api/user-options';
import { useMessage } from './messages';
import { TimezoneSelect } from './timezone-select';
import { STATUSES } from './user-form';

interface Values {
  company_name: string;
  contact_person: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  timezone: string;
  phone: string;
  status: UserStatus;
  manager_ids: string[];
}

const payload = (v: Values): ClientCreateInput => ({
  company_name: v.company_name,
  contact_person: v.contact_person.trim() || null,
  first_name: v.first_name,
  last_name: v.last_name,
  email: v.email,
  password: v.password,
  timezone: v.timezone,
  phone: v.phone.trim() || null,
  status: v.status,
});

/** A new client (admin: with optional managers; manager: they become the client's manager). */
export function ClientForm({ scope, onCreated }: { scope: Scope; onCreated: (user: UserDetail) => void }) {
  const { t } = useTranslation('people');
  const message = useMessage();
  const create = useCreateClient(scope);
  const managers = useUserOptions({ role: 'manager', status: 'active' }, scope === 'admin');
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      company_name: '',
      contact_person: '',
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
      phone: '',
      status: 'active',
      manager_ids: [],
    },
    validate: (values) => schemaErrors(clientCreateSchema, payload(values)),
  });
  const input = (field: keyof Values) => {
    const m = form.errors[field];
    return { ...form.getInputProps(field), error: typeof m === 'string' ? message(m) : undefined };
  };

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      const body = payload(values);
      const ids = values.manager_ids.map(Number);
      const user = await create.mutateAsync(
        scope === 'admin' && ids.length ? ({ ...body, manager_ids: ids } as ClientCreateInput) : body,
      );
      onCreated(user);
    } catch (err) {
      const errors = fieldErrors(err);
      if (Object.keys(errors).length > 0) form.setErrors(errors);
      setProblem(message(isApiError(err) ? err.message : t('common.error')));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('clients.addTitle')}>
      <Stack gap="sm" maw={720}>
        {problem && (
          <Alert color="red" role="alert" title={t('form.problem')} data-testid="form-problem">
            {problem}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('form.company')} withAsterisk {...input('company_name')} />
          <TextInput label={t('form.contact')} {...input('contact_person')} />
          <TextInput label={t('form.firstName')} withAsterisk {...input('first_name')} />
          <TextInput label={t('form.lastName')} withAsterisk {...input('last_name')} />
          <TextInput label={t('form.email')} type="email" withAsterisk {...input('email')} />
          <PasswordInput
            label={t('form.password')}
            withAsterisk
            autoComplete="new-password"
            {...input('password')}
          />
          <TimezoneSelect label={t('form.timezone')} {...input('timezone')} />
          <TextInput label={t('form.phone')} type="tel" {...input('phone')} />
          <Select
            label={t('form.status')}
            data={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            allowDeselect={false}
            {...input('status')}
          />
          {scope === 'admin' && (
            <MultiSelect
              label={t('form.managers')}
              data={(managers.data?.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
              searchable
              nothingFoundMessage={t('common.nothingFound')}
              {...input('manager_ids')}
            />
          )}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('clients.addSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
