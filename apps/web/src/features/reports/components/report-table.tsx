import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRow, SkeletonRows } from '../../../components/lists/list-table';

/** One column of a report: its header, a row's cell, and the totals row's cell (blank when not summed). */
export type ReportColumn<R, T> = {
  key: string;
  label: string;
  cell: (row: R) => ReactNode;
  total?: (totals: T) => ReactNode;
  numeric?: boolean;
};

/**
 * A report's table, the accessible source of its numbers: a caption, a header row, a row per item and the
 * totals of the whole period in the footer (`meta.totals`, every page, not only the rows shown). Scrolls
 * sideways on a phone.
 */
export function ReportTable<R, T>({
  caption,
  columns,
  rows,
  rowKey,
  totals,
  pending,
  busy,
  empty,
  minWidth = 900,
}: {
  caption: string;
  columns: ReportColumn<R, T>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  totals: T | undefined;
  pending: boolean;
  busy: boolean;
  empty: string;
  minWidth?: number;
}) {
  const { t } = useTranslation('reports');
  const align = (c: ReportColumn<R, T>) => (c.numeric ? 'right' : undefined);
  return (
    // The scrolling box takes the keyboard focus (arrow keys scroll a wide table on a phone) and is named.
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}
    >
      <Table striped highlightOnHover verticalSpacing="xs" aria-busy={busy} data-testid="report-table">
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={align(c)} style={{ whiteSpace: 'nowrap' }}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pending ? (
            <SkeletonRows columns={columns.length} />
          ) : rows.length === 0 ? (
            <EmptyRow columns={columns.length}>{empty}</EmptyRow>
          ) : (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)} data-testid="report-row">
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={align(c)} data-column={c.key} style={{ whiteSpace: 'nowrap' }}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {!pending && rows.length > 0 && totals && (
          <Table.Tfoot>
            <Table.Tr data-testid="report-totals" fw={600}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <Table.Th key={c.key} scope="row">
                    {t('table.totals')}
                  </Table.Th>
                ) : (
                  <Table.Td key={c.key} ta={align(c)} data-column={c.key} style={{ whiteSpace: 'nowrap' }}>
                    {c.total?.(totals) ?? ''}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
