import { ActionIcon, Anchor, Group, Table, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { TimesheetStatus, TimesheetTotals } from '@vahub/shared/timesheets/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableRows } from '../../../components/lists/list-table';
import { clientName } from '../../../lib/format/client-name';
import type { TimesheetRow } from '../api/queries';
import { ClientStatusBadge, StatusBadge } from './badges';
import { activityOf, decimalHours, duration, percent, signedDuration } from './format';
import { ScrollTable } from './scroll-table';

const FIGURES = [
  'scheduled_minutes',
  'worked_minutes',
  'overtime_minutes',
  'adjustment_minutes',
  'billable_minutes',
] as const;

/** A duration cell: '7 h 30 min', and the decimal hours under it for the totals row. */
function Minutes({ value, signed, decimal }: { value: number; signed?: boolean; decimal?: boolean }) {
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {signed ? signedDuration(value) : duration(value)}
      </Text>
      {decimal && (
        <Text size="xs" c="dimmed">
          {decimalHours(value)} h
        </Text>
      )}
    </>
  );
}

/**
 * The timesheets of a list page: one row per timesheet (the date links to its detail; the whole row opens it),
 * a totals row of every matching row (`meta.totals`, not only this page), and quick approve / reject for who
 * may decide. Scrolls sideways on a phone.
 */
export function TimesheetsTable({
  rows,
  totals,
  pending,
  busy,
  empty,
  hrefOf,
  onOpen,
  onDecide,
  deciding,
  showVa = true,
  showClient = true,
}: {
  rows: TimesheetRow[];
  totals?: TimesheetTotals;
  pending: boolean;
  busy?: boolean;
  empty: ReactNode;
  /** A row's detail page (the date links to it); none for the VA, who has no detail page. */
  hrefOf?: (row: TimesheetRow) => string;
  onOpen?: (row: TimesheetRow) => void;
  /** Quick decisions; without it the table has no actions column. */
  onDecide?: (row: TimesheetRow, status: TimesheetStatus) => void;
  deciding?: number | null;
  showVa?: boolean;
  showClient?: boolean;
}) {
  const { t } = useTranslation('timesheets');
  const headers = [
    t('columns.date'),
    ...(showVa ? [t('columns.va')] : []),
    ...(showClient ? [t('columns.client')] : []),
    t('columns.contract'),
    t('columns.scheduled'),
    t('columns.worked'),
    t('columns.activity'),
    t('columns.overtime'),
    t('columns.adjustment'),
    t('columns.billable'),
    t('columns.status'),
    t('columns.clientStatus'),
    ...(onDecide ? [t('columns.actions')] : []),
  ];
  // The totals' label spans the columns before the figures: date, VA, client, contract.
  const labelSpan = 2 + (showVa ? 1 : 0) + (showClient ? 1 : 0);
  return (
    <ScrollTable minWidth={1180} label={t('list.caption')}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-busy={busy}>
        <caption className="visually-hidden">{t('list.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TableRows columns={headers.length} pending={pending} rows={rows} empty={empty}>
            {(row) => (
              <Table.Tr
                key={row.id}
                onClick={onOpen ? () => onOpen(row) : undefined}
                style={onOpen ? { cursor: 'pointer' } : undefined}
                data-testid="timesheet-row"
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {hrefOf ? (
                    <Anchor component={Link} to={hrefOf(row)} size="sm" onClick={(e) => e.stopPropagation()}>
                      {row.date}
                    </Anchor>
                  ) : (
                    row.date
                  )}
                </Table.Td>
                {showVa && <Table.Td>{row.va.name}</Table.Td>}
                {showClient && <Table.Td>{clientName(row.client)}</Table.Td>}
                <Table.Td>{row.contract.title}</Table.Td>
                <Table.Td>
                  <Minutes value={row.scheduled_minutes} />
                </Table.Td>
                <Table.Td>
                  <Minutes value={row.worked_minutes} />
                </Table.Td>
                <Table.Td>{percent(row.activity_percent)}</Table.Td>
                <Table.Td>
                  <Minutes value={row.overtime_minutes} />
                </Table.Td>
                <Table.Td>
                  <Minutes value={row.adjustment_minutes} signed />
                </Table.Td>
                <Table.Td>
                  <Minutes value={row.billable_minutes} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={row.status} />
                </Table.Td>
                <Table.Td>
                  <ClientStatusBadge status={row.client_status} />
                </Table.Td>
                {onDecide && (
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Group gap={4} wrap="nowrap">
                      {row.status !== 'approved' && (
                        <ActionIcon
                          variant="subtle"
                          color="green"
                          aria-label={t('actions.approveOf', { name: row.va.name, date: row.date })}
                          loading={deciding === row.id}
                          onClick={() => onDecide(row, 'approved')}
                        >
                          <IconCheck size={18} aria-hidden />
                        </ActionIcon>
                      )}
                      {row.status === 'pending' && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('actions.rejectOf', { name: row.va.name, date: row.date })}
                          disabled={deciding === row.id}
                          onClick={() => onDecide(row, 'rejected')}
                        >
                          <IconX size={18} aria-hidden />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            )}
          </TableRows>
          {totals && totals.count > 0 && !pending && (
            <Table.Tr data-testid="totals-row" fw={600}>
              <Table.Th scope="row" colSpan={labelSpan}>
                {t('list.totals', { count: totals.count })}
              </Table.Th>
              {FIGURES.slice(0, 2).map((key) => (
                <Table.Td key={key} data-testid={`total-${key}`}>
                  <Minutes value={totals[key]} decimal />
                </Table.Td>
              ))}
              <Table.Td data-testid="total-activity">
                {percent(activityOf(totals.active_minutes, totals.worked_minutes))}
              </Table.Td>
              {FIGURES.slice(2).map((key) => (
                <Table.Td key={key} data-testid={`total-${key}`}>
                  <Minutes value={totals[key]} decimal signed={key === 'adjustment_minutes'} />
                </Table.Td>
              ))}
              <Table.Td colSpan={onDecide ? 3 : 2} />
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
