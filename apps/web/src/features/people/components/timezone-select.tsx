import { Group, Select, type SelectProps, Text } from '@mantine/core';
import { listTimezones } from '@vahub/shared/time/timezones';
import { useMemo } from 'react';
import { FlagIcon } from './flag-icon';

const renderOption: SelectProps['renderOption'] = ({ option }) => (
  <Group gap={6} wrap="nowrap">
    <FlagIcon timezone={option.value} label={false} />
    <Text size="sm">{option.label}</Text>
  </Group>
);

/** A searchable time zone list; each zone with the spec's flag (Manila: PH, else US). */
export function TimezoneSelect(props: Omit<SelectProps, 'data'>) {
  const timezones = useMemo(() => listTimezones(), []);
  const value = typeof props.value === 'string' ? props.value : null;
  return (
    <Select
      searchable
      limit={50}
      allowDeselect={false}
      nothingFoundMessage="—"
      {...props}
      data={timezones}
      renderOption={renderOption}
      leftSection={value ? <FlagIcon timezone={value} label={false} /> : undefined}
    />
  );
}
