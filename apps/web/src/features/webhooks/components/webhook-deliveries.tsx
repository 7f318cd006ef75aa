import { Badge, Button, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import type { Delivery, DeliveryStatus } from '@vahub/shared/webhooks/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../../lib/form-errors';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { notify } from '../../../lib/notify';
import { useDeliveries, useRedeliver } from '../api/webhooks';

const STATUS_COLOR: Record<DeliveryStatus, string> = {
  pending: 'gray',
  retrying: 'orange',
  succeeded: 'green',
  failed: 'red',
};

/** An endpoint's delivery log: event, status, response code, duration, attempt, next retry; redeliver. */
export function WebhookDeliveries({ webhookId, enabled }: { webhookId: number; enabled: boolean }) {
  const { t } = useTranslation('webhooks');
  const fmt = useTimeFormatter();
  const [page, setPage] = useState(1);
  const log = useDeliveries(webhookId, page);
  const redeliver = useRedeliver();
  const rows: Delivery[] = log.data?.data ?? [];
  const again = async (id: number) => {
    try {
      await redeliver.mutateAsync(id);
      notify('green', t('log.redelivered'));
    } catch (err) {
      notify('warning', problemMessage(t, err));
    }
  };
  if (log.isLoading) return <Text size="sm">{t('log.loading')}</Text>;
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed" data-testid="deliveries-empty">
        {t('log.empty')}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={720}>
        <Table striped aria-label={t('log.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('log.event')}</Table.Th>
              <Table.Th>{t('log.status')}</Table.Th>
              <Table.Th>{t('log.code')}</Table.Th>
              <Table.Th>{t('log.duration')}</Table.Th>
              <Table.Th>{t('log.attempt')}</Table.Th>
              <Table.Th>{t('log.nextRetry')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Text size="sm">{d.event}</Text>
                  <Text size="xs" c="dimmed">
                    {fmt.dateTime(d.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[d.status]} variant="light">
                    {t(`status.${d.status}`)}
                  </Badge>
                  {d.error && (
                    <Text size="xs" c="dimmed">
                      {d.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{d.response_code ?? '—'}</Table.Td>
                <Table.Td>{d.duration_ms === null ? '—' : t('log.ms', { ms: d.duration_ms })}</Table.Td>
                <Table.Td>{d.attempt}</Table.Td>
                <Table.Td>{d.next_retry_at ? fmt.dateTime(d.next_retry_at) : '—'}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="light"
                    disabled={!enabled}
                    loading={redeliver.isPending && redeliver.variables === d.id}
                    onClick={() => void again(d.id)}
                    aria-label={t('log.redeliverOf', { event: d.event, id: d.id })}
                  >
                    {t('log.redeliver')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(log.data?.meta.last_page ?? 1) > 1 && (
        <Group justify="flex-end">
          <Pagination size="sm" total={log.data?.meta.last_page ?? 1} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
