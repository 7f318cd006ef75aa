import { Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Me, profileUpdateSchema } from '@vahub/shared/auth/schemas';
import { listTimezones } from '@vahub/shared/time/timezones';
import type { TimeFormat } from '@vahub/shared/users/time-format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaErrors, showProblem } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useUpdateProfile } from '../api/account';

interface Values {
  first_name: string;
  last_name: string;
  phone: string;
  timezone: string;
  /** 'auto' = the language's habit (null on the server). */
  time_format: 'auto' | TimeFormat;
  receive_promotions: boolean;
}

const toBody = (values: Values) => ({
  ...values,
  phone: values.phone.trim() || null,
  time_format: values.time_format === 'auto' ? null : values.time_format,
});

export function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const timezones = useMemo(() => listTimezones(), []);
  const form = useForm<Values>({
    initialValues: {
      first_name: me.first_name,
      last_name: me.last_name,
      phone: me.phone ?? '',
      timezone: me.timezone,
      time_format: me.time_format ?? 'auto',
      receive_promotions: me.receive_promotions,
    },
    validate: (values) => schemaErrors(profileUpdateSchema, toBody(values), t),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(toBody(values));
      notify('green', t('profile.saved'));
    } catch (err) {
      showProblem(t, form, err);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('profile.title')}>
      <Stack gap="sm" maw={560}>
        <TextInput label={t('profile.email')} value={me.email} readOnly disabled />
        <Group grow align="flex-start">
          <TextInput label={t('profile.firstName')} withAsterisk {...form.getInputProps('first_name')} />
          <TextInput label={t('profile.lastName')} withAsterisk {...form.getInputProps('last_name')} />
        </Group>
        <TextInput
          label={t('profile.phone')}
          type="tel"
          autoComplete="tel"
          {...form.getInputProps('phone')}
        />
        <Select
          label={t('profile.timezone')}
          data={timezones}
          searchable
          limit={50}
          allowDeselect={false}
          nothingFoundMessage="—"
          {...form.getInputProps('timezone')}
        />
        <Select
          label={t('profile.timeFormat')}
          data={[
            { value: 'auto', label: t('profile.timeFormatAuto') },
            { value: '12h', label: t('profile.timeFormat12') },
            { value: '24h', label: t('profile.timeFormat24') },
          ]}
          allowDeselect={false}
          {...form.getInputProps('time_format')}
        />
        <Checkbox
          label={t('profile.promotions')}
          {...form.getInputProps('receive_promotions', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('common:save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
