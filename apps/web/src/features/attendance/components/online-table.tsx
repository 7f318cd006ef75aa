import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { OnlineItem } from '@vahub/shared/attendance/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityBar } from '../../../components/attendance/activity-bar';
import { badgeLabelColor } from '../../../components/attendance/colors';
import { formatSeconds } from '../../../components/attendance/duration';
import { presenceOf } from '../../../components/attendance/presence';
import { PresenceDot } from '../../../components/attendance/presence-dot';
import { ZonedTime } from '../../../components/attendance/zoned-time';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { PersonCell, PersonLink } from '../../../components/people/person-cell';
import { EmptyState } from '../../../components/ui/empty-state';
import { clientName } from '../../../lib/format/client-name';
import { LateCell } from './shift-times';

/**
 * VAs on shift now: presence (an "Agent" badge while the VA's desktop agent is connected), for whom, since when, the last ping, worked time, recent activity and the
 * active window (when the tracker reports one); `actions` adds a last column (force logout).
 */
export function OnlineTable({
  rows,
  pending,
  busy,
  viewerTimezone,
  empty,
  withClient = true,
  actions,
  vaHref,
}: {
  rows: OnlineItem[];
  pending: boolean;
  busy?: boolean;
  viewerTimezone: string;
  empty: string;
  withClient?: boolean;
  actions?: (row: OnlineItem) => ReactNode;
  /** Where a VA's name leads (their page in this dashboard). */
  vaHref?: (vaId: number) => string;
}) {
  const { t } = useTranslation('attendance');
  if (!pending && rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  const headers: ReactNode[] = [
    t('list.va'),
    t('online.presence'),
    ...(withClient ? [t('list.client')] : []),
    t('online.since'),
    t('list.late'),
    t('online.lastPing'),
    t('list.worked'),
    t('online.recentActivity'),
    t('online.window'),
    ...(actions
      ? [
          <span key="a" className="visually-hidden">
            {t('online.actions')}
          </span>,
        ]
      : []),
  ];
  return (
    <ListTable minWidth={1000} caption={t('online.caption')} busy={busy} headers={headers}>
      <TableRows columns={headers.length} pending={pending} rows={rows} empty={empty}>
        {(row) => (
          <Table.Tr key={row.attendance.id} data-testid="online-row" data-va={row.va.id}>
            <Table.Td>
              {vaHref ? (
                <PersonLink
                  name={row.va.name}
                  email={row.va.email}
                  avatarUrl={row.va.avatar_url}
                  to={vaHref(row.va.id)}
                />
              ) : (
                <PersonCell name={row.va.name} email={row.va.email} avatarUrl={row.va.avatar_url} />
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="wrap">
                <PresenceDot presence={presenceOf(row)} />
                {row.agent_connected && (
                  <Badge
                    size="xs"
                    variant="light"
                    color="blue"
                    title={t('online.agentTitle')}
                    aria-label={t('online.agentTitle')}
                    data-testid="online-agent"
                    style={{ flexShrink: 0 }}
                    styles={{ label: { color: badgeLabelColor('blue') } }}
                  >
                    {t('online.agent')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            {withClient && (
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{clientName(row.client)}</Text>
                  <Text size="xs" c="dimmed">
                    {row.contract.title}
                  </Text>
                </Stack>
              </Table.Td>
            )}
            <Table.Td>
              <ZonedTime
                value={row.attendance.started_at}
                viewerTimezone={viewerTimezone}
                shiftTimezone={row.attendance.timezone}
              />
            </Table.Td>
            <Table.Td>
              <LateCell minutes={row.attendance.late_minutes} />
            </Table.Td>
            <Table.Td>
              <ZonedTime value={row.last_ping_at} viewerTimezone={viewerTimezone} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatSeconds(row.attendance.worked_seconds)}</Text>
            </Table.Td>
            <Table.Td>
              <ActivityBar percent={row.recent_activity_percent} />
            </Table.Td>
            <Table.Td maw={220}>
              {row.active_window ? (
                <Text size="sm" truncate="end" title={row.active_window.title}>
                  {row.active_window.app}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  –
                </Text>
              )}
            </Table.Td>
            {actions && <Table.Td>{actions(row)}</Table.Td>}
          </Table.Tr>
        )}
      </TableRows>
    </ListTable>
  );
}
