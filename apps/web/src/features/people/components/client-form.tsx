import { Alert, Button, Group, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import { type ClientCreateInput, clientCreateSchema } from '@vahub/shared/users/payloads';
import type { UserDetail } from '@vahub/shared/users/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PeopleMultiSelect } from '../../../components/people/person-picker';
import { problemFieldErrors, problemMessage, schemaErrors } from '../../../lib/form-errors';
import { useCreateClient } from '../api/clients';
import { USER_STATUSES } from '../api/list-queries';
import type { Scope } from '../api/users';
import { TimezoneSelect } from './timezone-select';

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
  const { t: tc } = useTranslation('common');
  const create = useCreateClient(scope);
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
    validate: (values) => schemaErrors(clientCreateSchema, payload(values), tc),
  });
  const input = (field: keyof Values) => form.getInputProps(field);

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      const body = payload(values);
      const ids = values.manager_ids.map(Number);
      const user = await create.mutateAsync(
        scope === 'admin' && ids.length ? { ...body, manager_ids: ids } : body,
      );
      onCreated(user);
    } catch (err) {
      form.setErrors(problemFieldErrors(tc, err));
      setProblem(problemMessage(tc, err));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('clients.addTitle')}>
      <Stack gap="sm" maw={720}>
        {problem && (
          <Alert color="red" role="alert" title={tc('notSaved')} data-testid="form-problem">
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
          <TimezoneSelect label={tc('timezone')} {...input('timezone')} />
          <TextInput label={tc('phone')} type="tel" {...input('phone')} />
          <Select
            label={tc('status')}
            data={USER_STATUSES.map((s) => ({ value: s, label: tc(`userStatus.${s}`) }))}
            allowDeselect={false}
            {...input('status')}
          />
          {scope === 'admin' && (
            <PeopleMultiSelect
              label={t('form.managers')}
              roles={['manager']}
              status="active"
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
