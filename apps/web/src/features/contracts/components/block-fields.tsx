import '@mantine/dates/styles.css';
import { Select } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { formatMinutes, parseTimeOfDay, WEEKDAYS } from '@vahub/shared/time/weekdays';
import { useTranslation } from 'react-i18next';
import { DATE_PICKER_DEFAULTS } from '../../../lib/format/calendar';
import { useTimeFormatter } from '../../../lib/format/use-time-format';

export interface BlockValues {
  weekday: number;
  start_minute: number;
  end_minute: number;
}

/** A weekday select. */
export function WeekdaySelect({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange: (weekday: number) => void;
  label?: string;
}) {
  const { t } = useTranslation('contracts');
  return (
    <Select
      label={label ?? t('block.weekday')}
      data={WEEKDAYS.map((d) => ({ value: String(d), label: t(`weekdays.${d}`) }))}
      value={String(value)}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      w={150}
    />
  );
}

/** A time of day in the user's clock as a picker (5-minute steps) over minutes since midnight. */
export function MinuteInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (minute: number) => void;
}) {
  const { t } = useTranslation('contracts');
  const { hour12 } = useTimeFormatter();
  return (
    <TimePicker
      label={label}
      hoursInputLabel={t('block.hoursOf', { label })}
      minutesInputLabel={t('block.minutesOf', { label })}
      amPmInputLabel={t('block.amPmOf', { label })}
      format={hour12 ? '12h' : '24h'}
      withDropdown
      hoursStep={DATE_PICKER_DEFAULTS.timeSteps.hours}
      minutesStep={DATE_PICKER_DEFAULTS.timeSteps.minutes}
      value={formatMinutes(value % 1440)}
      onChange={(v) => {
        const m = parseTimeOfDay(v.slice(0, 5));
        if (m !== null) onChange(m);
      }}
      w={150}
    />
  );
}
