import { Anchor, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ActivityBar } from '../../../components/attendance/activity-bar';
import { formatSeconds } from '../../../components/attendance/duration';
import { presenceOf } from '../../../components/attendance/presence';
import { PresenceDot } from '../../../components/attendance/presence-dot';
import { AttendanceStatusBadge } from '../../../components/attendance/status-badge';
import { ListPagination } from '../../../components/lists/list-pagination';
import { PageTitle } from '../../../components/ui/page-title';
import { useAttendance, useLogs, usePings } from '../../../features/attendance/api/detail';
import { useAttendanceLive } from '../../../features/attendance/api/live';
import { BlockStrip } from '../../../features/attendance/components/block-strip';
import { LogsTable, PingsTable } from '../../../features/attendance/components/detail-tables';
import { ActualTimes, LateCell, ScheduledTimes } from '../../../features/attendance/components/shift-times';
import { clientName } from '../../../lib/format/client-name';
import { LoadError, useAttendanceArea, useViewerTimezone } from './shared';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
        {label}
      </Text>
      {children}
    </Card>
  );
}

/** Admin `attendance/:id`: one shift's figures, its 10-minute blocks, its logs and its pings. */
export function AttendanceDetailPage() {
  const { t } = useTranslation('attendance');
  const id = Number(useParams().id);
  const { href } = useAttendanceArea();
  const viewerTz = useViewerTimezone();
  const [logPage, setLogPage] = useState(1);
  const [pingPage, setPingPage] = useState(1);
  const attendance = useAttendance(id);
  const logs = useLogs(id, logPage);
  const pings = usePings(id, pingPage);
  useAttendanceLive();
  const back = (
    <Anchor component={Link} to={href('attendance')} size="sm">
      {t('detail.back')}
    </Anchor>
  );
  if (attendance.isError)
    return (
      <>
        <PageTitle title={t('detail.title')} actions={back} />
        <LoadError error={attendance.error} onRetry={() => void attendance.refetch()} />
      </>
    );
  const a = attendance.data;
  if (!a)
    return (
      <>
        <PageTitle title={t('detail.title')} actions={back} />
        <Loader aria-label={t('common:loading')} />
      </>
    );
  return (
    <Stack gap="lg">
      <PageTitle
        title={t('detail.titleOf', { name: a.va.name, date: a.date })}
        text={t('detail.for', { client: clientName(a.client), contract: a.contract.title })}
        actions={back}
      />
      <Group gap="sm">
        <AttendanceStatusBadge status={a.status} late={a.late_minutes > 0} />
        {a.status === 'ongoing' && <PresenceDot presence={presenceOf(a)} />}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Fact label={t('list.scheduled')}>
          <ScheduledTimes a={a} viewerTimezone={viewerTz} />
        </Fact>
        <Fact label={t('list.actual')}>
          <ActualTimes a={a} viewerTimezone={viewerTz} />
        </Fact>
        <Fact label={t('list.late')}>
          <LateCell minutes={a.late_minutes} />
        </Fact>
        <Fact label={t('list.activity')}>
          <ActivityBar percent={a.activity_percent} />
        </Fact>
        <Fact label={t('detail.worked')}>
          <Text size="sm" data-testid="detail-worked">
            {formatSeconds(a.worked_seconds)} / {formatSeconds(a.scheduled_seconds)}
          </Text>
        </Fact>
        <Fact label={t('detail.active')}>
          <Text size="sm">{formatSeconds(a.active_seconds)}</Text>
        </Fact>
        <Fact label={t('detail.idle')}>
          <Text size="sm">{formatSeconds(a.idle_seconds)}</Text>
        </Fact>
        <Fact label={t('detail.source')}>
          <Text size="sm">{a.source ? t(`source.${a.source}`) : '–'}</Text>
        </Fact>
      </SimpleGrid>
      <section aria-labelledby="blocks-title">
        <Title order={2} size="h4" mb="xs" id="blocks-title">
          {t('detail.blocks')}
        </Title>
        <BlockStrip blocks={a.blocks} viewerTimezone={viewerTz} />
      </section>
      <section aria-labelledby="logs-title">
        <Title order={2} size="h4" mb="xs" id="logs-title">
          {t('detail.logs')}
        </Title>
        {logs.isError && <LoadError error={logs.error} onRetry={() => void logs.refetch()} />}
        <LogsTable
          rows={logs.data?.data ?? []}
          pending={logs.isPending && !logs.isError}
          viewerTimezone={viewerTz}
        />
        <ListPagination meta={logs.data?.meta} onPage={setLogPage} />
      </section>
      <section aria-labelledby="pings-title">
        <Title order={2} size="h4" mb="xs" id="pings-title">
          {t('detail.pings')}
        </Title>
        {pings.isError && <LoadError error={pings.error} onRetry={() => void pings.refetch()} />}
        <PingsTable
          rows={pings.data?.data ?? []}
          pending={pings.isPending && !pings.isError}
          viewerTimezone={viewerTz}
        />
        <ListPagination meta={pings.data?.meta} onPage={setPingPage} />
      </section>
    </Stack>
  );
}
