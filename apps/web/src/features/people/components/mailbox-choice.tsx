import { Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** A confirm dialog's text with the choice to remove the person's mailbox too (off until ticked). */
export function MailboxChoice({
  message,
  label,
  onChange,
}: {
  message: string;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  const [checked, setChecked] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm">{message}</Text>
      <Checkbox
        label={label}
        checked={checked}
        onChange={(e) => {
          const next = e.currentTarget.checked;
          setChecked(next);
          onChange(next);
        }}
      />
    </Stack>
  );
}
