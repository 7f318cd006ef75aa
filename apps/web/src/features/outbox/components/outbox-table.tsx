import { Badge, Button, Table, Text } from '@mantine/core';
import type { OutboxMail } from '@vahub/shared/organization/schemas';
import { useTranslation } from 'react-i18next';

export function OutboxTable({ mails, onOpen }: { mails: OutboxMail[]; onOpen: (mail: OutboxMail) => void }) {
  const { t, i18n } = useTranslation();
  if (mails.length === 0) return <Text c="dimmed">{t('outbox.empty')}</Text>;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('outbox.subject')}</Table.Th>
            <Table.Th>{t('outbox.to')}</Table.Th>
            <Table.Th>{t('outbox.date')}</Table.Th>
            <Table.Th>{t('outbox.status')}</Table.Th>
            <Table.Th>
              <span className="visually-hidden">{t('outbox.open')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => (
            <Table.Tr key={mail.id} data-testid="outbox-row">
              <Table.Td>{mail.subject}</Table.Td>
              <Table.Td>{mail.to}</Table.Td>
              <Table.Td>{format.format(new Date(mail.created_at))}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={mail.status === 'failed' ? 'danger' : 'gray'}>
                  {mail.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="light" onClick={() => onOpen(mail)}>
                  {t('outbox.open')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
