import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { AttendanceListItem } from '@vahub/shared/attendance/schemas';
import { useTranslation } from 'react-i18next';
import { DANGER_TEXT, WARN_TEXT } from '../../../components/attendance/colors';
import { formatSeconds } from '../../../components/attendance/duration';
import { AttendanceStatusBadge } from '../../../components/attendance/status-badge';
import { ListTable } from '../../../components/lists/list-table';
import { weeklyTotals } from '../api/weeks';
import { ActualTimes, LateCell, ScheduledTimes, ShiftContract } from './shift-times';

/** A VA's shifts week by week (Monday first), each week with its totals above its shifts. */
export function VaWeeks({
  shifts,
  viewerTimezone,
  kind,
}: {
  shifts: AttendanceListItem[];
  viewerTimezone: string;
  kind: 'upcoming' | 'passed';
}) {
  const { t } = useTranslation('attendance');
  const weeks = weeklyTotals(shifts);
  return (
    <Stack gap="lg">
      {weeks.map((w) => (
        <Card key={w.weekStart} withBorder radius="md" padding="sm" data-testid="va-week">
          <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
            <Title order={3} size="h5">
              {t('va.weekOf', { date: w.weekStart })}
            </Title>
            <Group gap="md" wrap="wrap">
              <Text size="sm" data-testid="week-scheduled">
                {t('va.scheduledTotal', { time: formatSeconds(w.scheduledSeconds) })}
              </Text>
              {kind === 'passed' && (
                <>
                  <Text size="sm" fw={600} data-testid="week-worked">
                    {t('va.workedTotal', { time: formatSeconds(w.workedSeconds) })}
                  </Text>
                  <Text
                    size="sm"
                    c={w.late ? undefined : 'dimmed'}
                    style={w.late ? { color: WARN_TEXT } : undefined}
                  >
                    {t('va.lateTotal', { count: w.late, minutes: w.lateMinutes })}
                  </Text>
                  <Text
                    size="sm"
                    c={w.absent ? undefined : 'dimmed'}
                    style={w.absent ? { color: DANGER_TEXT } : undefined}
                  >
                    {t('va.absentTotal', { count: w.absent })}
                  </Text>
                </>
              )}
            </Group>
          </Group>
          <ListTable
            minWidth={720}
            caption={t('va.weekCaption', { date: w.weekStart })}
            headers={[
              t('list.date'),
              t('list.client'),
              t('list.status'),
              t('list.scheduled'),
              ...(kind === 'passed' ? [t('list.actual'), t('list.late'), t('list.worked')] : []),
            ]}
          >
            {w.shifts.map((a) => (
              <Table.Tr key={a.id} data-testid="va-shift">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{a.date}</Text>
                </Table.Td>
                <Table.Td>
                  <ShiftContract a={a} />
                </Table.Td>
                <Table.Td>
                  <AttendanceStatusBadge status={a.status} late={a.late_minutes > 0} />
                </Table.Td>
                <Table.Td>
                  <ScheduledTimes a={a} viewerTimezone={viewerTimezone} />
                </Table.Td>
                {kind === 'passed' && (
                  <>
                    <Table.Td>
                      <ActualTimes a={a} viewerTimezone={viewerTimezone} />
                    </Table.Td>
                    <Table.Td>
                      <LateCell minutes={a.late_minutes} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatSeconds(a.worked_seconds)}</Text>
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </ListTable>
        </Card>
      ))}
    </Stack>
  );
}
