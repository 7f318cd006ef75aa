import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { ROLES, type Role } from '@vahub/shared/auth/roles';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import {
  roleFlagIssues,
  type UserCreateInput,
  type UserUpdateInput,
  userCreateSchema,
  userUpdateSchema,
} from '@vahub/shared/users/payloads';
import type { UserDetail } from '@vahub/shared/users/schemas';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PeopleMultiSelect } from '../../../components/people/person-picker';
import { problemFieldErrors, problemMessage, sayMessage, schemaErrors } from '../../../lib/form-errors';
import { USER_STATUSES } from '../api/list-queries';
import { useTeams } from '../api/teams';
import { useCreateUser, useUpdateUser } from '../api/users';
import { TimezoneSelect } from './timezone-select';

export interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  /** New people: an invitation (they choose their password) or a password chosen here. */
  access: 'invite' | 'password';
  password: string;
  role: Role | '';
  roles: string[];
  is_admin: boolean;
  is_client: boolean;
  status: UserStatus;
  timezone: string;
  phone: string;
  position: string;
  company_name: string;
  contact_person: string;
  team_ids: string[];
  manager_ids: string[];
}

/** The role the form checks the flags against: the first of the user's roles by rank. */
function mainRole(user: UserDetail): Role {
  const names = user.roles.map((r) => r.name);
  return ROLES.find((r) => names.includes(r)) ?? 'va';
}

export function initialValues(user?: UserDetail, defaults: Partial<UserFormValues> = {}): UserFormValues {
  if (!user) {
    return {
      first_name: '',
      last_name: '',
      email: '',
      access: 'invite',
      password: '',
      role: '',
      roles: [],
      is_admin: false,
      is_client: false,
      status: 'active',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
      phone: '',
      position: '',
      company_name: '',
      contact_person: '',
      team_ids: [],
      manager_ids: [],
      ...defaults,
    };
  }
  const role = mainRole(user);
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    access: 'password',
    password: '',
    role,
    roles: user.roles.map((r) => r.name).filter((r) => r !== role),
    is_admin: user.is_admin,
    is_client: user.is_client,
    status: user.status,
    timezone: user.timezone,
    phone: user.phone ?? '',
    position: user.position ?? '',
    company_name: user.company_name ?? '',
    contact_person: user.contact_person ?? '',
    team_ids: user.team_ids.map(String),
    manager_ids: user.manager_ids.map(String),
  };
}

const isClient = (v: UserFormValues) => v.role === 'client' || v.roles.includes('client');

/** The payload of the shared schema, from the form's values. */
export function toPayload(v: UserFormValues, mode: 'create' | 'edit'): UserCreateInput | UserUpdateInput {
  const client = isClient(v);
  const body: UserUpdateInput = {
    first_name: v.first_name,
    last_name: v.last_name,
    email: v.email,
    role: (v.role || undefined) as Role | undefined,
    roles: v.roles.filter((r) => r !== v.role) as Role[],
    is_admin: v.is_admin,
    is_client: v.is_client,
    status: v.status,
    timezone: v.timezone,
    phone: v.phone.trim() || null,
    position: v.position.trim() || null,
    company_name: client ? v.company_name.trim() || null : null,
    contact_person: client ? v.contact_person.trim() || null : null,
    team_ids: v.team_ids.map(Number),
    ...(client ? { manager_ids: v.manager_ids.map(Number) } : {}),
  };
  if (mode === 'create')
    return (v.access === 'password' ? { ...body, password: v.password } : body) as UserCreateInput;
  return body;
}

/**
 * Errors of the shared schema, plus the spec's role-flag rule (zod checks it only once all fields parse);
 * in the user's language when `t` is given.
 */
export function validateUser(
  v: UserFormValues,
  mode: 'create' | 'edit',
  t?: TFunction,
): Record<string, string> {
  const payload =
    mode === 'create' ? { ...toPayload(v, mode), role: v.role || undefined } : toPayload(v, mode);
  const errors = schemaErrors(mode === 'create' ? userCreateSchema : userUpdateSchema, payload, t);
  for (const issue of roleFlagIssues({
    role: v.role || undefined,
    is_admin: v.is_admin,
    is_client: v.is_client,
  })) {
    errors[issue.path] ??= t ? sayMessage(t, issue.message) : issue.message;
  }
  return errors;
}

