import '@mantine/dates/styles.css';
import { NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import type { Attendance } from '@vahub/shared/attendance/schemas';
import { PAID_BY } from '@vahub/shared/requests/schemas';
import { formatMinutes, parseTimeOfDay } from '@vahub/shared/time/weekdays';
import { useTranslation } from 'react-i18next';
import { DATE_PICKER_DEFAULTS } from '../../../../lib/format/calendar';
import { useTimeFormatter } from '../../../../lib/format/use-time-format';
import { shiftLabel } from '../format';
import type { RequestValues } from './values';

type Form = UseFormReturnType<RequestValues>;

/** The spec's date pickers: 1900–2100, the week from Monday, dates as `YYYY-MM-DD`. */
const DATE_PROPS = {
  valueFormat: 'YYYY-MM-DD',
  minDate: DATE_PICKER_DEFAULTS.minDate,
  maxDate: DATE_PICKER_DEFAULTS.maxDate,
  firstDayOfWeek: DATE_PICKER_DEFAULTS.firstDayOfWeek,
} as const;

/** Who pays (vacation types; unpaid leave is paid by nobody) and the first and last day off. */
export function LeaveFields({ form, withPaidBy }: { form: Form; withPaidBy: boolean }) {
  const { t } = useTranslation('requests');
  const unpaid = form.values.type === 'unpaid_leave';
  return (
    <>
      {withPaidBy && (
        <Select
          label={t('form.paidBy')}
          required={!unpaid}
          data={PAID_BY.map((p) => ({ value: p, label: t(`paidBy.${p}`) }))}
          allowDeselect={false}
          disabled={unpaid}
          {...form.getInputProps('paid_by')}
          value={unpaid ? 'unpaid' : form.values.paid_by}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <DateInput {...DATE_PROPS} label={t('form.start')} required {...form.getInputProps('start')} />
        <DateInput
          {...DATE_PROPS}
          label={t('form.end')}
          placeholder={t('form.endPlaceholder')}
          clearable
          {...form.getInputProps('end')}
        />
      </SimpleGrid>
    </>
  );
}

/** A picker over the VA's recent shifts of the chosen contract. */
function ShiftSelect({
  form,
  shifts,
  label,
  required,
  empty,
}: {
  form: Form;
  shifts: Attendance[];
  label: string;
  required: boolean;
  empty: string;
}) {
  const { t, i18n } = useTranslation('requests');
  const fmt = useTimeFormatter();
  const data = shifts.map((s) => ({
    value: String(s.id),
    label:
      s.status === 'ongoing'
        ? `${shiftLabel(s, fmt, i18n.language)} (${t('form.ongoing')})`
        : shiftLabel(s, fmt, i18n.language),
  }));
  return (
    <Select
      label={label}
      required={required}
      clearable={!required}
      data={data}
      placeholder={data.length === 0 ? empty : undefined}
      disabled={data.length === 0}
      {...form.getInputProps('attendance_id')}
    />
  );
}

/** Overtime: the started shift it belongs to and its minutes (up to the contract's limit). */
export function OvertimeFields({ form, shifts, max }: { form: Form; shifts: Attendance[]; max?: number }) {
  const { t } = useTranslation('requests');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <ShiftSelect
        form={form}
        shifts={shifts}
        label={t('form.shift')}
        required
        empty={t('form.noStartedShift')}
      />
      <NumberInput
        label={t('form.minutes')}
        description={max ? t('form.minutesHelp', { max }) : undefined}
        required
        min={1}
        max={max}
        allowDecimal={false}
        allowNegative={false}
        // Said, not silently cut: a clamped 150 would read as 120 asked for.
        clampBehavior="none"
        {...form.getInputProps('minutes')}
      />
    </SimpleGrid>
  );
}

/** A time of day in the user's clock over minutes since midnight (5-minute steps in the dropdown). */
function MinuteField({ form, field, label }: { form: Form; field: 'mus_start' | 'mus_end'; label: string }) {
  const { t } = useTranslation('requests');
  const { hour12 } = useTimeFormatter();
  const props = form.getInputProps(field);
  const value = form.values[field];
  return (
    <TimePicker
      label={label}
      required
      hoursInputLabel={t('form.hoursOf', { label })}
      minutesInputLabel={t('form.minutesOf', { label })}
      amPmInputLabel={t('form.amPmOf', { label })}
      format={hour12 ? '12h' : '24h'}
      withDropdown
      hoursStep={DATE_PICKER_DEFAULTS.timeSteps.hours}
      minutesStep={DATE_PICKER_DEFAULTS.timeSteps.minutes}
      value={value === null ? '' : formatMinutes(value)}
      error={props.error}
      onChange={(v) => form.setFieldValue(field, v ? parseTimeOfDay(v.slice(0, 5)) : null)}
    />
  );
}

/** The make-up shift: its day and hours in the contract's zone, and the missed shift it makes up for (optional). */
export function MusFields({ form, missed, zone }: { form: Form; missed: Attendance[]; zone?: string }) {
  const { t } = useTranslation('requests');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DateInput {...DATE_PROPS} label={t('form.musDate')} required {...form.getInputProps('mus_date')} />
        <MinuteField form={form} field="mus_start" label={t('form.musStart')} />
        <MinuteField form={form} field="mus_end" label={t('form.musEnd')} />
      </SimpleGrid>
      {zone && (
        <Text size="xs" c="dimmed">
          {t('form.musZone', { zone })}
        </Text>
      )}
      <ShiftSelect
        form={form}
        shifts={missed}
        label={t('form.missedShift')}
        required={false}
        empty={t('form.noMissedShift')}
      />
    </Stack>
  );
}
