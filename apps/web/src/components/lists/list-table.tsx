import { Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Rows of grey bars while a page loads. */
export function SkeletonRows({ columns, rows = 8 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Table.Tr key={r} data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Table.Td key={c}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/** One row across the table saying there is nothing to show. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Stack align="center" gap={4} py="xl" data-testid="empty-state">
          <IconInbox size={32} stroke={1.4} aria-hidden />
          <Text c="dimmed">{children}</Text>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The frame of every list: scrolls sideways on phones, a caption for screen readers, a header row, and
 * `aria-busy` while a newer page loads.
 */
export function ListTable({
  minWidth,
  caption,
  busy,
  headers,
  children,
}: {
  minWidth: number;
  caption: string;
  busy?: boolean;
  headers: ReactNode[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: header cells are fixed and ordered
              <Table.Th key={i}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A table body's three states: grey rows while the first page loads, the empty message, or a row per item. */
export function TableRows<T>({
  columns,
  pending,
  rows,
  empty,
  skeletonRows,
  children,
}: {
  columns: number;
  pending: boolean;
  rows: T[];
  empty: ReactNode;
  skeletonRows?: number;
  children: (row: T) => ReactNode;
}) {
  if (pending) return <SkeletonRows columns={columns} rows={skeletonRows} />;
  if (rows.length === 0) return <EmptyRow columns={columns}>{empty}</EmptyRow>;
  return <>{rows.map(children)}</>;
}
