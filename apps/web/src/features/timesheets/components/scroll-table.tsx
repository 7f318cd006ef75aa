import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a narrow screen, its scrolling area reachable by keyboard (a table of
 * figures has no link to tab to, so the area itself takes the focus and the arrow keys scroll it).
 */
export function ScrollTable({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': label, role: 'region' } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
