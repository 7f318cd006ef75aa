import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { BackupOverview, BackupRun } from '@vahub/shared/system/backups';
import { useTranslation } from 'react-i18next';
import { useTimeFormatter } from '../../../lib/format/use-time-format';

const COLORS: Record<BackupRun['status'], string> = {
  running: 'info',
  succeeded: 'success',
  failed: 'danger',
};

/** Bytes as the largest unit that keeps a number of at least 1 (one decimal past bytes). */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** The super admin's "Backups" card: the schedule, then each recent run's time, status, file and size or error. */
export function BackupsCard({ overview }: { overview: BackupOverview }) {
  const { t } = useTranslation();
  const clock = useTimeFormatter();
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('backups.cardTitle')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="backups-schedule">
          {overview.schedule
            ? t('backups.schedule', { cron: overview.schedule, keep: overview.keep })
            : t('backups.off')}
        </Text>
        {overview.runs.length === 0 ? (
          <Text c="dimmed">{t('backups.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('backups.started')}</Table.Th>
                  <Table.Th>{t('common:status')}</Table.Th>
                  <Table.Th>{t('backups.file')}</Table.Th>
                  <Table.Th>{t('backups.size')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {overview.runs.map((run) => (
                  <Table.Tr key={run.id} data-testid="backup-run">
                    <Table.Td>{clock.dateTime(run.started_at)}</Table.Td>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <Badge variant="light" color={COLORS[run.status]}>
                          {t(`backups.statuses.${run.status}`)}
                        </Badge>
                        {run.error && (
                          <Text size="xs" c="danger" lineClamp={2} title={run.error}>
                            {run.error}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>{run.file_name ?? '—'}</Table.Td>
                    <Table.Td>{run.size_bytes === null ? '—' : formatSize(run.size_bytes)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
