import { Button, Card, Group, Modal, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { type PeriodArea, useBatch, useBatches, useCreateBatch } from '../api/ai';
import { type PeriodChoice, periodBody } from './report-composer';
import { ResultCard, StatusBadge } from './result-card';

/** Summary batches: a list with progress bars, a new one for the chosen period, each VA's summaries. */
export function BatchesCard({ area: role, period }: { area: PeriodArea; period: PeriodChoice }) {
  const { t } = useTranslation('ai');
  const batches = useBatches(role);
  const create = useCreateBatch(role);
  const [open, setOpen] = useState<number | null>(null);
  const detail = useBatch(role, open);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('batches.title')}
          </Title>
          <Button
            variant="light"
            loading={create.isPending}
            onClick={() => create.mutate(periodBody(period))}
          >
            {t('batches.create')}
          </Button>
        </Group>
        {create.error && (
          <Text c="red" size="sm">
            {create.error.message}
          </Text>
        )}
        {batches.isSuccess && (batches.data?.data ?? []).length === 0 ? (
          <EmptyState>{t('batches.none')}</EmptyState>
        ) : (
          <Table data-testid="ai-batches">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('batches.period')}</Table.Th>
                <Table.Th>{t('batches.status')}</Table.Th>
                <Table.Th>{t('batches.progress')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(batches.data?.data ?? []).map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    {b.start_date} – {b.end_date} {b.nightly ? `(${t('batches.nightly')})` : ''}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={b.status} />
                  </Table.Td>
                  <Table.Td miw={180}>
                    <Progress.Root
                      size="lg"
                      aria-label={t('batches.progressOf', { done: b.done, failed: b.failed, total: b.total })}
                    >
                      <Progress.Section value={b.total ? (100 * b.done) / b.total : 100} color="green" />
                      <Progress.Section value={b.total ? (100 * b.failed) / b.total : 0} color="red" />
                    </Progress.Root>
                    <Text size="xs" c="dimmed">
                      {t('batches.progressOf', { done: b.done, failed: b.failed, total: b.total })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" onClick={() => setOpen(b.id)}>
                      {t('batches.open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={t('batches.detail')} size="xl">
        <Stack>
          {(detail.data?.vas ?? []).map((va) => (
            <Stack key={va.va_id} gap="xs">
              <Title order={3} size="h5">
                {va.name}
              </Title>
              {va.results.map((r) => (
                <ResultCard key={r.id} result={r} area={role} />
              ))}
            </Stack>
          ))}
        </Stack>
      </Modal>
    </Card>
  );
}
