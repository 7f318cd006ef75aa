import '@mantine/dates/styles.css';
import { Select, type SelectProps } from '@mantine/core';
import { DATE_PICKER_DEFAULTS } from '../../lib/format/calendar';

// What the list filter bars share (attendance, screenshots): a field's width, the period pickers' props,
// a select that means "all" when cleared.

/** Each field of a filter bar: grows, wraps below 150px. */
export const filterField = { flex: '1 1 150px', minWidth: 150 } as const;

/** A period end's `DateInput` props (a filter bar's dates). */
export const filterDateProps = {
  valueFormat: 'YYYY-MM-DD',
  minDate: DATE_PICKER_DEFAULTS.minDate,
  maxDate: DATE_PICKER_DEFAULTS.maxDate,
  firstDayOfWeek: DATE_PICKER_DEFAULTS.firstDayOfWeek,
  style: filterField,
} as const;

/** An id filter's select value (none: null, so the select shows "all"). */
export const pickId = (value: number | undefined) => (value ? String(value) : null);

/**
 * A filter's select: cleared means "all" (`all` is its placeholder). A `searchable` one (people, teams)
 * says `nothingFound` when no option matches.
 */
export function FilterSelect({
  all,
  nothingFound,
  ...props
}: Omit<SelectProps, 'placeholder' | 'nothingFoundMessage' | 'clearable' | 'style'> & {
  all: string;
  nothingFound?: string;
}) {
  return (
    <Select placeholder={all} nothingFoundMessage={nothingFound} clearable style={filterField} {...props} />
  );
}
