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

type PeopleKind = 'va' | 'client' | 'team';
type Choice = { value: string; label: string };

/**
 * The people filters of a filter bar, in this order: VA, client, team. A kind given no options is not shown
 * (a client filters by neither client nor team). `text` names a kind's label and the "all" and "nothing found"
 * texts (`filters.va`, `filters.all`, … in the feature's namespace).
 */
export function PeopleFilters({
  text,
  options,
  values,
  onChange,
}: {
  text: (key: PeopleKind | 'all' | 'nothingFound') => string;
  options: Partial<Record<PeopleKind, Choice[]>>;
  values: Partial<Record<PeopleKind, number | undefined>>;
  onChange: (kind: PeopleKind, value: string | null) => void;
}) {
  return (['va', 'client', 'team'] as const).map((kind) => {
    const data = options[kind];
    if (!data) return null;
    return (
      <FilterSelect
        key={kind}
        label={text(kind)}
        all={text('all')}
        nothingFound={text('nothingFound')}
        searchable
        data={data}
        value={pickId(values[kind])}
        onChange={(value) => onChange(kind, value)}
      />
    );
  });
}
