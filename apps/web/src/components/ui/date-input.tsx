import { type DateInputProps, DateInput as MantineDateInput } from '@mantine/dates';
import { useState } from 'react';

/**
 * Mantine's DateInput, whose Escape closes only its calendar: while the calendar is open the input carries
 * `data-mantine-stop-propagation`, which a surrounding Modal or Drawer reads to leave its own Escape alone (as
 * Mantine's Select does). With the calendar closed, Escape reaches the dialog as usual.
 */
export function DateInput({ popoverProps, ...props }: DateInputProps) {
  const [open, setOpen] = useState(false);
  return (
    <MantineDateInput
      {...props}
      data-mantine-stop-propagation={open || undefined}
      popoverProps={{
        ...popoverProps,
        onOpen: () => {
          setOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setOpen(false);
          popoverProps?.onClose?.();
        },
      }}
    />
  );
}
