import '@mantine/dates/styles.css';
import {
  Button,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Contract, contractCreateSchema } from '@vahub/shared/contracts/schemas';
import { type ContractSettingsFields, reconcilePrivacy } from '@vahub/shared/contracts/settings';
import { CONTRACT_DEFAULTS } from '@vahub/shared/organization/settings';
import { listTimezones } from '@vahub/shared/time/timezones';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeopleOptions } from '../../../components/people/person-picker';
import { DateInput } from '../../../components/ui/date-input';
import { schemaErrors, showProblem } from '../../../lib/form-errors';
import { DATE_PICKER_DEFAULTS } from '../../../lib/format/calendar';
import { clientOptionLabel } from '../../../lib/format/client-name';
import { notify } from '../../../lib/notify';
import { useCreateContract, usePatchContractSettings, useUpdateContract } from '../api/contracts';
import { useOrgSettings } from '../api/references';
import type { ContractFormValues } from './contract-form-values';
import { ContractSettingsFieldset } from './contract-settings-fieldset';

/** The pay currencies offered (any ISO code already on the contract is added). */
const PAY_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'PHP',
  'INR',
  'PKR',
  'BDT',
  'IDR',
  'VND',
  'MXN',
  'COP',
  'ARS',
  'BRL',
  'ZAR',
  'NGN',
  'KES',
  'EGP',
  'UAH',
];
const isoCode = (v: string) => (/^[A-Za-z]{3}$/.test(v.trim()) ? v.trim().toUpperCase() : null);

/** What the form checks with the shared schema beside its own required fields. */
const termsSchema = contractCreateSchema.pick({
  hourly_rate: true,
  currency: true,
  pay_rate: true,
  pay_currency: true,
  pay_overtime_multiplier: true,
  settings: true,
});

/** The pay fields as the API takes them; a pay currency equal to the contract's is left to follow it (null). */
const payOf = (v: ContractFormValues) => ({
  pay_rate: v.pay_rate === '' ? null : Number(v.pay_rate),
  pay_currency: v.pay_currency && v.pay_currency !== isoCode(v.currency) ? v.pay_currency : null,
  pay_overtime_multiplier: v.pay_overtime_multiplier === '' ? undefined : Number(v.pay_overtime_multiplier),
});

const today = () => new Date().toISOString().slice(0, 10);

/** Only the setting fields of a settings row (not its id or timestamps). */
const pickSettings = (s: ContractSettingsFields): ContractSettingsFields => ({
  screenshots_enabled: s.screenshots_enabled,
  screenshots_per_hour: s.screenshots_per_hour,
  blur_screenshots: s.blur_screenshots,
  screenshot_privacy: s.screenshot_privacy,
  screenshots_on_demand: s.screenshots_on_demand,
  screenshot_notice: s.screenshot_notice,
  va_may_mute_screenshot_notice: s.va_may_mute_screenshot_notice,
  idle_timeout_minutes: s.idle_timeout_minutes,
  late_grace_minutes: s.late_grace_minutes,
  early_clock_in_minutes: s.early_clock_in_minutes,
  overtime_allowed: s.overtime_allowed,
  timesheet_approval_required: s.timesheet_approval_required,
  vacation_days_per_year: s.vacation_days_per_year,
  sick_days_per_year: s.sick_days_per_year,
  max_overtime_minutes: s.max_overtime_minutes,
});

export interface ContractFormProps {
  /** People already chosen by the page (the VA or the client of a user tab). */
  fixed?: { va_id?: number; client_id?: number };
  /** Edit this contract's terms and settings instead of creating a new draft. */
  contract?: Contract;
  onCreated: (contract: Contract) => void;
  onCancel?: () => void;
}

/**
 * A new draft contract (the people, terms, and settings prefilled from the organization's defaults), or, with
 * `contract`, that contract's terms and settings; its VA and client stay as they are.
 */