export function UserForm({
  user,
  canGrantSuperAdmin,
  defaults,
  onDone,
  onCancel,
}: {
  user?: UserDetail;
  canGrantSuperAdmin: boolean;
  defaults?: Partial<UserFormValues>;
  onDone: (user: UserDetail) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation('common');
  const mode = user ? 'edit' : 'create';
  const create = useCreateUser();
  const update = useUpdateUser();
  const teams = useTeams();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<UserFormValues>({
    initialValues: initialValues(user, defaults),
    validate: (values) => validateUser(values, mode, tc),
  });
  const input = (field: keyof UserFormValues) => form.getInputProps(field);

  const roleOptions = ROLES.filter((r) => canGrantSuperAdmin || r !== 'super_admin').map((r) => ({
    value: r,
    label: tc(`roles.${r}`),
  }));
  const client = isClient(form.values);

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      const saved = user
        ? await update.mutateAsync({ id: user.id, body: toPayload(values, 'edit') })
        : await create.mutateAsync(toPayload(values, 'create') as UserCreateInput);
      onDone(saved);
    } catch (err) {
      // The fields' messages on the fields, and the problem above the form (a drawer scrolls).
      form.setErrors(problemFieldErrors(tc, err));
      setProblem(problemMessage(tc, err));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t(user ? 'form.editTitle' : 'form.createTitle')}>
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert" title={tc('notSaved')} data-testid="form-problem">
            {problem}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('form.firstName')} withAsterisk {...input('first_name')} />
          <TextInput label={t('form.lastName')} withAsterisk {...input('last_name')} />
        </SimpleGrid>
        <TextInput label={t('form.email')} type="email" withAsterisk {...input('email')} />
        {!user && (
          <Radio.Group label={t('form.access')} {...input('access')}>
            <Stack gap={6} mt={6}>
              <Radio value="invite" label={t('form.accessInvite')} description={t('form.accessInviteHint')} />
              <Radio value="password" label={t('form.accessPassword')} />
            </Stack>
          </Radio.Group>
        )}
        {!user && form.values.access === 'password' && (
          <PasswordInput
            label={t('form.password')}
            withAsterisk
            autoComplete="new-password"
            {...input('password')}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('form.role')}
            withAsterisk
            data={roleOptions}
            allowDeselect={false}
            {...input('role')}
          />
          <MultiSelect
            label={t('form.extraRoles')}
            data={roleOptions.filter((o) => o.value !== form.values.role)}
            {...input('roles')}
          />
        </SimpleGrid>
        <Group gap="lg" align="flex-start">
          <Checkbox label={t('form.adminFlag')} {...form.getInputProps('is_admin', { type: 'checkbox' })} />
          <Checkbox label={t('form.clientFlag')} {...form.getInputProps('is_client', { type: 'checkbox' })} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('form.flagsHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={tc('status')}
            data={USER_STATUSES.map((s) => ({ value: s, label: tc(`userStatus.${s}`) }))}
            allowDeselect={false}
            {...input('status')}
          />
          <TimezoneSelect label={tc('timezone')} {...input('timezone')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={tc('phone')} type="tel" {...input('phone')} />
          <TextInput label={tc('position')} {...input('position')} />
        </SimpleGrid>
        {client && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label={t('form.company')} {...input('company_name')} />
            <TextInput label={t('form.contact')} {...input('contact_person')} />
          </SimpleGrid>
        )}
        <MultiSelect
          label={t('form.teams')}
          data={(teams.data?.data ?? []).map((team) => ({ value: String(team.id), label: team.name }))}
          searchable
          nothingFoundMessage={tc('nothingFound')}
          {...input('team_ids')}
        />
        {client && (
          <PeopleMultiSelect
            label={t('form.managers')}
            roles={['manager']}
            keep={user?.managers}
            {...input('manager_ids')}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {user ? tc('save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
