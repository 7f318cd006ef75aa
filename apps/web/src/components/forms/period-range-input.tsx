import '@mantine/dates/styles.css';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { DATE_PICKER_DEFAULTS } from '../../lib/format/calendar';

type Range = DatesRangeValue<string>;

/**
 * A period picked as a range (`YYYY-MM-DD` ends, Monday-first, 1900–2100). A range is picked in two clicks: the
 * first end waits here, and `onPick` runs once both are chosen (one change of the URL). With `clear`, a named
 * button clears the period (back to the default the caller shows).
 */
export function PeriodRangeInput({
  label,
  period,
  onPick,
  clear,
  style,
}: {
  label: string;
  /** The period shown: the caller's, or the one the server answered for. */
  period: { start_date?: string | null; end_date?: string | null } | undefined;
  onPick: (from: string, to: string) => void;
  /** Offered when the period can go back to a default: the clear button's name, and what it does. */
  clear?: { label: string; onClear: () => void };
  style?: CSSProperties;
}) {
  const [draft, setDraft] = useState<Range | null>(null);
  const value: Range = draft ?? [period?.start_date ?? null, period?.end_date ?? null];
  return (
    <DatePickerInput
      type="range"
      label={label}
      valueFormat="YYYY-MM-DD"
      value={value}
      onChange={([from, to]) => {
        if (from && to) {
          setDraft(null);
          onPick(from, to);
        } else if (!from && !to && clear) {
          setDraft(null);
          clear.onClear();
        } else setDraft([from, to]);
      }}
      onDropdownClose={() => setDraft(null)}
      clearable={Boolean(clear)}
      clearButtonProps={clear ? { 'aria-label': clear.label } : undefined}
      allowSingleDateInRange
      minDate={DATE_PICKER_DEFAULTS.minDate}
      maxDate={DATE_PICKER_DEFAULTS.maxDate}
      firstDayOfWeek={DATE_PICKER_DEFAULTS.firstDayOfWeek}
      style={style}
    />
  );
}
