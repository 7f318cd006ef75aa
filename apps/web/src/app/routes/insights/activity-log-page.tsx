import { Anchor, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ActivityBar } from '../../../components/attendance/activity-bar';
import { formatSeconds } from '../../../components/attendance/duration';
import { AttendanceStatusBadge } from '../../../components/attendance/status-badge';
import { ZonedTime } from '../../../components/attendance/zoned-time';
import { ListPagination } from '../../../components/lists/list-pagination';
import { ListTable, TableRows } from '../../../components/lists/list-table';
import { PageTitle } from '../../../components/ui/page-title';
import { dashboardPath } from '../../../config/paths';
import { AnalysePanel } from '../../../features/ai/components/analyse-panel';
import {
  type AttendanceDetail,
  useAttendance,
  useAttendanceLogs,
  usePings,
} from '../../../features/attendance-insights/api/insights';
import { useInsightsLive } from '../../../features/attendance-insights/api/live';
import { shiftBounds } from '../../../features/attendance-insights/components/insights-math';
import {
  LogTypeBadge,
  logDetailsText,
} from '../../../features/attendance-insights/components/log-type-badge';
import { ErrorState } from '../../../features/attendance-insights/components/page-bits';
import {
  TimeblockGrid,
  TimeblockLegend,
} from '../../../features/attendance-insights/components/timeblock-grid';
import { useUrlParams } from '../../../lib/url-params';
import { useViewerZone } from './viewer';

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" fw={500}>
        {children}
      </Text>
    </div>
  );
}

function ShiftSummary({ a, zone }: { a: AttendanceDetail; zone: string }) {
  const { t } = useTranslation('attendance-insights');
  const at = (v: string | null) => (
    <ZonedTime inline value={v} viewerTimezone={zone} shiftTimezone={a.timezone} withDate />
  );
  return (
    <Card withBorder padding="md">
      <Group gap="sm" mb="sm" wrap="wrap">
        <AttendanceStatusBadge status={a.status} />
        <Text size="sm">
          {a.contract.title} · {a.client.name}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure label={t('shift.scheduled')}>
          {at(a.scheduled_start_at)} – <ZonedTime inline value={a.scheduled_end_at} viewerTimezone={zone} />
        </Figure>
        <Figure label={t('shift.started')}>{at(a.started_at)}</Figure>
        <Figure label={t('shift.ended')}>
          {at(a.ended_at)}
          {a.end_reason && (
            <Text size="xs" c="dimmed">
              {t(`endReasons.${a.end_reason}`)}
            </Text>
          )}
        </Figure>
        <Figure label={t('shift.late')}>
          {a.late_minutes > 0 ? formatSeconds(a.late_minutes * 60) : t('shift.onTime')}
        </Figure>
        <Figure label={t('shift.worked')}>
          {formatSeconds(a.worked_seconds)} / {formatSeconds(a.scheduled_seconds)}
        </Figure>
        <Figure label={t('shift.active')}>{formatSeconds(a.active_seconds)}</Figure>
        <Figure label={t('shift.idle')}>{formatSeconds(a.idle_seconds)}</Figure>
        <Figure label={t('shift.activity')}>
          <ActivityBar percent={a.activity_percent} />
        </Figure>
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="sm">
        {t('shift.zoneNote', { date: a.date, zone: a.timezone })}
        {a.source && ` · ${t('shift.source', { source: t(`sources.${a.source}`) })}`}
      </Text>
    </Card>
  );
}

