import { Alert, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconSnowflake } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clientName } from '../../../lib/format/client-name';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import type { TimesheetDetail } from '../api/queries';
import { ClientStatusBadge, StatusBadge } from './badges';
import { decimalHours, duration, percent, signedDuration } from './format';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={600}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </div>
  );
}

/** Whether the attendance now says something else than the figures frozen at approval (data came late). */
export const trackedDiffers = (d: TimesheetDetail): boolean =>
  d.frozen &&
  (d.tracked.worked_minutes !== d.worked_minutes ||
    d.tracked.active_minutes !== d.active_minutes ||
    d.tracked.idle_minutes !== d.idle_minutes);

/**
 * A timesheet's figures (with decimal hours), who and what it is for, the attendance's times in the
 * viewer's zone, the decision and its approver, the client's sign-off; a frozen one says so in a line and
 * shows the tracked figures beside the frozen ones when they differ.
 */
export function DetailView({ detail }: { detail: TimesheetDetail }) {
  const { t } = useTranslation('timesheets');
  const fmt = useTimeFormatter();
  // Every instant in the viewer's profile zone (named beside the attendance's times).
  const zone = fmt.zone;
  const time = (at: string | null) => (at ? fmt.time(at, zone) : '–');
  const h = (m: number) => t('detail.decimal', { hours: decimalHours(m) });
  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" mb="md">
          <div>
            <Title order={2} size="h4">
              {detail.va.name} · {detail.date}
            </Title>
            <Text size="sm" c="dimmed">
              {clientName(detail.client)} · {detail.contract.title}
            </Text>
            <Text size="sm" c="dimmed">
              {t('detail.times', { start: time(detail.started_at), end: time(detail.ended_at), zone })}
            </Text>
          </div>
          <Group gap="xs">
            <StatusBadge status={detail.status} />
            <ClientStatusBadge status={detail.client_status} />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
          <Figure label={t('columns.scheduled')} value={duration(detail.scheduled_minutes)} />
          <Figure
            label={t('columns.worked')}
            value={duration(detail.worked_minutes)}
            hint={h(detail.worked_minutes)}
          />
          <Figure label={t('detail.active')} value={duration(detail.active_minutes)} />
          <Figure label={t('detail.idle')} value={duration(detail.idle_minutes)} />
          <Figure label={t('columns.activity')} value={percent(detail.activity_percent)} />
          <Figure label={t('columns.overtime')} value={duration(detail.overtime_minutes)} />
          <Figure label={t('columns.adjustment')} value={signedDuration(detail.adjustment_minutes)} />
          <Figure
            label={t('columns.billable')}
            value={duration(detail.billable_minutes)}
            hint={h(detail.billable_minutes)}
          />
        </SimpleGrid>
        {detail.note && (
          <Text size="sm" mt="md">
            <Text span fw={600}>
              {t('detail.note')}:
            </Text>{' '}
            {detail.note}
          </Text>
        )}
        {detail.approver && detail.approved_at && (
          <Text size="sm" c="dimmed" mt="xs">
            {t(detail.status === 'rejected' ? 'detail.rejectedBy' : 'detail.approvedBy', {
              name: detail.approver.name,
              at: fmt.dateTime(detail.approved_at, zone),
            })}
          </Text>
        )}
      </Card>
      {detail.frozen && (
        <Alert color="blue" variant="light" icon={<IconSnowflake aria-hidden />} data-testid="frozen">
          <Text size="sm">{t('detail.frozen')}</Text>
          {trackedDiffers(detail) && (
            <Text size="sm" mt={4} data-testid="tracked-differs">
              {t('detail.trackedNow', {
                worked: duration(detail.tracked.worked_minutes),
                active: duration(detail.tracked.active_minutes),
                idle: duration(detail.tracked.idle_minutes),
              })}
            </Text>
          )}
        </Alert>
      )}
      {detail.sign_off && (
        <Card withBorder padding="lg">
          <Title order={2} size="h5" mb="xs">
            {t('detail.signOff')}
          </Title>
          <Text size="sm">
            {t(`detail.decision.${detail.sign_off.decision}`, {
              at: fmt.dateTime(detail.sign_off.decided_at, zone),
            })}
          </Text>
          {detail.sign_off.comment && (
            <Text size="sm" mt={4}>
              {t('detail.comment', { comment: detail.sign_off.comment })}
            </Text>
          )}
          {detail.sign_off.va_reply && (
            <Text size="sm" mt={4}>
              {t('detail.reply', { reply: detail.sign_off.va_reply })}
            </Text>
          )}
        </Card>
      )}
    </Stack>
  );
}
