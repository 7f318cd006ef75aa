import { Anchor, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActivityBar } from '../../../components/attendance/activity-bar';
import { formatSeconds } from '../../../components/attendance/duration';
import { presenceOf } from '../../../components/attendance/presence';
import { PresenceDot } from '../../../components/attendance/presence-dot';
import { EmptyRow, SkeletonRows } from '../../../components/lists/list-table';
import type { DurationRow } from '../api/insights';
import { type DurationSort, durationTotals, type SortDir, sortDurationRows } from './insights-math';

type Column = { key: string; sort?: DurationSort; numeric?: boolean };
const COLUMNS: Column[] = [
  { key: 'va', sort: 'name' },
  { key: 'shifts', numeric: true },
  { key: 'scheduled', sort: 'scheduled', numeric: true },
  { key: 'worked', sort: 'worked', numeric: true },
  { key: 'active', sort: 'active', numeric: true },
  { key: 'activity', sort: 'activity' },
  { key: 'late', sort: 'late', numeric: true },
  { key: 'absent', numeric: true },
];

/**
 * Per VA over a period: scheduled vs worked vs active time, lateness and absences, sortable by the column
 * headers (the sort lives in the URL with the filters), with a totals row of the VAs shown.
 */
export function DurationTable({
  rows,
  pending,
  sort,
  dir,
  onSort,
  partial,
  userHref,
  empty,
}: {
  rows: DurationRow[];
  pending: boolean;
  sort: DurationSort;
  dir: SortDir;
  onSort: (sort: DurationSort, dir: SortDir) => void;
  /** More VAs than one page: the totals are this page's. */
  partial: boolean;
  userHref: (id: number) => string;
  /** What the empty table says (and what to do about it). */
  empty: string;
}) {
  const { t } = useTranslation('attendance-insights');
  const sorted = sortDurationRows(rows, sort, dir);
  const totals = durationTotals(rows);
  const header = (c: Column) => {
    const label = t(`duration.columns.${c.key}`);
    if (!c.sort) return <Table.Th key={c.key}>{label}</Table.Th>;
    const active = sort === c.sort;
    const Icon = !active ? IconArrowsSort : dir === 'asc' ? IconArrowUp : IconArrowDown;
    // A first click sorts names A–Z and figures largest first: what a reader looks for.
    const next: SortDir = active ? (dir === 'asc' ? 'desc' : 'asc') : c.sort === 'name' ? 'asc' : 'desc';
    return (
      <Table.Th key={c.key} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
        <UnstyledButton
          onClick={() => onSort(c.sort as DurationSort, next)}
          fw={600}
          fz="sm"
          aria-label={t('duration.sortBy', { column: label })}
        >
          <Group gap={4} wrap="nowrap">
            {label}
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-busy={pending}>
        <caption className="visually-hidden">{t('duration.caption')}</caption>
        <Table.Thead>
          <Table.Tr>{COLUMNS.map(header)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pending ? (
            <SkeletonRows columns={COLUMNS.length} />
          ) : rows.length === 0 ? (
            <EmptyRow columns={COLUMNS.length}>{empty}</EmptyRow>
          ) : (
            sorted.map((r) => (
              <Table.Tr key={r.va.id} data-testid="duration-row">
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <PresenceDot presence={presenceOf(r)} compact />
                    <Anchor component={Link} to={userHref(r.va.id)} size="sm" fw={500}>
                      {r.va.name}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>{r.shifts}</Table.Td>
                <Table.Td>{formatSeconds(r.scheduled_seconds)}</Table.Td>
                <Table.Td>{formatSeconds(r.worked_seconds)}</Table.Td>
                <Table.Td>{formatSeconds(r.active_seconds)}</Table.Td>
                <Table.Td>
                  <ActivityBar percent={r.activity_percent} />
                </Table.Td>
                <Table.Td>
                  {r.late}
                  {r.late > 0 && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({formatSeconds(r.late_minutes * 60)})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{r.absent}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {!pending && rows.length > 0 && (
          <Table.Tfoot>
            <Table.Tr data-testid="duration-totals" fw={600}>
              <Table.Th scope="row">{partial ? t('duration.totalsPage') : t('duration.totals')}</Table.Th>
              <Table.Td>{totals.shifts}</Table.Td>
              <Table.Td>{formatSeconds(totals.scheduled)}</Table.Td>
              <Table.Td>{formatSeconds(totals.worked)}</Table.Td>
              <Table.Td>{formatSeconds(totals.active)}</Table.Td>
              <Table.Td>
                <ActivityBar percent={totals.activity} />
              </Table.Td>
              <Table.Td>{totals.late}</Table.Td>
              <Table.Td>{totals.absent}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