function LogTimeline({ id, zone }: { id: number; zone: string }) {
  const { t } = useTranslation('attendance-insights');
  const logs = useAttendanceLogs(id);
  if (logs.isError) return <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />;
  if (logs.isPending) return <Loader aria-label={t('common:loading')} />;
  // The endpoint answers newest first; a timeline reads from the start of the shift.
  const entries = [...logs.data.data].reverse();
  if (!entries.length)
    return (
      <Text c="dimmed" size="sm" data-testid="empty-state">
        {t('detail.noLogs')}
      </Text>
    );
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="log-timeline">
      {entries.map((log) => (
        <Timeline.Item
          key={log.id}
          title={
            <Group gap="xs" wrap="wrap">
              <LogTypeBadge type={log.type} />
              <ZonedTime inline value={log.at} viewerTimezone={zone} withDate />
            </Group>
          }
        >
          <Text size="xs" c="dimmed">
            {log.actor ? t('detail.by', { name: log.actor.name }) : t('logs.system')}
            {Object.keys(log.details).length > 0 && ` · ${logDetailsText(log.details)}`}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function PingsTable({ id, zone }: { id: number; zone: string }) {
  const { t } = useTranslation('attendance-insights');
  const filters = useUrlParams();
  const pings = usePings(id, filters.page);
  const headers = ['at', 'keyboard', 'mouse', 'idle', 'window', 'source'].map((k) => t(`pings.columns.${k}`));
  if (pings.isError) return <ErrorState error={pings.error} onRetry={() => void pings.refetch()} />;
  return (
    <>
      <ListTable minWidth={720} caption={t('pings.caption')} headers={headers} busy={pings.isPlaceholderData}>
        <TableRows
          columns={headers.length}
          pending={pings.isPending}
          rows={pings.data?.data ?? []}
          empty={t('pings.empty')}
          skeletonRows={4}
        >
          {(p) => (
            <Table.Tr key={p.id} data-testid="ping-row">
              <Table.Td>
                <ZonedTime inline value={p.at} viewerTimezone={zone} />
              </Table.Td>
              <Table.Td>{p.keyboard}</Table.Td>
              <Table.Td>{p.mouse}</Table.Td>
              {/* Seconds: a ping covers a minute at most, so minutes would read 0 most of the time. */}
              <Table.Td>{p.idle_seconds} s</Table.Td>
              <Table.Td maw={260}>
                <Text size="xs" lineClamp={1}>
                  {p.active_window ? `${p.active_window.app} — ${p.active_window.title}` : '–'}
                </Text>
              </Table.Td>
              <Table.Td>{t(`sources.${p.source}`)}</Table.Td>
            </Table.Tr>
          )}
        </TableRows>
      </ListTable>
      <ListPagination meta={pings.data?.meta} onPage={(p) => filters.update({ page: p })} />
    </>
  );
}

/**
 * Admin `reports/activity-logs/:id`, where `:id` is an attendance: that shift's timeline (its logs in order),
 * its 10-minute activity and its pings (the issue's "a timeline of one attendance's logs and pings").
 */
export function ActivityLogPage() {
  const { t } = useTranslation('attendance-insights');
  const { zone } = useViewerZone();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const attendance = useAttendance(id, valid);
  useInsightsLive();
  const back = (
    <Anchor component={Link} to={dashboardPath('admin', 'reports/activity-logs')} size="sm">
      {t('detail.back')}
    </Anchor>
  );
  if (!valid || attendance.isError)
    return (
      <>
        <PageTitle title={t('detail.titleUnknown')} actions={back} />
        {valid ? (
          <ErrorState error={attendance.error} onRetry={() => void attendance.refetch()} />
        ) : (
          <Text c="dimmed">{t('detail.notFound')}</Text>
        )}
      </>
    );
  if (attendance.isPending)
    return (
      <>
        <PageTitle title={t('detail.titleUnknown')} actions={back} />
        <Loader aria-label={t('common:loading')} />
      </>
    );
  const a = attendance.data;
  const { from, to } = shiftBounds([
    a.scheduled_start_at,
    a.scheduled_end_at,
    a.started_at,
    a.ended_at,
    a.last_ping_at,
  ]);
  return (
    <>
      <PageTitle
        title={t('detail.title', { name: a.va.name, date: a.date })}
        text={
          <Anchor component={Link} to={dashboardPath('admin', `users/${a.va.id}`)} size="sm">
            {t('detail.profile', { name: a.va.name })}
          </Anchor>
        }
        actions={back}
      />
      <Stack gap="lg">
        <ShiftSummary a={a} zone={zone} />
        <section aria-labelledby="shift-activity">
          <Title order={2} size="h4" mb="xs" id="shift-activity">
            {t('detail.activity')}
          </Title>
          <Stack gap="xs">
            <TimeblockLegend />
            <TimeblockGrid
              from={from}
              to={to}
              timeZone={zone}
              blocks={a.blocks}
              scheduled={
                a.status === 'on_leave' ? [] : [{ start: a.scheduled_start_at, end: a.scheduled_end_at }]
              }
              label={t('timeblocks.gridLabel', { name: a.va.name, date: a.date })}
            />
          </Stack>
        </section>
        <section aria-labelledby="shift-logs">
          <Title order={2} size="h4" mb="xs" id="shift-logs">
            {t('detail.logs')}
          </Title>
          <LogTimeline id={id} zone={zone} />
        </section>
        <section aria-labelledby="shift-pings">
          <Title order={2} size="h4" mb="xs" id="shift-pings">
            {t('detail.pings')}
          </Title>
          <PingsTable id={id} zone={zone} />
        </section>
        <section>
          <AnalysePanel attendanceId={id} area="admin" />
        </section>
      </Stack>
    </>
  );
}