export function ContractForm(props: ContractFormProps) {
  const settings = useOrgSettings();
  if (settings.isPending) return <Loader />;
  // Built-in values under the organization's, so a field the server does not send yet still has one.
  const defaults = { ...CONTRACT_DEFAULTS, ...settings.data?.contract_defaults };
  return <ContractFormInner {...props} defaults={defaults} />;
}

function ContractFormInner({
  fixed,
  contract,
  onCreated,
  onCancel,
  defaults,
}: ContractFormProps & { defaults: ContractSettingsFields }) {
  const { t } = useTranslation('contracts');
  const vas = usePeopleOptions({ roles: ['va'], status: 'active' });
  const clients = usePeopleOptions({ roles: ['client'], status: 'active' });
  const create = useCreateContract();
  const update = useUpdateContract();
  const patchSettings = usePatchContractSettings();
  const timezones = useMemo(() => listTimezones(), []);
  const form = useForm<ContractFormValues>({
    initialValues: contract
      ? {
          va_id: String(contract.va_id),
          client_id: String(contract.client_id),
          title: contract.title,
          description: contract.description ?? '',
          start_date: contract.start_date,
          end_date: contract.end_date,
          timezone: contract.timezone,
          hourly_rate: contract.hourly_rate ?? '',
          currency: contract.currency,
          pay_rate: contract.pay_rate ?? '',
          pay_currency: contract.pay_currency ?? contract.currency,
          pay_overtime_multiplier: contract.pay_overtime_multiplier ?? 1.5,
          settings: pickSettings(contract.settings ?? defaults),
        }
      : {
          va_id: fixed?.va_id ? String(fixed.va_id) : null,
          client_id: fixed?.client_id ? String(fixed.client_id) : null,
          title: '',
          description: '',
          start_date: today(),
          end_date: null,
          timezone: '',
          hourly_rate: '',
          currency: 'USD',
          pay_rate: '',
          pay_currency: 'USD',
          pay_overtime_multiplier: 1.5,
          settings: { ...defaults },
        },
    // The shared schema's word on the numbers and the currency (out of range: its message, never a clamp).
    validate: (v) => {
      const errors: Record<string, string | null> = schemaErrors(
        termsSchema,
        {
          hourly_rate: v.hourly_rate === '' ? null : Number(v.hourly_rate),
          currency: v.currency.trim() || undefined,
          ...payOf(v),
          settings: v.settings,
        },
        t,
      );
      if (!v.va_id) errors.va_id = t('form.chooseVa');
      if (!v.client_id) errors.client_id = t('form.chooseClient');
      if (!v.title.trim()) errors.title = t('form.enterTitle');
      if (!v.start_date) errors.start_date = t('form.enterStart');
      return errors;
    },
  });
  const currencyInput = form.getInputProps('currency');
  const payCurrencies = [
    ...new Set([
      ...[isoCode(form.values.currency), form.values.pay_currency].filter((c): c is string => !!c),
      ...PAY_CURRENCIES,
    ]),
  ];
  const clientTz = (id: string | null) => clients.data?.data.find((c) => String(c.id) === id)?.timezone ?? '';
  const option = (u: { id: number; name: string; email: string }) => ({
    value: String(u.id),
    label: `${u.name} (${u.email})`,
  });

  const submit = form.onSubmit(async (values) => {
    // The spec's two booleans say what the tier says.
    const v = { ...values, settings: reconcilePrivacy(values.settings, values.settings) };
    try {
      if (contract) {
        const saved = await update.mutateAsync({
          id: contract.id,
          title: v.title.trim(),
          description: v.description.trim() || null,
          start_date: v.start_date as string,
          end_date: v.end_date || null,
          timezone: v.timezone || undefined,
          hourly_rate: v.hourly_rate === '' ? null : Number(v.hourly_rate),
          currency: v.currency.trim() || undefined,
          ...payOf(v),
        });
        if (contract.settings) await patchSettings.mutateAsync({ id: contract.settings.id, ...v.settings });
        notify('green', t('form.saved'));
        onCreated(saved);
        return;
      }
      const created = await create.mutateAsync({
        va_id: Number(v.va_id),
        client_id: Number(v.client_id),
        title: v.title.trim(),
        description: v.description.trim() || null,
        start_date: v.start_date as string,
        end_date: v.end_date || null,
        timezone: v.timezone || clientTz(v.client_id) || undefined,
        hourly_rate: v.hourly_rate === '' ? null : Number(v.hourly_rate),
        currency: v.currency.trim() || undefined,
        ...payOf(v),
        settings: v.settings,
      });
      notify('green', t('form.created'));
      onCreated(created);
    } catch (err) {
      showProblem(t, form, err);
    }
  });

  const dateProps = {
    minDate: DATE_PICKER_DEFAULTS.minDate,
    maxDate: DATE_PICKER_DEFAULTS.maxDate,
    firstDayOfWeek: DATE_PICKER_DEFAULTS.firstDayOfWeek,
    valueFormat: 'YYYY-MM-DD',
  } as const;

  return (
    <form onSubmit={submit} noValidate aria-label={t(contract ? 'form.editTitle' : 'form.title')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('form.va')}
            withAsterisk
            searchable
            limit={50}
            data={(vas.data?.data ?? []).map(option)}
            disabled={Boolean(fixed?.va_id || contract)}
            {...form.getInputProps('va_id')}
          />
          <Select
            label={t('form.client')}
            withAsterisk
            searchable
            limit={50}
            data={(clients.data?.data ?? []).map((c) => ({
              ...option(c),
              label: `${clientOptionLabel(c)} – ${c.email}`,
            }))}
            disabled={Boolean(fixed?.client_id || contract)}
            {...form.getInputProps('client_id')}
            onChange={(v) => {
              form.setFieldValue('client_id', v);
              if (!form.isDirty('timezone') || !form.values.timezone)
                form.setFieldValue('timezone', clientTz(v));
            }}
          />
        </SimpleGrid>
        <TextInput label={t('form.contractTitle')} withAsterisk {...form.getInputProps('title')} />
        <Textarea label={t('form.description')} autosize minRows={2} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DateInput
            label={t('form.startDate')}
            withAsterisk
            {...dateProps}
            {...form.getInputProps('start_date')}
          />
          <DateInput label={t('form.endDate')} clearable {...dateProps} {...form.getInputProps('end_date')} />
          <Select
            label={t('form.timezone')}
            description={t('form.timezoneHint')}
            data={timezones}
            searchable
            limit={50}
            {...form.getInputProps('timezone')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          <NumberInput
            label={t('form.hourlyRate')}
            min={0}
            clampBehavior="none"
            decimalScale={2}
            {...form.getInputProps('hourly_rate')}
          />
          <TextInput
            label={t('form.currency')}
            {...currencyInput}
            onChange={(e) => {
              // The pay currency follows the contract's until it is chosen otherwise.
              const next = e.currentTarget.value;
              if (form.values.pay_currency === isoCode(form.values.currency))
                form.setFieldValue('pay_currency', isoCode(next) ?? form.values.pay_currency);
              currencyInput.onChange(e);
            }}
          />
          <NumberInput
            label={t('form.payRate')}
            description={t('form.payRateHint')}
            min={0}
            clampBehavior="none"
            decimalScale={2}
            {...form.getInputProps('pay_rate')}
          />
          <Select
            label={t('form.payCurrency')}
            description={t('form.payCurrencyHint')}
            data={payCurrencies}
            searchable
            allowDeselect={false}
            {...form.getInputProps('pay_currency')}
          />
          <NumberInput
            label={t('form.payOvertimeMultiplier')}
            min={1}
            max={5}
            step={0.25}
            clampBehavior="none"
            decimalScale={2}
            {...form.getInputProps('pay_overtime_multiplier')}
          />
        </SimpleGrid>
        <ContractSettingsFieldset form={form} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common:cancel')}
            </Button>
          )}
          <Button type="submit" loading={create.isPending || update.isPending || patchSettings.isPending}>
            {t(contract ? 'form.save' : 'form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
