import { Button, Stack, Table, Text } from '@mantine/core';
import type { OutboxMail } from '@vahub/shared/organization/schemas';
import { useTranslation } from 'react-i18next';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import { OutboxStatus } from './outbox-status';

export function OutboxTable({ mails, onOpen }: { mails: OutboxMail[]; onOpen: (mail: OutboxMail) => void }) {
  const { t } = useTranslation();
  const clock = useTimeFormatter();
  if (mails.length === 0) return <Text c="dimmed">{t('outbox.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('outbox.subject')}</Table.Th>
            <Table.Th>{t('outbox.to')}</Table.Th>
            <Table.Th>{t('common:date')}</Table.Th>
            <Table.Th>{t('common:status')}</Table.Th>
            <Table.Th>{t('outbox.attempts')}</Table.Th>
            <Table.Th>
              <span className="visually-hidden">{t('common:open')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => (
            <Table.Tr key={mail.id} data-testid="outbox-row">
              <Table.Td>{mail.subject}</Table.Td>
              <Table.Td>{mail.to}</Table.Td>
              <Table.Td>{clock.dateTime(mail.created_at)}</Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <OutboxStatus status={mail.status} />
                  {/* The last refusal: final on a failed mail, the reason for the next attempt on a queued one. */}
                  {mail.error && mail.status !== 'sent' && (
                    <Text size="xs" c="danger" lineClamp={2} title={mail.error} data-testid="outbox-error">
                      {mail.error}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>{mail.attempts}</Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="light" onClick={() => onOpen(mail)}>
                  {t('common:open')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
